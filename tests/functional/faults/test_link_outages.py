"""The database or the broker cut for 30 s while one stack is being created and another
deleted: both settle once the link is back (COMPLETE, or FAILED with a reason), their locks
are freed, no row is left behind, and the user can carry on with them. Legacy stacks
(whose actions hold the stack lock) on each backend; convergence stacks (whose steps lock
their resource rows and join at sync points) on MariaDB."""

import time

import pytest

from tests.functional import stack_deployments as e2e
from tests.functional.faults import deployment as proxied
from tests.functional.faults import scenarios

OUTAGE_SECONDS = 30
# Once the link is back, the stacks settle within this: a step the outage cut off is sent
# again at once, not when recovery finds it untaken (100 s after it became ready).
SETTLE_AFTER_OUTAGE = 60


def outage(proxy) -> None:
    """Cut the link for ``OUTAGE_SECONDS``, then restore it."""
    proxy.cut()
    try:
        time.sleep(OUTAGE_SECONDS)
    finally:
        proxy.restore()


def caught_in(setup, link: str) -> dict:
    """Cut ``link`` while a create and a delete run; the settled state of each stack."""
    deployment = setup.deployment
    client = e2e.heat_client(deployment)
    creating = scenarios.start_create(deployment, client)
    deleting = scenarios.start_delete(deployment, client)
    outage(getattr(setup, link))
    return {
        "creating": (
            creating,
            scenarios.settled(deployment, client, creating, SETTLE_AFTER_OUTAGE),
        ),
        "deleting": (
            deleting,
            scenarios.settled(deployment, client, deleting, SETTLE_AFTER_OUTAGE),
        ),
    }


@pytest.mark.parametrize(
    ("kind", "convergence"),
    [
        ("split-mariadb", False),
        ("split-postgresql", False),
        ("heat-all-mariadb", False),
        ("split-mariadb", True),
    ],
    ids=["split-mariadb", "split-postgresql", "heat-all-mariadb", "split-mariadb-convergence"],
)
def test_a_database_outage_leaves_no_stack_in_progress(
    kind, convergence, request, tmp_path_factory
):
    options = {"convergence_engine": convergence}
    with proxied.running(kind, request, tmp_path_factory, **options) as setup:
        deployment, client = setup.deployment, e2e.heat_client(setup.deployment)
        stacks = caught_in(setup, "database")
        print("database outage (%s): %s" % (kind, stacks))
        creating, (state, _) = stacks["creating"]
        assert state in ("CREATE_COMPLETE", "CREATE_FAILED")
        scenarios.recover(deployment, client, creating)
        deleting, (state, _) = stacks["deleting"]
        assert state in ("gone", "DELETE_FAILED")
        if state == "DELETE_FAILED":
            scenarios.delete(deployment, client, deleting)
        scenarios.assert_no_stray_rows(deployment)


@pytest.mark.parametrize("convergence", [False, True], ids=["legacy", "convergence"])
def test_a_broker_outage_leaves_no_stack_in_progress(convergence, request, tmp_path_factory):
    options = {"convergence_engine": convergence}
    with proxied.running("split-mariadb", request, tmp_path_factory, **options) as setup:
        deployment, client = setup.deployment, e2e.heat_client(setup.deployment)
        stacks = caught_in(setup, "broker")
        print("broker outage: %s" % stacks)
        creating, (state, _) = stacks["creating"]
        assert state == "CREATE_COMPLETE"
        assert stacks["deleting"][1][0] == "gone"
        scenarios.recover(deployment, client, creating)
        scenarios.assert_no_stray_rows(deployment)
