"""``kill -9`` of the engine holding two stacks, one being created and one deleted, with
default settings: a delete sent at once is refused rather than left waiting on the dead
engine, the surviving engine finds it dead within 30 s and fails both stacks, and the user
recovers them."""

import time

import pytest
from heatclient import exc

from tests.functional import stack_deployments as e2e
from tests.functional.faults import deployment as proxied
from tests.functional.faults import scenarios
from tests.functional.processes import wait_until

REASONS = {
    "creating": ("CREATE_FAILED", "Engine went down during stack CREATE"),
    "deleting": ("DELETE_FAILED", "Engine went down during stack DELETE"),
}
DETECTION_SECONDS = 30


def test_a_killed_engine_is_found_dead_within_30_seconds(request, tmp_path_factory):
    with proxied.running("split-postgresql", request, tmp_path_factory, engines=1) as setup:
        deployment = setup.deployment
        client = e2e.heat_client(deployment)
        stacks = {
            "creating": scenarios.start_create(deployment, client, create_wait=600),
            "deleting": scenarios.start_delete(deployment, client, delete_wait=15),
        }
        doomed = dict(deployment.processes)
        survivor = deployment.start_engine()
        wait_until(
            lambda: survivor in e2e.registered_engines(deployment).values(),
            deployment.live(),
            what="the second engine to register",
        )
        killed_at = time.monotonic()
        deployment.kill(next(name for name in doomed if name.startswith("engine-")))
        # Refused at once, rather than answered 503 after a minute and carried out later.
        with pytest.raises(exc.HTTPConflict):
            client.stacks.delete(stacks["creating"])
        for name, stack_id in stacks.items():
            left = DETECTION_SECONDS - (time.monotonic() - killed_at)
            state = scenarios.settled(deployment, client, stack_id, timeout=left)
            assert state == REASONS[name]
        print("dead engine detected after %.1f s" % (time.monotonic() - killed_at))
        scenarios.recover(deployment, client, stacks["creating"])
        scenarios.delete(deployment, client, stacks["deleting"])
        scenarios.assert_no_stray_rows(deployment)
