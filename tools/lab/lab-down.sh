#!/usr/bin/env bash
# Stop the lab that lab-up.sh started in WORK_DIR (TERM, then KILL after 10 s); with --purge
# also drop its databases and RabbitMQ vhost. Usage: lab-down.sh WORK_DIR [--purge]
set -euo pipefail
[ $# -ge 1 ] || { echo "usage: lab-down.sh WORK_DIR [--purge]" >&2; exit 2; }
exec python3 "$(dirname "$0")/lab_down.py" "$@"
