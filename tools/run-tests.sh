#!/usr/bin/env bash
# The whole test suite on a fresh machine: venv, dependencies, local services, then pytest.
set -euo pipefail
cd "$(dirname "$0")/.."
tools/bootstrap.sh --test
tools/ensure-services.sh
exec .venv/bin/pytest -n auto "$@"
