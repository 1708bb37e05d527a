#!/usr/bin/env bash
# Install Horizon 27.0.0 and heat-dashboard 16.0.0 (OpenStack 2026.2, heat-dashboard's "Launch
# Stack" and topology) into a virtualenv of their own, outside heat's, so the two dependency
# sets never clash; then enable heat-dashboard as its docs say and compress Horizon's static
# files offline, so that no page compiles SCSS while a test waits. Cached: a second run returns
# at once. Safe to run concurrently (a lock file serialises installers). Prints the
# virtualenv path on stdout. tools/horizon/serve.sh runs the dashboard from it.
#
# Environment:
#   HEAT_HORIZON_VENV     the virtualenv (default $HOME/.cache/heat-horizon/venv-<horizon version>)
#   HEAT_HORIZON_PYTHON   interpreter that creates it (default python3)
set -euo pipefail

HORIZON_VERSION=27.0.0
HEAT_DASHBOARD_VERSION=16.0.0
# The Django LTS both releases support (they require >= 4.2).
DJANGO_VERSION=4.2.30
HERE=$(cd "$(dirname "$0")" && pwd)
VENV=${HEAT_HORIZON_VENV:-$HOME/.cache/heat-horizon/venv-$HORIZON_VERSION}
PYTHON=${HEAT_HORIZON_PYTHON:-python3}
MARKER="$VENV/.heat-horizon-installed"
source "$HERE/../cached-venv.sh"

cached_venv_begin "$VENV" "$MARKER" "$PYTHON" \
    "horizon==$HORIZON_VERSION heat-dashboard==$HEAT_DASHBOARD_VERSION"
"$VENV/bin/python" -m pip install --quiet --disable-pip-version-check \
    "horizon==$HORIZON_VERSION" "heat-dashboard==$HEAT_DASHBOARD_VERSION" \
    "Django==$DJANGO_VERSION" >&2

package_dir() { "$VENV/bin/python" -c "import os, $1; print(os.path.dirname($1.__file__))"; }
DASHBOARD=$(package_dir openstack_dashboard)
HEAT_DASHBOARD=$(package_dir heat_dashboard)
# heat-dashboard's installation guide: its panels, its settings snippet, its policy files.
cp "$HEAT_DASHBOARD"/enabled/_16*.py "$DASHBOARD/local/enabled/"
cp "$HEAT_DASHBOARD"/local_settings.d/_1699_orchestration_settings.py \
    "$DASHBOARD/local/local_settings.d/"
cp "$HEAT_DASHBOARD/conf/heat_policy.yaml" "$DASHBOARD/conf/"
cp "$HEAT_DASHBOARD/conf/default_policies/heat.yaml" "$DASHBOARD/conf/default_policies/"
cp "$HERE/local_settings.py" "$DASHBOARD/local/local_settings.py"

export DJANGO_SETTINGS_MODULE=openstack_dashboard.settings
"$VENV/bin/django-admin" collectstatic --noinput --verbosity 0 >&2
"$VENV/bin/django-admin" compress --force --verbosity 0 >&2
cached_venv_done "$VENV" "$MARKER"
