"""Stack operations through python-heatclient's Python API, on every kind of deployment."""

import json

import pytest
from heatclient import exc as heat_exc

from tests.functional import stack_deployments as e2e
from tests.functional.processes import wait_until
from tests.functional.stack_deployments import create_stack, load_template, wait_for_stack

NATIVE_TYPES = {
    "OS::Heat::None",
    "OS::Heat::TestResource",
    "OS::Heat::RandomString",
    "OS::Heat::Value",
    "OS::Heat::Delay",
}
FAILED_REASON = "Resource CREATE failed: ValueError: resources.broken: Test Resource failed broken"


@pytest.fixture(scope="module", params=e2e.KINDS)
def deployment(request, tmp_path_factory):
    """One running deployment of each kind, shared by the module's tests."""
    with e2e.running(request.param, request, tmp_path_factory) as running:
        yield running


@pytest.fixture(scope="module")
def client(deployment):
    """heatclient's Python API on the deployment."""
    return e2e.heat_client(deployment)


@pytest.fixture(scope="module")
def shared_stack(deployment, client):
    """A basic.yaml stack that tests only read."""
    return create_stack(deployment, client, "basic.yaml", parameters={"value": "shared"})


def test_create_completes(client, shared_stack):
    stack = client.stacks.get(shared_stack)
    assert (stack.stack_status, stack.stack_status_reason) == (
        "CREATE_COMPLETE",
        "Stack CREATE completed successfully",
    )


def test_show_resolves_outputs(client, shared_stack):
    outputs = client.stacks.get(shared_stack).outputs
    assert [(o["output_key"], o["output_value"]) for o in outputs] == [("out", "shared")]


def test_list_includes_the_stack(client, shared_stack):
    assert shared_stack in [stack.id for stack in client.stacks.list()]


def test_resource_list_shows_each_resource(client, shared_stack):
    resources = client.resources.list(shared_stack)
    assert {(r.resource_name, r.resource_type, r.resource_status) for r in resources} == {
        ("r", "OS::Heat::TestResource", "CREATE_COMPLETE"),
        ("n", "OS::Heat::None", "CREATE_COMPLETE"),
    }


def test_resource_show_resolves_attributes(client, shared_stack):
    assert client.resources.get(shared_stack, "r").attributes["output"] == "shared"


def test_events_record_each_state_change(client, shared_stack):
    events = client.events.list(shared_stack)
    changes = {(event.resource_name, event.resource_status) for event in events}
    assert {("r", "CREATE_IN_PROGRESS"), ("r", "CREATE_COMPLETE"), ("n", "CREATE_COMPLETE")} <= (
        changes
    )


def test_output_list_and_show(client, shared_stack):
    listed = client.stacks.output_list(shared_stack)["outputs"]
    shown = client.stacks.output_show(shared_stack, "out")["output"]
    assert [output["output_key"] for output in listed] == ["out"]
    assert (shown["output_key"], shown["output_value"]) == ("out", "shared")


def test_template_is_the_one_given(client, shared_stack):
    assert client.stacks.template(shared_stack) == load_template("basic.yaml")


def test_environment_keeps_the_parameters(client, shared_stack):
    assert client.stacks.environment(shared_stack)["parameters"] == {"value": "shared"}


def test_update_changes_a_value_and_adds_a_resource(deployment, client):
    stack_id = create_stack(deployment, client, "basic.yaml")
    client.stacks.update(
        stack_id, template=load_template("basic_grown.yaml"), parameters={"value": "second"}
    )
    stack = wait_for_stack(deployment, client, stack_id)
    assert stack.stack_status == "UPDATE_COMPLETE", stack.stack_status_reason
    assert stack.outputs[0]["output_value"] == "second"
    assert {r.resource_name for r in client.resources.list(stack_id)} == {"r", "n", "extra"}


def test_patch_update_keeps_the_template_and_takes_a_new_parameter(deployment, client):
    stack_id = create_stack(deployment, client, "basic.yaml")
    client.stacks.update(stack_id, existing=True, parameters={"value": "patched"})
    stack = wait_for_stack(deployment, client, stack_id)
    assert stack.stack_status == "UPDATE_COMPLETE", stack.stack_status_reason
    assert stack.outputs[0]["output_value"] == "patched"
    assert client.stacks.template(stack_id) == load_template("basic.yaml")


