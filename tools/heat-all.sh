#!/usr/bin/env bash
# The embedded default: install heat into .venv and run heat-all (SQLite, in-process messaging, noauth).
set -euo pipefail
cd "$(dirname "$0")/.."
tools/bootstrap.sh
exec .venv/bin/heat-all "$@"
