#!/usr/bin/env bash
# Install Keystone 30 and gunicorn into a virtualenv of their own, outside heat's, so the two
# dependency sets never clash. Cached: a second run returns at once. Safe to run concurrently
# (a lock file serialises installers). Prints the virtualenv path on stdout.
#
# Environment:
#   HEAT_KEYSTONE_VENV     the virtualenv (default $HOME/.cache/heat-keystone/venv-30.0.0)
#   HEAT_KEYSTONE_PYTHON   interpreter that creates it (default python3)
#   HEAT_KEYSTONE_EXTRAS   more packages, e.g. "pymysql" for a MariaDB database
set -euo pipefail

KEYSTONE_VERSION=30.0.0
VENV=${HEAT_KEYSTONE_VENV:-$HOME/.cache/heat-keystone/venv-$KEYSTONE_VERSION}
PYTHON=${HEAT_KEYSTONE_PYTHON:-python3}
EXTRAS=${HEAT_KEYSTONE_EXTRAS:-}
MARKER="$VENV/.heat-keystone-installed"

mkdir -p "$(dirname "$VENV")"
exec 9>"$VENV.lock"
flock 9

installed_extras() { [ -z "$EXTRAS" ] || "$VENV/bin/python" -m pip show $EXTRAS >/dev/null 2>&1; }

if [ -f "$MARKER" ] && installed_extras; then
    echo "$VENV"
    exit 0
fi

echo "installing keystone==$KEYSTONE_VERSION into $VENV" >&2
# A half-built venv from an interrupted run is not worth repairing.
[ -f "$MARKER" ] || rm -rf "$VENV"
[ -d "$VENV" ] || "$PYTHON" -m venv "$VENV"
"$VENV/bin/python" -m pip install --quiet --disable-pip-version-check \
    "keystone==$KEYSTONE_VERSION" gunicorn $EXTRAS >&2
"$VENV/bin/python" -c "import keystone, keystoneclient, gunicorn" >&2
touch "$MARKER"
echo "$VENV"
