#!/usr/bin/env bash
# Create .venv (if missing) and install heat into it; with --test also the test requirements.
set -euo pipefail
cd "$(dirname "$0")/.."
python=${PYTHON:-python3}
if [ ! -x .venv/bin/python ]; then
    "$python" -m venv .venv
    .venv/bin/pip install -q --upgrade pip
fi
requirements=(-r requirements.txt)
if [ "${1:-}" = "--test" ]; then
    requirements+=(-r test-requirements.txt)
fi
.venv/bin/pip install -q "${requirements[@]}" -e .
