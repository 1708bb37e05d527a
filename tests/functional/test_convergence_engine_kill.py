"""Convergence creates and updates survive the death of an engine (SIGKILL) on split
deployments.

Three engines share the work items of a 200-resource stack over RabbitMQ. The engine
holding the most resource locks is killed, early or late in a create, or in an update
that changes every resource (a tenth of them replaced). The live engines take its steps
over (those it held, and those it took but never started), and the stack completes with
one current row per resource, none left locked, no sync point left. A group of nested
stacks (convergence stacks of their own) survives the same, each made once.
"""

import pytest
import yaml

from tests.functional import stack_deployments as e2e
from tests.functional.processes import wait_until

LAYERS, WIDTH = 10, 20
OPTIONS = {
    "convergence_engine": True,
    # A killed engine's service row looks "up" for a few heartbeat intervals.
    "periodic_interval": 1,
    "engine_life_check_timeout": 1,
    "rpc_response_timeout": 10,
}


def layered_template(value="v"):
    """LAYERS layers of WIDTH resources, each reading an attribute of one in the layer
    before: 200 resources whose steps join at sync points. A new ``value`` changes every
    one of them; those of the middle layer are replaced."""
    resources = {}
    for layer in range(LAYERS):
        for index in range(WIDTH):
            properties = {
                "action_wait_secs": {"create": 0.5, "update": 0.5},
                "value": value,
                "update_replace": layer == LAYERS // 2,
            }
            if layer:
                properties["value"] = {"get_attr": ["r%d_%d" % (layer - 1, index), "output"]}
            resources["r%d_%d" % (layer, index)] = {
                "type": "OS::Heat::TestResource",
                "properties": properties,
            }
    return {"heat_template_version": "2018-08-31", "resources": resources}


def nested_template(members, width):
    """A group of ``members`` nested stacks of ``width`` resources each, and the member
    template's file."""
    member = {
        "heat_template_version": "2018-08-31",
        "resources": {
            "r%d" % index: {
                "type": "OS::Heat::TestResource",
                "properties": {"action_wait_secs": {"create": 0.5}},
            }
            for index in range(width)
        },
    }
    group = {"type": "OS::Heat::ResourceGroup", "properties": {"count": members}}
    group["properties"]["resource_def"] = {"type": "member.yaml"}
    template = {"heat_template_version": "2018-08-31", "resources": {"group": group}}
    return template, {"member.yaml": yaml.safe_dump(member)}


def locks_by_engine(deployment, root_id):
    """The resource rows of the stack's tree each engine holds."""
    rows = e2e.query(
        deployment,
        "SELECT engine_id, count(*) FROM resource WHERE root_stack_id = :root_id"
        " AND engine_id IS NOT NULL GROUP BY engine_id",
        root_id=root_id,
    )
    return dict(rows)


def done(deployment, root_id, action):
    rows = e2e.query(
        deployment,
        "SELECT count(*) FROM resource WHERE root_stack_id = :root_id"
        " AND action = :action AND status = 'COMPLETE'",
        root_id=root_id,
        action=action,
    )
    return rows[0][0]


def kill_the_busiest_engine(deployment, stack_id, action, after):
    """Once ``after`` resources are done with ``action``, SIGKILL the engine that holds
    the most resource locks; how many it held when it died."""

    def busiest():
        locks = locks_by_engine(deployment, stack_id)
        if done(deployment, stack_id, action) < after or not locks:
            return None
        return max(locks, key=locks.get)

    engine_id = wait_until(busiest, deployment.live(), what="a busy engine to kill")
    deployment.kill(e2e.registered_engines(deployment)[engine_id])
    return locks_by_engine(deployment, stack_id).get(engine_id, 0)


