"""Stacks caught in a fault, and what must hold of them once the fault is over: settled
(COMPLETE, or FAILED with a reason), unlocked, without duplicate or orphaned rows, and
recoverable by the user (update, check, delete)."""

from tests.functional import stack_deployments as e2e
from tests.functional.processes import wait_until

TEMPLATE = "faults.yaml"
# Long enough for a fault to strike while the action waits, short enough to finish after.
ACTION_WAIT = 10
SETTLE_SECONDS = 90


def lock_holder(deployment, stack_id):
    """The engine holding the stack's lock (a legacy action), or one of its resource rows
    (a convergence step); None when none does."""
    rows = e2e.query(
        deployment,
        "SELECT engine_id FROM stack_lock WHERE stack_id = :id UNION"
        " SELECT engine_id FROM resource WHERE stack_id = :id AND engine_id IS NOT NULL",
        id=stack_id,
    )
    return rows[0][0] if rows else None


def resource_statuses(client, stack_id) -> list[str]:
    return [resource.resource_status for resource in client.resources.list(stack_id)]


def start_create(deployment, client, create_wait: int = ACTION_WAIT) -> str:
    """Start a create; its stack id once the resource's create runs under a lock."""
    stack_id = e2e.create_stack(
        deployment, client, TEMPLATE, wait=False, parameters={"create_wait": create_wait}
    )
    wait_until(
        lambda: (
            resource_statuses(client, stack_id) == ["CREATE_IN_PROGRESS"]
            and lock_holder(deployment, stack_id)
        ),
        deployment.live(),
        what="the create of %s to start" % stack_id,
    )
    return stack_id


def start_delete(deployment, client, delete_wait: int = ACTION_WAIT) -> str:
    """Create a stack, then start deleting it; its id once the delete runs under a lock."""
    stack_id = e2e.create_stack(
        deployment, client, TEMPLATE, parameters={"delete_wait": delete_wait}
    )
    client.stacks.delete(stack_id)
    wait_until(
        lambda: (
            resource_statuses(client, stack_id) == ["DELETE_IN_PROGRESS"]
            and lock_holder(deployment, stack_id)
        ),
        deployment.live(),
        what="the delete of %s to start" % stack_id,
    )
    return stack_id


def settled(deployment, client, stack_id, timeout: float = SETTLE_SECONDS):
    """The stack once it is COMPLETE or FAILED with a reason and its locks are free (and,
    for a convergence stack, its traversal's sync points dropped); None when it was
    deleted."""

    def done():
        rows = e2e.query(
            deployment,
            "SELECT action, status, status_reason, deleted_at FROM stack WHERE id = :id",
            id=stack_id,
        )
        action, status, reason, deleted_at = rows[0]
        if status == "IN_PROGRESS" or lock_holder(deployment, stack_id):
            return None
        # A deleted convergence stack's row is marked deleted just after DELETE_COMPLETE.
        if (action, status) == ("DELETE", "COMPLETE") and not deleted_at:
            return None
        points = "SELECT count(*) FROM sync_point WHERE stack_id = :id"
        if e2e.query(deployment, points, id=stack_id)[0][0]:
            return None
        return ("gone" if deleted_at else "%s_%s" % (action, status), reason)

    state, reason = wait_until(done, deployment.live(), timeout, what="%s to settle" % stack_id)
    assert state.endswith(("_COMPLETE", "_FAILED", "gone")), state
    assert state.endswith("_COMPLETE") or state == "gone" or reason, "FAILED without a reason"
    return state, reason


def assert_no_stray_rows(deployment):
    """No resource or event without its stack, no resource twice in one stack."""
    orphans = e2e.query(
        deployment,
        "SELECT count(*) FROM resource LEFT JOIN stack ON resource.stack_id = stack.id"
        " WHERE stack.id IS NULL",
    )
    stray_events = e2e.query(
        deployment,
        "SELECT count(*) FROM event LEFT JOIN stack ON event.stack_id = stack.id"
        " WHERE stack.id IS NULL",
    )
    twins = e2e.query(
        deployment,
        "SELECT stack_id, name FROM resource GROUP BY stack_id, name HAVING count(*) > 1",
    )
    assert (orphans[0][0], stray_events[0][0], twins) == (0, 0, [])


def recover(deployment, client, stack_id):
    """Update, check and delete the stack, each to its end, as a user would after a fault."""
    client.stacks.update(
        stack_id,
        template=e2e.load_template(TEMPLATE),
        parameters={"value": "second", "create_wait": 0, "delete_wait": 0},
    )
    assert e2e.wait_for_stack(deployment, client, stack_id).stack_status == "UPDATE_COMPLETE"
    client.actions.check(stack_id)
    assert e2e.wait_for_stack(deployment, client, stack_id).stack_status == "CHECK_COMPLETE"
    delete(deployment, client, stack_id)


def delete(deployment, client, stack_id):
    """Delete the stack and wait until it is gone from the list, with no resource left."""
    client.stacks.delete(stack_id)
    wait_until(
        lambda: stack_id not in [stack.id for stack in client.stacks.list()],
        deployment.live(),
        SETTLE_SECONDS,
        what="%s to be deleted" % stack_id,
    )
    left = e2e.query(deployment, "SELECT count(*) FROM resource WHERE stack_id = :id", id=stack_id)
    assert left[0][0] == 0
