"""OS::Designate::RecordSet against the lab's Designate: A, CNAME and MX record sets in a
zone of the same stack, changed in place and replaced, deleted outside heat, and the
``designate.zone`` constraint on their zone."""

import pytest

from heat.common import exception

RECORDSETS = {
    "www": {"type": "A", "records": ["192.0.2.10", "192.0.2.11"], "ttl": 600},
    "alias": {"type": "CNAME", "records": ["www.{zone}"]},
    "mail": {"type": "MX", "records": ["10 mx1.{zone}"], "description": "mail exchanger"},
}


def template(zone_name: str, recordsets: dict) -> dict:
    resources: dict = {
        "zone": {
            "type": "OS::Designate::Zone",
            "properties": {"name": zone_name, "email": "admin@example.org"},
        }
    }
    for name, properties in recordsets.items():
        written = dict(properties, name=name, zone={"get_resource": "zone"})
        written["records"] = [record.format(zone=zone_name) for record in properties["records"]]
        resources[name] = {"type": "OS::Designate::RecordSet", "properties": written}
    outputs = {name: {"value": {"get_resource": name}} for name in resources}
    return {"heat_template_version": "2021-04-16", "resources": resources, "outputs": outputs}


def assert_complete(stack: dict, action: str) -> None:
    assert (stack["stack_action"], stack["stack_status"]) == (action, "COMPLETE"), stack[
        "stack_status_reason"
    ]


def recordsets(cloud, zone_id: str) -> dict:
    """The zone's record sets other than SOA and NS, by name."""
    found = cloud.dns.recordsets(zone_id)
    return {rs.name: rs for rs in found if rs.type not in ("SOA", "NS")}


def test_record_sets_are_made_changed_and_deleted(demo_stacks, demo_cloud, zone_name):
    identity = demo_stacks.create(template(zone_name, RECORDSETS))
    assert demo_stacks.state(identity)[:2] == ("CREATE", "COMPLETE")
    ids = demo_stacks.outputs(identity)
    made = recordsets(demo_cloud, ids["zone"])
    assert sorted(made) == sorted("%s.%s" % (name, zone_name) for name in RECORDSETS)
    www = made["www." + zone_name]
    assert (www.id, www.type, sorted(www.records), www.ttl, www.status) == (
        ids["www"],
        "A",
        ["192.0.2.10", "192.0.2.11"],
        600,
        "ACTIVE",
    )
    assert made["alias." + zone_name].records == ["www." + zone_name]
    assert made["mail." + zone_name].records == ["10 mx1." + zone_name]
    assert made["mail." + zone_name].description == "mail exchanger"

    changed = dict(RECORDSETS)
    changed["www"] = {"type": "A", "records": ["192.0.2.20"], "ttl": 900, "description": "new"}
    changed["mail"] = dict(RECORDSETS["mail"], name="mx")
    del changed["alias"]
    changed["mx"] = changed.pop("mail")
    assert_complete(demo_stacks.update(identity, template(zone_name, changed)), "UPDATE")
    after = demo_stacks.outputs(identity)
    assert after["www"] == ids["www"]
    now = recordsets(demo_cloud, ids["zone"])
    assert sorted(now) == sorted(["www." + zone_name, "mx." + zone_name])
    www = now["www." + zone_name]
    assert (www.records, www.ttl, www.description) == (["192.0.2.20"], 900, "new")

    demo_stacks.delete(identity)
    assert demo_cloud.dns.find_zone(zone_name) is None


def test_check_fails_and_delete_succeeds_once_the_record_set_is_gone(
    demo_stacks, demo_cloud, zone_name
):
    identity = demo_stacks.create(template(zone_name, {"www": RECORDSETS["www"]}))
    ids = demo_stacks.outputs(identity)
    recordset = demo_cloud.dns.get_recordset(ids["www"], ids["zone"])
    demo_cloud.dns.delete_recordset(recordset, ids["zone"])
    demo_cloud.dns.wait_for_delete(recordset, wait=60)
    stack = demo_stacks.check(identity)
    assert (stack["stack_action"], stack["stack_status"]) == ("CHECK", "FAILED")
    demo_stacks.delete(identity)
    assert demo_stacks.state(identity)[:2] == ("DELETE", "COMPLETE")
    assert demo_cloud.dns.find_zone(zone_name) is None


def test_an_unknown_zone_is_refused_when_the_stack_is_validated(demo_stacks, zone_name):
    """As upstream, the validate API leaves custom constraints alone (its stack does not
    validate strictly); a create is refused before anything starts."""
    written = {
        "heat_template_version": "2021-04-16",
        "resources": {
            "www": {
                "type": "OS::Designate::RecordSet",
                "properties": {"zone": zone_name, "type": "A", "records": ["192.0.2.1"]},
            }
        },
    }
    expected = "Error validating value '%s': The Designate Zone \\(%s\\) could not be found" % (
        zone_name,
        zone_name,
    )
    with pytest.raises(exception.StackValidationFailed, match=expected):
        demo_stacks.create(written)


def test_a_record_set_in_a_zone_made_outside_heat_named_by_its_name(
    demo_stacks, demo_cloud, zone_name
):
    zone = demo_cloud.dns.create_zone(name=zone_name, email="admin@example.org")
    try:
        demo_cloud.dns.wait_for_status(zone, "ACTIVE", wait=60)
        written = {
            "heat_template_version": "2021-04-16",
            "resources": {
                "www": {
                    "type": "OS::Designate::RecordSet",
                    "properties": {"zone": zone_name, "type": "A", "records": ["192.0.2.1"]},
                }
            },
        }
        identity = demo_stacks.create(written)
        assert demo_stacks.state(identity)[:2] == ("CREATE", "COMPLETE")
        (name,) = recordsets(demo_cloud, zone.id)
        assert name.endswith("." + zone_name) and name.startswith(identity["stack_name"])
        demo_stacks.delete(identity)
        assert recordsets(demo_cloud, zone.id) == {}
    finally:
        demo_cloud.dns.delete_zone(zone)
        demo_cloud.dns.wait_for_delete(zone, wait=60)


def test_a_stack_whose_zone_was_deleted_outside_heat_is_deleted(demo_stacks, demo_cloud, zone_name):
    identity = demo_stacks.create(template(zone_name, {"www": RECORDSETS["www"]}))
    zone = demo_cloud.dns.get_zone(demo_stacks.outputs(identity)["zone"])
    demo_cloud.dns.delete_zone(zone)
    demo_cloud.dns.wait_for_delete(zone, wait=60)
    demo_stacks.delete(identity)
    assert demo_stacks.state(identity)[:2] == ("DELETE", "COMPLETE")
