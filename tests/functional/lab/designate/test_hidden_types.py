"""OS::Designate::Domain and OS::Designate::Record needed Designate's v1 API, which is gone:
as in OpenStack Heat 27 they are hidden from the type list, refuse a schema, and a
template naming them makes nothing."""

import pytest

from heat.common import exception

HIDDEN = ("OS::Designate::Domain", "OS::Designate::Record")


def test_the_v1_types_are_hidden_and_the_v2_ones_listed(demo_stacks):
    types = demo_stacks.engine.list_resource_types(demo_stacks.context)
    assert {"OS::Designate::Zone", "OS::Designate::RecordSet"} <= set(types)
    assert not set(HIDDEN) & set(types)


@pytest.mark.parametrize("type_name", HIDDEN)
def test_a_hidden_type_has_no_schema(demo_stacks, type_name):
    with pytest.raises(exception.NotSupported, match="%s is not supported" % type_name):
        demo_stacks.engine.resource_schema(demo_stacks.context, type_name)


def test_a_template_naming_them_makes_nothing(demo_stacks, demo_cloud, zone_name):
    written = {
        "heat_template_version": "2021-04-16",
        "resources": {
            "domain": {
                "type": "OS::Designate::Domain",
                "properties": {"name": zone_name, "email": "admin@example.org"},
            },
            "record": {
                "type": "OS::Designate::Record",
                "properties": {"domain": zone_name, "name": "www." + zone_name},
            },
        },
    }
    identity = demo_stacks.create(written)
    assert demo_stacks.state(identity)[:2] == ("CREATE", "COMPLETE")
    assert demo_cloud.dns.find_zone(zone_name) is None
    demo_stacks.delete(identity)
    assert demo_stacks.state(identity)[:2] == ("DELETE", "COMPLETE")
