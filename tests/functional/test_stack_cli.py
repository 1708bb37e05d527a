"""Stack operations through the real ``openstack`` CLI, on heat-all and on a split
deployment over MariaDB (heatclient's tests, whose calls cost far less, run on PostgreSQL
too: what the CLI adds is its own formatting, not the database's).

Each test runs the command under test with the CLI; stacks it only needs as a starting
point are made through heatclient's Python API, which costs far less than a CLI run.
"""

import json
import pathlib

import pytest

from tests.functional import stack_deployments as e2e
from tests.functional.processes import wait_until
from tests.functional.stack_deployments import (
    create_stack,
    load_template,
    openstack,
    openstack_json,
    template_path,
)

FAILED_REASON = "Resource CREATE failed: ValueError: resources.broken: Test Resource failed broken"
HOOK_REASON = "CREATE paused until Hook pre-create is cleared"


@pytest.fixture(scope="module", params=["heat-all", "split-mariadb"])
def deployment(request, tmp_path_factory):
    """One running deployment of each kind, shared by the module's tests."""
    with e2e.running(request.param, request, tmp_path_factory) as running:
        yield running


@pytest.fixture(scope="module")
def client(deployment):
    """heatclient's Python API, for setting up and checking what the tests change."""
    return e2e.heat_client(deployment)


@pytest.fixture(scope="module")
def created(deployment):
    """What ``openstack stack create --wait`` printed for a basic.yaml stack tests only read."""
    return openstack_json(
        deployment,
        "stack",
        "create",
        "-t",
        template_path("basic.yaml"),
        "--parameter",
        "value=shared",
        "--wait",
        e2e.unique_name("cli"),
    )


@pytest.fixture(scope="module")
def stack_name(created):
    """The name of the stack made by ``created``."""
    return created["stack_name"]


def test_create_wait_prints_the_completed_stack(created):
    assert (created["stack_status"], created["stack_status_reason"]) == (
        "CREATE_COMPLETE",
        "Stack CREATE completed successfully",
    )


def test_stack_show(deployment, stack_name):
    shown = openstack_json(deployment, "stack", "show", stack_name)
    assert (shown["stack_name"], shown["stack_status"]) == (stack_name, "CREATE_COMPLETE")
    assert shown["parameters"]["value"] == "shared"
    assert [(o["output_key"], o["output_value"]) for o in shown["outputs"]] == [("out", "shared")]


def test_stack_list(deployment, stack_name):
    listed = openstack_json(deployment, "stack", "list")
    assert (stack_name, "CREATE_COMPLETE") in [
        (stack["Stack Name"], stack["Stack Status"]) for stack in listed
    ]


def test_resource_list(deployment, stack_name):
    listed = openstack_json(deployment, "stack", "resource", "list", stack_name)
    assert {(r["resource_name"], r["resource_type"], r["resource_status"]) for r in listed} == {
        ("r", "OS::Heat::TestResource", "CREATE_COMPLETE"),
        ("n", "OS::Heat::None", "CREATE_COMPLETE"),
    }


def test_resource_show(deployment, stack_name):
    shown = openstack_json(deployment, "stack", "resource", "show", stack_name, "r")
    assert (shown["resource_name"], shown["resource_status"]) == ("r", "CREATE_COMPLETE")
    assert shown["attributes"]["output"] == "shared"


def test_event_list(deployment, stack_name):
    events = openstack_json(deployment, "stack", "event", "list", stack_name)
    changes = [(event["resource_name"], event["resource_status"]) for event in events]
    assert changes[0] == (stack_name, "CREATE_IN_PROGRESS")
    assert changes[-1] == (stack_name, "CREATE_COMPLETE")
    assert {("r", "CREATE_COMPLETE"), ("n", "CREATE_COMPLETE")} <= set(changes)


def test_output_list(deployment, stack_name):
    listed = openstack_json(deployment, "stack", "output", "list", stack_name)
    assert listed == [{"output_key": "out", "description": "The value the test resource stored."}]


def test_output_show(deployment, stack_name):
    shown = openstack_json(deployment, "stack", "output", "show", stack_name, "out")
    assert (shown["output_key"], shown["output_value"]) == ("out", "shared")


def test_template_show(deployment, stack_name):
    shown = openstack_json(deployment, "stack", "template", "show", stack_name)
    assert shown == load_template("basic.yaml")


def test_environment_show(deployment, stack_name):
    shown = openstack_json(deployment, "stack", "environment", "show", stack_name)
    assert shown["parameters"] == {"value": "shared"}


def test_update_wait(deployment, client):
    stack_id = create_stack(deployment, client, "basic.yaml")
    updated = openstack_json(
        deployment,
        "stack",
        "update",
        "-t",
        template_path("basic_grown.yaml"),
        "--parameter",
        "value=second",
        "--wait",
        stack_id,
    )
    assert updated["stack_status"] == "UPDATE_COMPLETE"
    assert client.stacks.get(stack_id).outputs[0]["output_value"] == "second"
    assert {r.resource_name for r in client.resources.list(stack_id)} == {"r", "n", "extra"}