def test_update_preview_sorts_the_changes(client, shared_stack):
    changes = client.stacks.preview_update(
        shared_stack, template=load_template("basic_grown.yaml"), parameters={"value": "third"}
    )["resource_changes"]
    names = {kind: [r["resource_name"] for r in items] for kind, items in changes.items()}
    assert names == {
        "updated": ["r"],
        "unchanged": ["n"],
        "added": ["extra"],
        "replaced": [],
        "deleted": [],
    }
    assert client.stacks.get(shared_stack).stack_status == "CREATE_COMPLETE"


def test_suspend_then_resume(deployment, client):
    stack_id = create_stack(deployment, client, "basic.yaml")
    client.actions.suspend(stack_id)
    suspended = wait_for_stack(deployment, client, stack_id).stack_status
    client.actions.resume(stack_id)
    assert (suspended, wait_for_stack(deployment, client, stack_id).stack_status) == (
        "SUSPEND_COMPLETE",
        "RESUME_COMPLETE",
    )


def test_check_completes(deployment, client):
    stack_id = create_stack(deployment, client, "basic.yaml")
    client.actions.check(stack_id)
    assert wait_for_stack(deployment, client, stack_id).stack_status == "CHECK_COMPLETE"


def test_delete_removes_the_stack(deployment, client):
    stack_name = e2e.unique_name("deleted")
    stack_id = create_stack(deployment, client, "basic.yaml", stack_name=stack_name)
    client.stacks.delete(stack_id)
    wait_until(
        lambda: stack_id not in [stack.id for stack in client.stacks.list()],
        deployment.live(),
        what="the stack to leave the list",
    )
    with pytest.raises(heat_exc.HTTPNotFound):
        client.stacks.get(stack_name)


def test_deleted_stack_is_still_shown_by_id(deployment, client):
    stack_id = create_stack(deployment, client, "basic.yaml")
    client.stacks.delete(stack_id)
    wait_until(
        lambda: stack_id not in [stack.id for stack in client.stacks.list()],
        deployment.live(),
        what="the stack to leave the list",
    )
    assert client.stacks.get(stack_id).stack_status == "DELETE_COMPLETE"


def test_failed_create_names_the_resource(deployment, client):
    stack_id = create_stack(deployment, client, "failing.yaml")
    stack = client.stacks.get(stack_id)
    assert (stack.stack_status, stack.stack_status_reason) == ("CREATE_FAILED", FAILED_REASON)
    broken = client.resources.get(stack_id, "broken")
    assert broken.resource_status == "CREATE_FAILED"


def test_failed_create_rolls_back_when_enabled(deployment, client):
    stack_id = create_stack(
        deployment, client, "failing.yaml", settle_in="ROLLBACK", disable_rollback=False
    )
    stack = client.stacks.get(stack_id)
    assert (stack.stack_status, stack.stack_status_reason) == (
        "ROLLBACK_COMPLETE",
        "Stack ROLLBACK completed successfully",
    )


def test_mark_unhealthy_fails_the_resource_check(deployment, client):
    stack_id = create_stack(deployment, client, "basic.yaml")
    client.resources.mark_unhealthy(stack_id, "r", True, "it broke")
    resource = client.resources.get(stack_id, "r")
    assert (resource.resource_status, resource.resource_status_reason) == (
        "CHECK_FAILED",
        "it broke",
    )


def hook_environment():
    """An environment setting a pre-create hook on resource ``r``."""
    return e2e.load_environment("pre_create_hook_env.yaml")


def wait_for_hook(deployment, client, stack_id):
    """Wait for the event saying ``r`` is paused on its pre-create hook; the events."""

    def paused():
        try:
            events = client.events.list(stack_id, resource_name="r")
        except heat_exc.HTTPNotFound:
            return []  # as upstream: no event of the resource yet
        return [
            event
            for event in events
            if event.resource_status_reason == "CREATE paused until Hook pre-create is cleared"
        ]

    return wait_until(paused, deployment.live(), 30, what="the pre-create hook")


def test_pre_create_hook_pauses_the_resource(deployment, client):
    stack_id = create_stack(
        deployment, client, "basic.yaml", wait=False, environment=hook_environment()
    )
    try:
        wait_for_hook(deployment, client, stack_id)
        assert client.stacks.get(stack_id).stack_status == "CREATE_IN_PROGRESS"
        assert client.resources.get(stack_id, "r").resource_status == "INIT_COMPLETE"
    finally:
        client.stacks.delete(stack_id)


