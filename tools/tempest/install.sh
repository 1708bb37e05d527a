#!/usr/bin/env bash
# Install tempest and heat-tempest-plugin (OpenStack Heat's own API and functional suite) into a
# virtualenv of their own, outside heat's, so the two dependency sets never clash. Cached: a
# second run returns at once. Safe to run concurrently (a lock file serialises installers).
# Prints the virtualenv path on stdout; `tempest` is in its bin/.
#
# Environment:
#   HEAT_TEMPEST_VENV     the virtualenv (default $HOME/.cache/heat-tempest/venv-<plugin version>)
#   HEAT_TEMPEST_PYTHON   interpreter that creates it (default python3)
set -euo pipefail

PLUGIN_VERSION=3.0.0
TEMPEST_VERSION=47.0.0
VENV=${HEAT_TEMPEST_VENV:-$HOME/.cache/heat-tempest/venv-$PLUGIN_VERSION}
PYTHON=${HEAT_TEMPEST_PYTHON:-python3}
MARKER="$VENV/.heat-tempest-installed"
source "$(dirname "$0")/../cached-venv.sh"

cached_venv_begin "$VENV" "$MARKER" "$PYTHON" \
    "tempest==$TEMPEST_VERSION heat-tempest-plugin==$PLUGIN_VERSION"
"$VENV/bin/python" -m pip install --quiet --disable-pip-version-check \
    "tempest==$TEMPEST_VERSION" "heat-tempest-plugin==$PLUGIN_VERSION" >&2
"$VENV/bin/python" -c "import tempest, heat_tempest_plugin" >&2
[ -x "$VENV/bin/tempest" ]
cached_venv_done "$VENV" "$MARKER"
