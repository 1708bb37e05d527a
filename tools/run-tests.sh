#!/usr/bin/env bash
# The whole test suite on a fresh machine: venv, dependencies, local services, then pytest.
# Each step says what it does and how long it took. The tools the tests run in virtualenvs
# of their own (Keystone, the OpenStack lab, tempest, the in-server agents) are installed
# side by side in the background while the tests start; a test that needs one waits on its
# installer's lock. They are cached under ~/.cache: on a warm machine each takes a moment.
set -euo pipefail
cd "$(dirname "$0")/.."

step() {
    local what=$1 started=$SECONDS
    shift
    echo "== $what" >&2
    "$@"
    echo "== $what: $((SECONDS - started)) s" >&2
}

# install NAME INSTALLER [ENV=VALUE...]: run a cached installer, its output in a log file.
install() {
    local name=$1 installer=$2 started=$SECONDS log="$LOGS/install-$1.log"
    shift 2
    if env "$@" "$installer" > "$log" 2>&1; then
        echo "== installed $name: $((SECONDS - started)) s" >&2
    else
        echo "== installing $name FAILED after $((SECONDS - started)) s (see $log)" >&2
    fi
}

LOGS=${HEAT_TEST_LOGS:-$HOME/.cache/heat-test-logs}
mkdir -p "$LOGS"
step "heat's virtualenv and test requirements (tools/bootstrap.sh --test)" tools/bootstrap.sh --test
step "PostgreSQL, MariaDB and RabbitMQ (tools/ensure-services.sh)" tools/ensure-services.sh
echo "== installing in the background (logs in $LOGS): keystone, lab, tempest, agents, horizon, chromium" >&2
install keystone tools/keystone/install.sh HEAT_KEYSTONE_EXTRAS=pymysql &
install lab tools/lab/install.sh &
install tempest tools/tempest/install.sh &
install agents tools/agents/install.sh &
install config-agents tools/agents/install-config-agents.sh &
install horizon tools/horizon/install.sh &
install chromium tools/browser/install.sh &
# loadgroup: the tests of one xdist_group run on one worker, one after the other.
# --durations: the slowest tests, so that a slow CI run says where its time went.
started=$SECONDS
status=0
.venv/bin/pytest -n auto --dist loadgroup --durations=30 "$@" || status=$?
wait
echo "== pytest: $((SECONDS - started)) s" >&2
exit $status