def test_clearing_the_hook_lets_the_create_finish(deployment, client):
    stack_id = create_stack(
        deployment, client, "basic.yaml", wait=False, environment=hook_environment()
    )
    try:
        wait_for_hook(deployment, client, stack_id)
        client.resources.signal(stack_id, "r", data={"unset_hook": "pre-create"})
        stack = wait_for_stack(deployment, client, stack_id, timeout=10)
        assert stack.stack_status == "CREATE_COMPLETE"
    finally:
        client.stacks.delete(stack_id)


def test_preview_lists_the_resources_and_stores_nothing(client):
    stack_name = e2e.unique_name("preview")
    preview = client.stacks.preview(stack_name=stack_name, template=load_template("basic.yaml"))
    assert {resource["resource_name"] for resource in preview.resources} == {"r", "n"}
    assert stack_name not in [stack.stack_name for stack in client.stacks.list()]


def test_resource_types_include_the_native_plugins(client):
    assert NATIVE_TYPES <= {
        resource_type.resource_type for resource_type in client.resource_types.list()
    }


def test_resource_type_schema_describes_properties_and_attributes(client):
    schema = client.resource_types.get("OS::Heat::TestResource")
    assert schema["properties"]["value"]["type"] == "string"
    assert "output" in schema["attributes"]


def test_snapshot_create_list_restore_delete(deployment, client):
    stack_id = create_stack(deployment, client, "basic.yaml")
    snapshot = client.stacks.snapshot(stack_id, "first")
    wait_for_stack(deployment, client, stack_id)
    listed = client.stacks.snapshot_list(stack_id)["snapshots"]
    assert [entry["id"] for entry in listed] == [snapshot["id"]]
    client.stacks.restore(stack_id, snapshot["id"])
    assert wait_for_stack(deployment, client, stack_id).stack_status == "RESTORE_COMPLETE"
    client.stacks.snapshot_delete(stack_id, snapshot["id"])
    assert client.stacks.snapshot_list(stack_id)["snapshots"] == []


def test_abandoned_stack_can_be_adopted(deployment, client):
    stack_id = create_stack(deployment, client, "basic.yaml")
    abandoned = client.stacks.abandon(stack_id)
    adopted = create_stack(
        deployment,
        client,
        "basic.yaml",
        adopt_stack_data=json.dumps(abandoned),
        stack_name=e2e.unique_name("adopted"),
    )
    assert client.stacks.get(adopted).stack_status == "ADOPT_COMPLETE"
    assert (
        client.resources.get(adopted, "r").physical_resource_id
        == (abandoned["resources"]["r"]["resource_id"])
    )


def test_export_describes_the_stack_and_keeps_it(client, shared_stack):
    exported = client.stacks.export(shared_stack)
    assert set(exported["resources"]) == {"r", "n"}
    assert client.stacks.get(shared_stack).stack_status == "CREATE_COMPLETE"


def test_nested_stack_resource(deployment, client):
    stack_id = create_stack(deployment, client, "nested_stack.yaml")
    stack = client.stacks.get(stack_id)
    assert stack.stack_status == "CREATE_COMPLETE", stack.stack_status_reason
    assert stack.outputs[0]["output_value"] == "from-child"


def test_resource_group(deployment, client):
    stack_id = create_stack(deployment, client, "resource_group.yaml")
    stack = client.stacks.get(stack_id)
    assert stack.stack_status == "CREATE_COMPLETE", stack.stack_status_reason
    assert len(stack.outputs[0]["output_value"]) == 2


def test_template_resource(deployment, client):
    environment = {"resource_registry": {"E2E::Thing": "provider_thing.yaml"}}
    files = {"provider_thing.yaml": (e2e.TEMPLATES / "provider_thing.yaml").read_text()}
    stack_id = create_stack(
        deployment, client, "provider_user.yaml", environment=environment, files=files
    )
    stack = client.stacks.get(stack_id)
    assert stack.stack_status == "CREATE_COMPLETE", stack.stack_status_reason
    assert stack.outputs[0]["output_value"] == "from-provider"
