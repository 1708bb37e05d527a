"""OS::Designate::Zone against the lab's Designate: created ACTIVE, changed in place,
replaced under a new name, deleted leaving nothing, and deleted outside heat."""

import pytest

from heat.common import exception


def template(name: str, **properties) -> dict:
    zone = dict(name=name, email="admin@example.org", **properties)
    return {
        "heat_template_version": "2021-04-16",
        "resources": {"zone": {"type": "OS::Designate::Zone", "properties": zone}},
        "outputs": {
            "id": {"value": {"get_resource": "zone"}},
            "serial": {"value": {"get_attr": ["zone", "serial"]}},
        },
    }


def assert_complete(stack: dict, action: str) -> None:
    assert (stack["stack_action"], stack["stack_status"]) == (action, "COMPLETE"), stack[
        "stack_status_reason"
    ]


def test_a_zone_is_active_in_designate_and_gone_after_delete(demo_stacks, demo_cloud, zone_name):
    identity = demo_stacks.create(template(zone_name, ttl=600, description="made by heat"))
    assert demo_stacks.state(identity)[:2] == ("CREATE", "COMPLETE")
    outputs = demo_stacks.outputs(identity)
    zone = demo_cloud.dns.get_zone(outputs["id"])
    assert (zone.name, zone.status, zone.ttl, zone.email) == (
        zone_name,
        "ACTIVE",
        600,
        "admin@example.org",
    )
    assert zone.description == "made by heat"
    # Designate's number, as upstream gives it (though its schema says string).
    assert outputs["serial"] == zone.serial
    demo_stacks.delete(identity)
    assert demo_cloud.dns.find_zone(zone_name) is None


def test_email_ttl_and_description_change_in_place(demo_stacks, demo_cloud, zone_name):
    identity = demo_stacks.create(template(zone_name, ttl=600))
    zone_id = demo_stacks.outputs(identity)["id"]
    changed = template(zone_name, ttl=900, description="changed")
    changed["resources"]["zone"]["properties"]["email"] = "dns@example.org"
    assert_complete(demo_stacks.update(identity, changed), "UPDATE")
    zone = demo_cloud.dns.get_zone(zone_id)
    assert (zone.ttl, zone.email, zone.description, zone.status) == (
        900,
        "dns@example.org",
        "changed",
        "ACTIVE",
    )
    assert demo_stacks.outputs(identity)["id"] == zone_id
    demo_stacks.delete(identity)
    assert demo_cloud.dns.find_zone(zone_name) is None


def test_a_new_name_replaces_the_zone(demo_stacks, demo_cloud, zone_name):
    identity = demo_stacks.create(template(zone_name))
    old_id = demo_stacks.outputs(identity)["id"]
    new_name = "new-" + zone_name
    assert_complete(demo_stacks.update(identity, template(new_name)), "UPDATE")
    new_id = demo_stacks.outputs(identity)["id"]
    assert new_id != old_id
    assert demo_cloud.dns.get_zone(new_id).name == new_name
    assert demo_cloud.dns.find_zone(zone_name) is None
    demo_stacks.delete(identity)
    assert demo_cloud.dns.find_zone(new_name) is None


def test_check_fails_and_delete_succeeds_once_the_zone_is_gone(demo_stacks, demo_cloud, zone_name):
    identity = demo_stacks.create(template(zone_name))
    zone = demo_cloud.dns.get_zone(demo_stacks.outputs(identity)["id"])
    demo_cloud.dns.delete_zone(zone)
    demo_cloud.dns.wait_for_delete(zone, wait=60)
    stack = demo_stacks.check(identity)
    assert (stack["stack_action"], stack["stack_status"]) == ("CHECK", "FAILED")
    demo_stacks.delete(identity)
    assert demo_stacks.state(identity)[:2] == ("DELETE", "COMPLETE")


def test_a_primary_zone_needs_an_email(demo_stacks, zone_name):
    written = template(zone_name)
    del written["resources"]["zone"]["properties"]["email"]
    with pytest.raises(
        exception.StackValidationFailed, match="email is required for zone type PRIMARY"
    ):
        demo_stacks.create(written)


def test_a_secondary_zone_needs_its_primaries(demo_stacks, zone_name):
    written = template(zone_name, type="SECONDARY")
    with pytest.raises(
        exception.StackValidationFailed, match="masters is required for zone type SECONDARY"
    ):
        demo_stacks.create(written)


def test_a_secondary_zone_transfers_from_its_primaries(demo_stacks, demo_cloud, zone_name):
    written = template(zone_name, type="SECONDARY", primaries=["192.0.2.1"])
    identity = demo_stacks.create(written)
    try:
        assert demo_stacks.state(identity)[:2] == ("CREATE", "COMPLETE")
        zone = demo_cloud.dns.get_zone(demo_stacks.outputs(identity)["id"])
        assert (zone.type, zone.masters) == ("SECONDARY", ["192.0.2.1"])
    finally:
        demo_stacks.delete(identity)
    assert demo_cloud.dns.find_zone(zone_name) is None


def test_a_converging_update_puts_back_what_was_changed_in_designate(
    demo_stacks, demo_cloud, zone_name
):
    written = template(zone_name, ttl=600, description="as written")
    identity = demo_stacks.create(written)
    zone_id = demo_stacks.outputs(identity)["id"]
    demo_cloud.dns.update_zone(zone_id, ttl=1200, description="changed outside")
    demo_cloud.dns.wait_for_status(demo_cloud.dns.get_zone(zone_id), "ACTIVE", wait=60)
    assert_complete(demo_stacks.update(identity, written, converge=True), "UPDATE")
    zone = demo_cloud.dns.get_zone(zone_id)
    assert (zone.ttl, zone.description, zone.status) == (600, "as written", "ACTIVE")
    demo_stacks.delete(identity)
    assert demo_cloud.dns.find_zone(zone_name) is None


def test_primaries_and_the_deprecated_masters_together_are_refused(demo_stacks, zone_name):
    written = template(zone_name, type="SECONDARY", primaries=["192.0.2.1"], masters=["192.0.2.2"])
    with pytest.raises(exception.StackValidationFailed, match="masters, primaries"):
        demo_stacks.create(written)


def test_an_unknown_zone_type_passes_the_validate_api_and_is_refused_at_create(
    demo_stacks, zone_name
):
    """As upstream, the validate API checks the template, not the values of properties."""
    written = template(zone_name, type="TERTIARY")
    answer = demo_stacks.engine.validate_template(demo_stacks.context, written)
    assert "Error" not in answer and answer["Parameters"] == {}
    with pytest.raises(exception.StackValidationFailed, match='"TERTIARY" is not an allowed value'):
        demo_stacks.create(written)
