#!/usr/bin/env bash
# Install the in-server agents (heat-cfntools: cfn-signal, cfn-push-stats, cfn-hup...) into a
# virtualenv of their own, outside heat's, so their dependencies never clash with ours.
# Cached: a second run returns at once. Safe to run concurrently (a lock file serialises
# installers). Prints the virtualenv path on stdout; the tools are in its bin/.
#
# Environment:
#   HEAT_AGENTS_VENV     the virtualenv (default $HOME/.cache/heat-agents/venv-<cfntools version>)
#   HEAT_AGENTS_PYTHON   interpreter that creates it (default python3)
set -euo pipefail

CFNTOOLS_VERSION=2.0.0
VENV=${HEAT_AGENTS_VENV:-$HOME/.cache/heat-agents/venv-$CFNTOOLS_VERSION}
PYTHON=${HEAT_AGENTS_PYTHON:-python3}
MARKER="$VENV/.heat-agents-installed"
source "$(dirname "$0")/../cached-venv.sh"

cached_venv_begin "$VENV" "$MARKER" "$PYTHON" "heat-cfntools==$CFNTOOLS_VERSION"
"$VENV/bin/python" -m pip install --quiet --disable-pip-version-check \
    "heat-cfntools==$CFNTOOLS_VERSION" >&2
"$VENV/bin/python" -c "import heat_cfntools" >&2
[ -x "$VENV/bin/cfn-signal" ]
cached_venv_done "$VENV" "$MARKER"
