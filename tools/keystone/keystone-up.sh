#!/usr/bin/env bash
# Start a development Keystone: install it when needed (cached), then configure, serve and
# provision it in a work directory. Usage: keystone-up.sh WORK_DIR PORT [--database URL]
# [--orchestration-url URL] [--cloudformation-url URL]. Writes WORK_DIR/keystone.json
# (URL, ids, passwords) and WORK_DIR/keystone.pid; stop it with keystone-down.sh WORK_DIR.
set -euo pipefail
HERE=$(cd "$(dirname "$0")" && pwd)
case " $* " in
    *" --database mysql"*) export HEAT_KEYSTONE_EXTRAS=${HEAT_KEYSTONE_EXTRAS:-pymysql} ;;
esac
VENV=$("$HERE/install.sh")
exec "$VENV/bin/python" "$HERE/keystone_up.py" "$@"
