#!/usr/bin/env bash
# Stop the Keystone that keystone-up.sh started in WORK_DIR, by the PID in WORK_DIR/keystone.pid:
# a quick gunicorn shutdown, then a kill if it is still there after 10 s. Usage: keystone-down.sh WORK_DIR
set -euo pipefail
PID_FILE=${1:?usage: keystone-down.sh WORK_DIR}/keystone.pid
[ -f "$PID_FILE" ] || { echo "no $PID_FILE: nothing to stop" >&2; exit 0; }
PID=$(cat "$PID_FILE")
if kill -INT "$PID" 2>/dev/null; then
    for _ in $(seq 100); do
        kill -0 "$PID" 2>/dev/null || break
        sleep 0.1
    done
    kill -KILL "$PID" 2>/dev/null || true
fi
rm -f "$PID_FILE"
