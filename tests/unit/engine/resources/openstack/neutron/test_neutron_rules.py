"""The rules of the Neutron types that need no Neutron: what value_specs may say, the
bodies sent on create and update, statuses waited for, and the Subnet's own checks."""

import pytest

from heat.common import exception
from tests.unit.engine.resources.openstack.neutron.conftest import rules_resource


def resource(neutron_engine, type_name, **properties):
    return rules_resource(neutron_engine, type_name, **properties)


@pytest.mark.parametrize("key", ["shared", "tenant_id", "name", "admin_state_up"])
def test_value_specs_may_not_set_a_property_shared_or_tenant_id(neutron_engine, key):
    net = resource(neutron_engine, "OS::Neutron::Net", value_specs={key: "x", "mtu": 1400})
    with pytest.raises(
        exception.StackValidationFailed, match="%s not allowed in value_specs" % key
    ):
        net.validate()


def test_value_specs_naming_several_keys_name_them_all(neutron_engine):
    net = resource(neutron_engine, "OS::Neutron::Net", value_specs={"shared": 1, "name": 2})
    with pytest.raises(exception.StackValidationFailed, match="name, shared not allowed"):
        net.validate()


def test_other_value_specs_are_accepted(neutron_engine):
    resource(neutron_engine, "OS::Neutron::Net", value_specs={"mtu": 1400}).validate()


def test_the_create_body_merges_value_specs_and_names_an_unnamed_item(neutron_engine):
    net = resource(
        neutron_engine, "OS::Neutron::Net", tags=["a"], value_specs={"mtu": 1400}, shared=True
    )
    body = net.create_body()
    assert body == {
        "name": net.physical_resource_name(),
        "admin_state_up": True,
        "shared": True,
        "mtu": 1400,
    }


def test_the_update_body_sends_changed_value_specs_and_a_removed_name_as_physical(
    neutron_engine,
):
    before = resource(neutron_engine, "OS::Neutron::Net", value_specs={"mtu": 1400, "a": 1})
    net = resource(neutron_engine, "OS::Neutron::Net")
    net.previous_properties = before.properties
    body = net.update_body({"name": None, "tags": ["x"], "value_specs": {"mtu": 1400, "a": 2}})
    assert body == {"name": net.physical_resource_name(), "a": 2}


@pytest.mark.parametrize(("status", "built"), [("BUILD", False), ("ACTIVE", True), ("DOWN", True)])
def test_a_network_is_built_once_active_or_down(neutron_engine, status, built):
    net = resource(neutron_engine, "OS::Neutron::Net")
    net.show_item = lambda: {"status": status}
    assert net.is_built() is built


@pytest.mark.parametrize(
    ("status", "error"),
    [
        ("ERROR", exception.ResourceInError),
        ("DEGRADED", exception.ResourceInError),
        ("STRANGE", exception.ResourceUnknownStatus),
    ],
)
def test_a_network_in_error_fails(neutron_engine, status, error):
    net = resource(neutron_engine, "OS::Neutron::Net")
    net.show_item = lambda: {"status": status}
    with pytest.raises(error, match=status):
        net.is_built()


def test_a_subnet_has_no_status_to_wait_for(neutron_engine):
    subnet = resource(neutron_engine, "OS::Neutron::Subnet", network="n", cidr="10.0.0.0/24")
    assert subnet.is_built() is True


@pytest.mark.parametrize(
    ("properties", "error", "message"),
    [
        ({}, exception.PropertyUnspecifiedError, "subnetpool, cidr"),
        (
            {"cidr": "10.0.0.0/24", "subnetpool": "p"},
            exception.ResourcePropertyConflict,
            "subnetpool, cidr",
        ),
        (
            {"cidr": "10.0.0.0/24", "prefixlen": 24},
            exception.ResourcePropertyConflict,
            "prefixlen, cidr",
        ),
        (
            {"cidr": "10.0.0.0/24", "ipv6_address_mode": "slaac"},
            exception.StackValidationFailed,
            "not supported for ipv4",
        ),
        (
            {
                "cidr": "fd00::/64",
                "ip_version": 6,
                "ipv6_address_mode": "slaac",
                "ipv6_ra_mode": "dhcpv6-stateful",
            },
            exception.StackValidationFailed,
            "they must be equal",
        ),
        (
            {"cidr": "10.0.0.0/24", "gateway_ip": "10.0.0.x"},
            exception.StackValidationFailed,
            'Gateway IP address "10.0.0.x" is in invalid format',
        ),
    ],
)
def test_subnet_checks(neutron_engine, properties, error, message):
    subnet = resource(neutron_engine, "OS::Neutron::Subnet", network="n", **properties)
    with pytest.raises(error, match=message):
        subnet.validate()


@pytest.mark.parametrize(("given", "sent"), [("", None), ("~", None), ("10.0.0.9", "10.0.0.9")])
def test_a_subnets_gateway_as_sent(neutron_engine, given, sent):
    subnet = resource(neutron_engine, "OS::Neutron::Subnet", network="n", cidr="10.0.0.0/24")
    assert subnet.neutron_values({"gateway_ip": given}) == {"gateway_ip": sent}


def test_an_auto_gateway_is_left_to_neutron_on_create_and_refused_on_update(neutron_engine):
    subnet = resource(neutron_engine, "OS::Neutron::Subnet", network="n", cidr="10.0.0.0/24")
    assert subnet.neutron_values({"gateway_ip": "auto"}) == {}
    with pytest.raises(exception.ResourceActionNotSupported, match="only supported during"):
        subnet.update_body({"gateway_ip": "auto"})


