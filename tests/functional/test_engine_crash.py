"""An engine killed (SIGKILL) in the middle of a legacy stack's create, on split
deployments (a convergence stack's steps are finished by the live engines instead:
tests/functional/test_convergence_engine_kill.py).

The engine that holds the stack lock dies with the stack CREATE_IN_PROGRESS. Once its
heartbeat is stale and it does not answer on its listener topic, another engine (one
still running, or one started later) fails the stack with "Engine went down during stack
CREATE" and frees the lock, so the stack never stays IN_PROGRESS and can be deleted.
"""

import pytest

from tests.functional import stack_deployments as e2e
from tests.functional.processes import wait_until

REASON = "Engine went down during stack CREATE"
# Calls that reach a dying engine are lost: fail them sooner than the default.
QUICK_RPC = {"rpc_response_timeout": 10}
LEGACY = {"convergence_engine": False}
# A killed engine's service row looks "up" for two heartbeat intervals.
FAST_HEARTBEAT = {"periodic_interval": 1, **QUICK_RPC, **LEGACY}


def lock_holder(deployment, stack_id):
    """The engine id in the stack's stack_lock row; None without a row."""
    rows = e2e.query(
        deployment, "SELECT engine_id FROM stack_lock WHERE stack_id = :stack_id", stack_id=stack_id
    )
    return rows[0][0] if rows else None


def start_slow_create(deployment, client):
    """Start creating slow_create.yaml; its id once the resource create runs under a lock."""
    stack_id = e2e.create_stack(deployment, client, "slow_create.yaml", wait=False)

    def creating():
        statuses = [r.resource_status for r in client.resources.list(stack_id)]
        return statuses == ["CREATE_IN_PROGRESS"] and lock_holder(deployment, stack_id)

    wait_until(creating, deployment.live(), what="the resource create to start")
    return stack_id


def kill_the_lock_holder(deployment, stack_id) -> str:
    """SIGKILL the engine process named by the lock row (through the service table)."""
    engine_id = lock_holder(deployment, stack_id)
    deployment.kill(e2e.registered_engines(deployment)[engine_id])
    return engine_id


def start_another_engine(deployment):
    """Start one more engine process and wait until it is in the service table."""
    host = deployment.start_engine()
    wait_until(
        lambda: host in e2e.registered_engines(deployment).values(),
        deployment.live(),
        what="the new engine to register",
    )


def assert_failed_and_unlocked(deployment, client, stack_id):
    """The stack and its resource end CREATE_FAILED for the dead engine; no lock row left."""
    stack = e2e.wait_for_stack(deployment, client, stack_id, timeout=15)
    resource = client.resources.get(stack_id, "slow")
    assert (stack.stack_status, stack.stack_status_reason) == ("CREATE_FAILED", REASON)
    assert (resource.resource_status, resource.resource_status_reason) == ("CREATE_FAILED", REASON)
    assert lock_holder(deployment, stack_id) is None


def assert_deletes(deployment, client, stack_id):
    """Deleting the stack takes it out of the stack list."""
    client.stacks.delete(stack_id)
    wait_until(
        lambda: stack_id not in [stack.id for stack in client.stacks.list()],
        deployment.live(),
        what="the failed stack to be deleted",
    )


@pytest.mark.parametrize("kind", ["split-mariadb", "split-postgresql"])
def test_the_surviving_engine_fails_the_stack_of_a_killed_one(kind, request, tmp_path_factory):
    with e2e.running(kind, request, tmp_path_factory, **FAST_HEARTBEAT) as deployment:
        client = e2e.heat_client(deployment)
        stack_id = start_slow_create(deployment, client)
        kill_the_lock_holder(deployment, stack_id)
        assert_failed_and_unlocked(deployment, client, stack_id)
        assert_deletes(deployment, client, stack_id)


def test_an_engine_started_after_the_crash_fails_the_stack(request, tmp_path_factory):
    options = dict(FAST_HEARTBEAT, engines=1)
    with e2e.running("split-postgresql", request, tmp_path_factory, **options) as deployment:
        client = e2e.heat_client(deployment)
        stack_id = start_slow_create(deployment, client)
        kill_the_lock_holder(deployment, stack_id)
        # No engine is left to answer the API: read the database.
        status = e2e.query(deployment, "SELECT status FROM stack WHERE id = :id", id=stack_id)
        assert status == [("IN_PROGRESS",)]

        start_another_engine(deployment)
        assert_failed_and_unlocked(deployment, client, stack_id)
        assert_deletes(deployment, client, stack_id)