@pytest.mark.parametrize(
    ("kind", "action", "after"),
    [
        ("split-mariadb", "CREATE", 0),
        ("split-postgresql", "CREATE", 120),
        ("split-mariadb", "UPDATE", 60),
    ],
    ids=["create-early-mariadb", "create-late-postgresql", "update-mariadb"],
)
def test_a_convergence_action_completes_after_its_busiest_engine_died(
    kind, action, after, request, tmp_path_factory
):
    with e2e.running(kind, request, tmp_path_factory, engines=3, **OPTIONS) as deployment:
        client = e2e.heat_client(deployment)
        created_stack = client.stacks.create(
            stack_name=e2e.unique_name("conv"), template=layered_template()
        )
        stack_id = created_stack["stack"]["id"]
        if action == "UPDATE":
            e2e.wait_for_stack(deployment, client, stack_id, timeout=120)
            client.stacks.update(stack_id, template=layered_template("w"))
        held = kill_the_busiest_engine(deployment, stack_id, action, after)

        stack = e2e.wait_for_stack(deployment, client, stack_id, timeout=120)
        assert (stack.stack_status, stack.stack_status_reason) == (
            "%s_COMPLETE" % action,
            "Stack %s completed successfully" % action,
        )
        rows = e2e.query(
            deployment,
            "SELECT name, status, engine_id FROM resource WHERE stack_id = :stack_id",
            stack_id=stack_id,
        )
        assert len(rows) == LAYERS * WIDTH  # replaced copies were cleaned up
        assert len({row[0] for row in rows}) == LAYERS * WIDTH  # no row made twice
        assert {(row[1], row[2]) for row in rows} == {("COMPLETE", None)}
        leftovers = e2e.query(
            deployment, "SELECT count(*) FROM sync_point WHERE stack_id = :id", id=stack_id
        )
        assert leftovers == [(0,)]
        assert e2e.query(deployment, "SELECT count(*) FROM stack_lock") == [(0,)]
        actions = e2e.query(
            deployment,
            "SELECT action, count(*) FROM resource WHERE stack_id = :stack_id GROUP BY action",
            stack_id=stack_id,
        )
        actions = dict(actions)
        if action == "CREATE":
            assert actions == {"CREATE": LAYERS * WIDTH}
        else:
            # The middle layer is replaced (created anew), the rest updated in place, but
            # for those whose update the dead engine cut off: they are replaced too.
            replaced = actions.pop("CREATE")
            assert WIDTH <= replaced <= WIDTH + held
            assert actions == {"UPDATE": LAYERS * WIDTH - replaced}


def test_a_group_of_nested_stacks_completes_after_its_busiest_engine_died(
    request, tmp_path_factory
):
    members, width = 20, 10
    template, files = nested_template(members, width)
    with e2e.running(
        "split-mariadb", request, tmp_path_factory, engines=3, **OPTIONS
    ) as deployment:
        client = e2e.heat_client(deployment)
        created_stack = client.stacks.create(
            stack_name=e2e.unique_name("conv"), template=template, files=files
        )
        root_id = created_stack["stack"]["id"]
        kill_the_busiest_engine(deployment, root_id, "CREATE", after=50)

        stack = e2e.wait_for_stack(deployment, client, root_id, timeout=180)
        assert stack.stack_status == "CREATE_COMPLETE", stack.stack_status_reason

        # A step sent again while it was running (by recovery, after the kill) finds it done
        # once it gets the row, and lets the row go: a row may be taken a moment even after
        # the stack completed, and after every row was seen released once.
        def settled():
            rows = e2e.query(
                deployment,
                "SELECT stack_id, name, status, engine_id, nova_instance FROM resource"
                " WHERE root_stack_id = :root_id",
                root_id=root_id,
            )
            return rows if {(row[2], row[3]) for row in rows} == {("COMPLETE", None)} else None

        rows = wait_until(
            settled,
            deployment.live(),
            30,
            what="every row of the stack's tree to be complete and released",
        )
        assert len(rows) == 1 + members + members * width
        stacks = e2e.query(
            deployment,
            "SELECT id, owner_id, action, status FROM stack WHERE deleted_at IS NULL",
        )
        below = {row[0]: row for row in stacks if row[1] is not None}
        # Each nested stack made once, and each is the physical resource of its parent.
        assert len(below) == 1 + members
        assert {row[4] for row in rows if row[1] == "group" or row[1].isdigit()} == set(below)
        assert {(row[2], row[3]) for row in below.values()} == {("CREATE", "COMPLETE")}
        leftovers = e2e.query(deployment, "SELECT count(*) FROM sync_point")
        assert leftovers == [(0,)]