def test_update_existing_takes_a_new_parameter(deployment, client):
    stack_id = create_stack(deployment, client, "basic.yaml")
    openstack(
        deployment,
        "stack",
        "update",
        "--existing",
        "--parameter",
        "value=patched",
        "--wait",
        stack_id,
    )
    assert client.stacks.get(stack_id).outputs[0]["output_value"] == "patched"
    assert client.stacks.template(stack_id) == load_template("basic.yaml")


def test_update_dry_run_shows_the_changes(deployment, client, stack_name):
    changes = openstack_json(
        deployment,
        "stack",
        "update",
        "-t",
        template_path("basic_grown.yaml"),
        "--parameter",
        "value=third",
        "--dry-run",
        stack_name,
    )
    names = {kind: [r["resource_name"] for r in items] for kind, items in changes.items()}
    assert names == {
        "updated": ["r"],
        "unchanged": ["n"],
        "added": ["extra"],
        "replaced": [],
        "deleted": [],
    }
    [updated] = changes["updated"]
    [value] = updated["changes"]["properties"]
    assert (value["name"], value["new"], value["replaces"]) == ("value", "third", False)
    assert client.stacks.get(stack_name).stack_status == "CREATE_COMPLETE"


def test_update_dry_run_shows_nested_changes(deployment, client, tmp_path):
    stack_id = create_stack(deployment, client, "resource_group.yaml")
    grown = tmp_path / "grown.yaml"
    grown.write_text(
        pathlib.Path(template_path("resource_group.yaml"))
        .read_text()
        .replace("count: 2", "count: 3")
    )
    command = ("stack", "update", "-t", str(grown), "--dry-run", stack_id)
    flat = openstack_json(deployment, *command)
    nested = openstack_json(deployment, *command, "--show-nested")
    assert [r["resource_name"] for r in flat["updated"]] == ["group"]
    assert flat["added"] == []
    # The group's new member, inside its nested stack.
    assert [r["resource_name"] for r in nested["added"]] == ["2"]
    assert sorted(r["resource_name"] for r in nested["unchanged"]) == ["0", "1"]


def test_suspend_and_resume_wait(deployment, client):
    stack_id = create_stack(deployment, client, "basic.yaml")
    suspended = openstack_json(deployment, "stack", "suspend", "--wait", stack_id)
    resumed = openstack_json(deployment, "stack", "resume", "--wait", stack_id)
    assert [suspended[0]["Stack Status"], resumed[0]["Stack Status"]] == [
        "SUSPEND_COMPLETE",
        "RESUME_COMPLETE",
    ]


def test_check_wait(deployment, client):
    stack_id = create_stack(deployment, client, "basic.yaml")
    checked = openstack_json(deployment, "stack", "check", "--wait", stack_id)
    assert checked[0]["Stack Status"] == "CHECK_COMPLETE"


def test_delete_wait_removes_the_stack(deployment, client):
    name = e2e.unique_name("deleted")
    create_stack(deployment, client, "basic.yaml", stack_name=name)
    openstack(deployment, "stack", "delete", "--yes", "--wait", name)
    gone = openstack(deployment, "stack", "show", name, check=False)
    assert (gone.returncode, gone.stderr.strip()) == (1, "Stack not found: %s" % name)
    assert name not in [stack.stack_name for stack in client.stacks.list()]


def test_failed_create_names_the_resource(deployment, client):
    name = e2e.unique_name("failing")
    failed = openstack(
        deployment,
        "stack",
        "create",
        "-t",
        template_path("failing.yaml"),
        "--wait",
        name,
        check=False,
    )
    stack = client.stacks.get(name)
    assert failed.returncode == 1
    assert (stack.stack_status, stack.stack_status_reason) == ("CREATE_FAILED", FAILED_REASON)


def test_failed_create_with_enable_rollback_rolls_back(deployment, client):
    name = e2e.unique_name("rollback")
    openstack(
        deployment,
        "stack",
        "create",
        "-t",
        template_path("failing.yaml"),
        "--enable-rollback",
        "--wait",
        name,
        check=False,
    )
    stack = e2e.wait_for_stack(deployment, client, name, action="ROLLBACK")
    assert (stack.stack_status, stack.stack_status_reason) == (
        "ROLLBACK_COMPLETE",
        "Stack ROLLBACK completed successfully",
    )


def test_resource_mark_unhealthy(deployment, client):
    stack_id = create_stack(deployment, client, "basic.yaml")
    openstack(deployment, "stack", "resource", "mark", "unhealthy", stack_id, "r", "it broke")
    resource = client.resources.get(stack_id, "r")
    assert (resource.resource_status, resource.resource_status_reason) == (
        "CHECK_FAILED",
        "it broke",
    )


def create_with_hook(deployment):
    """``openstack stack create`` (no wait) of basic.yaml with a pre-create hook on ``r``."""
    name = e2e.unique_name("hooked")
    openstack(
        deployment,
        "stack",
        "create",
        "-t",
        template_path("basic.yaml"),
        "-e",
        template_path("pre_create_hook_env.yaml"),
        name,
    )
    return name


