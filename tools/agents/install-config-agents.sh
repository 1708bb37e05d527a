#!/usr/bin/env bash
# Install the in-server software configuration agents into a virtualenv of their own:
# os-collect-config, os-refresh-config and os-apply-config from PyPI, and heat-agents'
# heat-config elements (55-heat-config, heat-config-notify, the script hook), which its
# sdist carries but does not install, copied to <venv>/share/heat-agents/.
# Cached: a second run returns at once. Safe to run concurrently (a lock file serialises
# installers). Prints the virtualenv path on stdout.
#
# Environment:
#   HEAT_CONFIG_AGENTS_VENV  the virtualenv (default $HOME/.cache/heat-agents/config-<versions>)
#   HEAT_AGENTS_PYTHON       interpreter that creates it (default python3)
set -euo pipefail

OCC_VERSION=14.1.0
HEAT_AGENTS_VERSION=13.0.0
VENV=${HEAT_CONFIG_AGENTS_VENV:-$HOME/.cache/heat-agents/config-$OCC_VERSION-$HEAT_AGENTS_VERSION}
PYTHON=${HEAT_AGENTS_PYTHON:-python3}
MARKER="$VENV/.heat-config-agents-installed"
source "$(dirname "$0")/../cached-venv.sh"

cached_venv_begin "$VENV" "$MARKER" "$PYTHON" \
    "os-collect-config $OCC_VERSION and heat-agents $HEAT_AGENTS_VERSION"
PIP=("$VENV/bin/python" -m pip --quiet --disable-pip-version-check)
"${PIP[@]}" install "os-collect-config==$OCC_VERSION" "os-refresh-config==$OCC_VERSION" \
    "os-apply-config==$OCC_VERSION" python-heatclient python-keystoneclient requests PyYAML >&2

SDIST=$(mktemp -d)
trap 'rm -rf "$SDIST"' EXIT
"${PIP[@]}" download --no-deps --no-binary :all: -d "$SDIST" "heat-agents==$HEAT_AGENTS_VERSION" >&2
tar xzf "$SDIST"/heat_agents-*.tar.gz -C "$SDIST"
SOURCE=$(echo "$SDIST"/heat_agents-*/)
SHARE="$VENV/share/heat-agents"
mkdir -p "$SHARE/hooks" "$SHARE/templates/var/run/heat-config"
install -m 0755 "$SOURCE/heat-config/os-refresh-config/configure.d/55-heat-config" "$SHARE/55-heat-config"
install -m 0755 "$SOURCE/heat-config/bin/heat-config-notify" "$SHARE/heat-config-notify"
install -m 0755 "$SOURCE/heat-config-script/install.d/hook-script.py" "$SHARE/hooks/script"
install -m 0644 "$SOURCE/heat-config/os-apply-config/var/run/heat-config/heat-config" \
    "$SHARE/templates/var/run/heat-config/heat-config"
# The scripts name "python3" (or "python") on their first line: make it the venv's.
for script in "$SHARE/55-heat-config" "$SHARE/heat-config-notify" "$SHARE/hooks/script"; do
    sed -i "1s|^#!.*python.*$|#!$VENV/bin/python|" "$script"
done
"$VENV/bin/os-collect-config" --help >/dev/null
cached_venv_done "$VENV" "$MARKER"
