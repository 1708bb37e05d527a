#!/usr/bin/env bash
# Start the machine's RabbitMQ, PostgreSQL and MariaDB when they are installed but not listening.
set -uo pipefail

listening() { (exec 3<>"/dev/tcp/127.0.0.1/$1") 2>/dev/null; }

start() {
    local port=$1; shift
    listening "$port" && return 0
    echo "starting: $*" >&2
    "$@" >/dev/null 2>&1 || echo "could not start: $*" >&2
}

if command -v rabbitmq-server >/dev/null; then start 5672 rabbitmq-server -detached; fi
if command -v pg_ctlcluster >/dev/null && [ -d /etc/postgresql ]; then
    start 5432 pg_ctlcluster --skip-systemctl-redirect "$(ls /etc/postgresql | head -n 1)" main start
fi
if [ -x /usr/sbin/mariadbd ]; then
    start 3306 start-stop-daemon --start --oknodo --background --exec /usr/sbin/mariadbd
fi

for port in 5672 5432 3306; do
    for _ in $(seq 60); do listening "$port" && break; sleep 1; done
done
exit 0
