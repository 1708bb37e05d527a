#!/usr/bin/env bash
# The whole test suite on a fresh machine: venv, dependencies, local services, then pytest.
set -euo pipefail
cd "$(dirname "$0")/.."
tools/bootstrap.sh --test
tools/ensure-services.sh
# loadgroup: the tests of one xdist_group run on one worker, one after the other.
# --durations: the slowest tests, so that a slow CI run says where its time went.
exec .venv/bin/pytest -n auto --dist loadgroup --durations=30 "$@"
