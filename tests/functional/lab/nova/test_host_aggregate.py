"""OS::Nova::HostAggregate against the lab's Nova: its compute host, metadata and zone, all
changed in place, and deletion of an aggregate that still holds its host."""

import uuid

import pytest


@pytest.fixture
def compute_host(admin_cloud) -> str:
    """The host of the lab's one nova-compute."""
    return next(iter(admin_cloud.compute.services(binary="nova-compute"))).host


def template(**properties) -> dict:
    return {
        "heat_template_version": "2021-04-16",
        "resources": {"aggregate": {"type": "OS::Nova::HostAggregate", "properties": properties}},
        "outputs": {"id": {"value": {"get_resource": "aggregate"}}},
    }


def aggregate_name() -> str:
    return "heat-aggregate-%s" % uuid.uuid4().hex[:8]


def test_an_aggregate_holds_its_host_and_metadata(admin_stacks, admin_cloud, compute_host):
    # No zone: Nova refuses to move a host that already runs servers into one.
    name = aggregate_name()
    identity = admin_stacks.create(template(name=name, hosts=[compute_host], metadata={"ssd": "1"}))
    try:
        assert admin_stacks.state(identity)[:2] == ("CREATE", "COMPLETE")
        aggregate = admin_cloud.compute.get_aggregate(admin_stacks.outputs(identity)["id"])
        assert (aggregate.name, aggregate.hosts) == (name, [compute_host])
        assert aggregate.metadata == {"ssd": "1"}
    finally:
        admin_stacks.delete(identity)
    assert admin_stacks.state(identity)[:2] == ("DELETE", "COMPLETE")
    assert not [item for item in admin_cloud.compute.aggregates() if item.name == name]


def test_everything_changes_in_place(admin_stacks, admin_cloud, compute_host):
    identity = admin_stacks.create(
        template(name=aggregate_name(), hosts=[compute_host], metadata={"a": "1", "b": "2"})
    )
    try:
        aggregate_id = admin_stacks.outputs(identity)["id"]
        renamed = aggregate_name()
        stack = admin_stacks.update(
            identity, template(name=renamed, hosts=[], metadata={"b": "3"}, availability_zone="z1")
        )
        assert (stack["stack_action"], stack["stack_status"]) == ("UPDATE", "COMPLETE")
        assert admin_stacks.outputs(identity)["id"] == aggregate_id
        aggregate = admin_cloud.compute.get_aggregate(aggregate_id)
        assert (aggregate.name, aggregate.hosts, aggregate.availability_zone) == (renamed, [], "z1")
        assert aggregate.metadata == {"b": "3", "availability_zone": "z1"}
    finally:
        admin_stacks.delete(identity)


def test_an_aggregate_deleted_outside_heat_is_deleted_with_the_stack(admin_stacks, admin_cloud):
    identity = admin_stacks.create(template(name=aggregate_name()))
    admin_cloud.compute.delete_aggregate(admin_stacks.outputs(identity)["id"])
    admin_stacks.delete(identity)
    assert admin_stacks.state(identity)[:2] == ("DELETE", "COMPLETE")


def test_a_converging_update_puts_back_what_was_changed_in_nova(
    admin_stacks, admin_cloud, compute_host
):
    name = aggregate_name()
    written = template(name=name, hosts=[compute_host], metadata={"a": "1", "b": "2"})
    identity = admin_stacks.create(written)
    aggregate_id = admin_stacks.outputs(identity)["id"]
    admin_cloud.compute.update_aggregate(aggregate_id, name=aggregate_name())
    admin_cloud.compute.set_aggregate_metadata(aggregate_id, {"a": None, "b": "9", "c": "3"})
    admin_cloud.compute.remove_host_from_aggregate(aggregate_id, compute_host)

    stack = admin_stacks.update(identity, written, converge=True)
    assert stack["stack_status"] == "COMPLETE", stack["stack_status_reason"]
    assert admin_stacks.outputs(identity)["id"] == aggregate_id
    aggregate = admin_cloud.compute.get_aggregate(aggregate_id)
    assert (aggregate.name, aggregate.hosts) == (name, [compute_host])
    assert aggregate.metadata == {"a": "1", "b": "2"}
    admin_stacks.delete(identity)


def test_a_converging_update_keeps_the_zone_nova_mirrors_into_the_metadata(
    admin_stacks, admin_cloud
):
    zone = aggregate_name()
    written = template(name=aggregate_name(), availability_zone=zone, metadata={"a": "1"})
    identity = admin_stacks.create(written)
    aggregate_id = admin_stacks.outputs(identity)["id"]
    admin_cloud.compute.update_aggregate(aggregate_id, availability_zone="elsewhere")
    admin_cloud.compute.set_aggregate_metadata(aggregate_id, {"b": "2"})

    stack = admin_stacks.update(identity, written, converge=True)
    assert stack["stack_status"] == "COMPLETE", stack["stack_status_reason"]
    aggregate = admin_cloud.compute.get_aggregate(aggregate_id)
    assert aggregate.availability_zone == zone
    assert aggregate.metadata == {"a": "1", "availability_zone": zone}
    admin_stacks.delete(identity)