def test_a_port_without_fixed_ips_asks_for_none_and_empty_pair_macs_are_left_out(
    neutron_engine,
):
    port = resource(neutron_engine, "OS::Neutron::Port", network="n")
    values = port.neutron_values(
        {
            "no_fixed_ips": True,
            "allowed_address_pairs": [{"ip_address": "10.0.0.9", "mac_address": None}],
        }
    )
    assert values == {"fixed_ips": [], "allowed_address_pairs": [{"ip_address": "10.0.0.9"}]}


def test_empty_fixed_ips_are_left_to_neutron(neutron_engine):
    port = resource(neutron_engine, "OS::Neutron::Port", network="n")
    assert port.neutron_values({"fixed_ips": [], "no_fixed_ips": False}) == {}


def test_fixed_ips_and_no_fixed_ips_conflict(neutron_engine):
    port = resource(
        neutron_engine,
        "OS::Neutron::Port",
        network="n",
        fixed_ips=[{"ip_address": "10.0.0.9"}],
        no_fixed_ips=True,
    )
    with pytest.raises(exception.ResourcePropertyConflict, match="fixed_ips, no_fixed_ips"):
        port.validate()


@pytest.mark.parametrize(("policy", "replaced"), [("REPLACE_ALWAYS", True), ("AUTO", False)])
def test_replace_always_replaces_a_port(neutron_engine, policy, replaced):
    port = resource(neutron_engine, "OS::Neutron::Port", network="n", replacement_policy=policy)
    assert port.needs_replace_with_prop_diff({"name"}, port.properties, port.properties) is replaced


def test_the_replacement_policy_is_hidden(global_env):
    from heat.engine.resource_schema import resource_schema

    assert (
        "replacement_policy" not in resource_schema(global_env, "OS::Neutron::Port")["properties"]
    )


def test_a_security_group_may_not_be_named_default(neutron_engine):
    group = resource(neutron_engine, "OS::Neutron::SecurityGroup", name="default")
    with pytest.raises(exception.StackValidationFailed, match='the name "default"'):
        group.validate()


def test_rules_are_the_same_whatever_their_value_types():
    from heat.engine.resources.openstack.neutron.security.security_group import rule_key

    assert rule_key({"direction": "ingress", "port_range_min": 22}) == rule_key(
        {"direction": "ingress", "port_range_min": "22", "id": "x"}
    )


@pytest.mark.parametrize(("protocol", "fails"), [("tcp", True), ("icmp", False)])
def test_a_rules_port_range_is_a_range_except_for_icmp(neutron_engine, protocol, fails):
    rule = resource(
        neutron_engine,
        "OS::Neutron::SecurityGroupRule",
        security_group="g",
        protocol=protocol,
        port_range_min=8,
        port_range_max=0,
    )
    if fails:
        with pytest.raises(exception.StackValidationFailed, match="less than or equal"):
            rule.validate()
    else:
        rule.validate()


def test_live_state_is_what_the_template_sets_and_its_value_specs_keys(neutron_engine):
    net = resource(
        neutron_engine, "OS::Neutron::Net", name="n", shared=True, value_specs={"mtu": 1400}
    )
    data = {
        "name": "changed",
        "admin_state_up": False,
        "shared": False,
        "port_security_enabled": True,
        "mtu": 1300,
        "qos_policy_id": None,
    }
    stored = {"name": "n", "shared": True, "value_specs": {"mtu": 1400}}
    assert net.parse_live_resource_data(stored, data) == {
        "name": "changed",
        "value_specs": {"mtu": 1300},
        "qos_policy": None,
    }


@pytest.mark.parametrize("type_name", ["OS::Neutron::Subnet", "OS::Neutron::Port"])
def test_the_hidden_network_id_is_the_network_of_old_templates(neutron_engine, type_name):
    extra = {"cidr": "10.0.0.0/24"} if type_name.endswith("Subnet") else {}
    found = resource(neutron_engine, type_name, network_id="n", **extra)
    assert (found.properties["network"], found.properties["network_id"]) == ("n", None)


def test_network_and_network_id_conflict(neutron_engine):
    port = resource(neutron_engine, "OS::Neutron::Port", network="n", network_id="m")
    with pytest.raises(exception.ResourcePropertyConflict, match="network, network_id"):
        port.validate()


def _neutron_rule(group_id, **values):
    return {"id": "r-%d" % len(values), "security_group_id": group_id, **values}


def test_a_security_group_whose_neutron_rules_are_the_templates_has_no_live_change(
    neutron_engine,
):
    ssh = {"protocol": "tcp", "port_range_min": 22, "port_range_max": 22}
    group = resource(neutron_engine, "OS::Neutron::SecurityGroup", rules=[ssh])
    group.resource_id = "sg"
    stored = {"rules": [dict(ssh, direction="ingress", ethertype="IPv4")]}
    rules = [
        _neutron_rule("sg", direction="ingress", ethertype="IPv4", **ssh),
        _neutron_rule("sg", direction="egress", ethertype="IPv4"),
        _neutron_rule("sg", direction="egress", ethertype="IPv6"),
    ]
    live = group.parse_live_resource_data(stored, {"security_group_rules": rules})
    assert live["rules"] == stored["rules"]

    added = _neutron_rule(
        "sg", direction="ingress", ethertype="IPv4", protocol="tcp", port_range_min=80,
        port_range_max=80, remote_ip_prefix="0.0.0.0/0",
    )  # fmt: skip
    live = group.parse_live_resource_data(stored, {"security_group_rules": [*rules, added]})
    assert live["rules"] == [
        {"direction": "ingress", "ethertype": "IPv4", **ssh},
        {
            "direction": "ingress",
            "ethertype": "IPv4",
            "protocol": "tcp",
            "port_range_min": 80,
            "port_range_max": 80,
            "remote_ip_prefix": "0.0.0.0/0",
        },
    ]
