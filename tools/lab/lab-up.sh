#!/usr/bin/env bash
# Install the lab's services when needed (cached), then start a local OpenStack cloud in
# WORK_DIR. Usage: lab-up.sh WORK_DIR [--base-port N] [--name NAME] [--heat-url URL]
# [--heat-cfn-url URL]. Prints the path of WORK_DIR/lab.json; stop it with lab-down.sh.
set -euo pipefail
HERE=$(cd "$(dirname "$0")" && pwd)
VENV=$("$HERE/install.sh")
exec "$VENV/bin/python" "$HERE/lab_up.py" "$@"