def poll_hooks(deployment, name):
    """``openstack stack hook poll`` until it lists a paused resource; what it listed."""

    def waiting():
        return openstack_json(deployment, "stack", "hook", "poll", name) or None

    return wait_until(waiting, deployment.live(), 30, what="the pre-create hook")


def test_hook_poll_lists_the_paused_resource(deployment, client):
    name = create_with_hook(deployment)
    try:
        hooks = poll_hooks(deployment, name)
        assert [(h["Resource Name"], h["Resource Status Reason"]) for h in hooks] == [
            ("r", HOOK_REASON)
        ]
    finally:
        client.stacks.delete(name)


def test_hook_clear_lets_the_create_finish(deployment, client):
    name = create_with_hook(deployment)
    try:
        poll_hooks(deployment, name)
        openstack(deployment, "stack", "hook", "clear", "--pre-create", name, "r")
        stack_id = client.stacks.get(name).id
        assert e2e.wait_for_stack(deployment, client, stack_id, 10).stack_status == (
            "CREATE_COMPLETE"
        )
    finally:
        client.stacks.delete(name)


def test_create_dry_run_previews_without_storing(deployment, client):
    name = e2e.unique_name("preview")
    preview = openstack_json(
        deployment, "stack", "create", "-t", template_path("basic.yaml"), "--dry-run", name
    )
    assert preview["stack_name"] == name
    assert {resource["resource_name"] for resource in preview["resources"]} == {"r", "n"}
    assert name not in [stack.stack_name for stack in client.stacks.list()]


def test_resource_type_list(deployment):
    listed = openstack_json(deployment, "orchestration", "resource", "type", "list")
    assert {
        "OS::Heat::None",
        "OS::Heat::TestResource",
        "OS::Heat::RandomString",
        "OS::Heat::Value",
        "OS::Heat::Delay",
    } <= {entry["Resource Type"] for entry in listed}


def test_resource_type_show(deployment):
    shown = openstack_json(
        deployment, "orchestration", "resource", "type", "show", "OS::Heat::RandomString"
    )
    assert shown["resource_type"] == "OS::Heat::RandomString"
    assert shown["properties"]["length"]["default"] == 32
    assert "value" in shown["attributes"]


def test_snapshot_create_list_restore_delete(deployment, client):
    stack_id = create_stack(deployment, client, "basic.yaml")
    snapshot = openstack_json(deployment, "stack", "snapshot", "create", stack_id, "--name", "s1")
    e2e.wait_for_stack(deployment, client, stack_id)
    listed = openstack_json(deployment, "stack", "snapshot", "list", stack_id)
    assert [entry["id"] for entry in listed] == [snapshot["ID"]]
    openstack(deployment, "stack", "snapshot", "restore", stack_id, snapshot["ID"])
    assert e2e.wait_for_stack(deployment, client, stack_id).stack_status == "RESTORE_COMPLETE"
    openstack(deployment, "stack", "snapshot", "delete", "--yes", stack_id, snapshot["ID"])
    assert client.stacks.snapshot_list(stack_id)["snapshots"] == []


def test_abandon_then_adopt(deployment, client, tmp_path):
    stack_id = create_stack(deployment, client, "basic.yaml")
    abandon_file = tmp_path / "abandoned.json"
    openstack(deployment, "stack", "abandon", stack_id, "--output-file", str(abandon_file))
    abandoned = json.loads(abandon_file.read_text())
    name = e2e.unique_name("adopted")
    openstack(deployment, "stack", "adopt", "--adopt-file", str(abandon_file), "--wait", name)
    assert client.stacks.get(name).stack_status == "ADOPT_COMPLETE"
    assert (
        client.resources.get(name, "r").physical_resource_id
        == (abandoned["resources"]["r"]["resource_id"])
    )


def test_export_prints_the_stack_data(deployment, client, stack_name):
    exported = openstack_json(deployment, "stack", "export", stack_name)
    assert (exported["name"], set(exported["resources"])) == (stack_name, {"r", "n"})
    assert client.stacks.get(stack_name).stack_status == "CREATE_COMPLETE"


def test_nested_stack(deployment):
    name = e2e.unique_name("nested")
    openstack(
        deployment, "stack", "create", "-t", template_path("nested_stack.yaml"), "--wait", name
    )
    shown = openstack_json(deployment, "stack", "output", "show", name, "child_output")
    assert shown["output_value"] == "from-child"


def test_resource_group(deployment):
    name = e2e.unique_name("group")
    openstack(
        deployment, "stack", "create", "-t", template_path("resource_group.yaml"), "--wait", name
    )
    listed = openstack_json(deployment, "stack", "resource", "list", "--nested-depth", "1", name)
    assert sorted(r["resource_name"] for r in listed) == ["0", "1", "group"]


def test_template_resource_from_an_environment_file(deployment):
    name = e2e.unique_name("provider")
    openstack(
        deployment,
        "stack",
        "create",
        "-t",
        template_path("provider_user.yaml"),
        "-e",
        template_path("provider_env.yaml"),
        "--wait",
        name,
    )
    shown = openstack_json(deployment, "stack", "output", "show", name, "thing_value")
    assert shown["output_value"] == "from-provider"
