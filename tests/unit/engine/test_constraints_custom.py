"""Custom constraints: the registry, the named-constraint check and the shipped plugins."""

import datetime

import pytest

from heat.common import exception
from heat.engine import constraint_registry, constraints

GENERIC = [
    "cron_expression",
    "dns_domain",
    "dns_name",
    "expiration",
    "ip_addr",
    "ip_or_cidr",
    "iso_8601",
    "json_string",
    "mac_addr",
    "net_cidr",
    "rel_dns_name",
    "test_constr",
    "timezone",
]


class Even(constraints.BaseCustomConstraint):
    def validate(self, value, context):
        if int(value) % 2:
            raise ValueError("odd number")


def check(name, value):
    constraints.CustomConstraint(name).validate(value)


def refusal(name, value):
    with pytest.raises(ValueError) as error:
        check(name, value)
    return str(error.value)


def test_installed_registry_has_all_upstream_names():
    names = constraint_registry.default_registry().names()
    assert len(names) == 70
    assert set(GENERIC) <= set(names)
    assert {"nova.flavor", "glance.image", "neutron.lbaas.pool", "zaqar.queue"} <= set(names)


def test_a_registry_builds_each_check_once_with_its_name():
    registry = constraint_registry.ConstraintRegistry({"even": Even})
    assert registry.get("even") is registry.get("even")
    assert registry.get("even").name == "even"
    assert registry.get("odd") is None


def test_a_custom_constraint_uses_the_given_registry():
    registry = constraint_registry.ConstraintRegistry({"even": Even})
    rule = constraints.CustomConstraint("even", registry=registry)
    rule.validate(4)
    with pytest.raises(ValueError) as error:
        rule.validate(3)
    assert str(error.value) == "Error validating value '3': odd number"


def test_an_unknown_name_says_the_constraint_was_not_found():
    assert refusal("no.such", "v") == '"v" does not validate no.such (constraint not found)'


def test_the_description_replaces_the_plugin_message():
    rule = constraints.CustomConstraint("ip_addr", description="an address please")
    with pytest.raises(ValueError, match="^an address please$"):
        rule.validate("nope")


@pytest.mark.parametrize("value", ["10.0.0.1", "::1", "fe80::1"])
def test_ip_addr_accepts_addresses(value):
    check("ip_addr", value)


@pytest.mark.parametrize("value", ["10.0.0", "10.0.0.256", " 10.0.0.1", "host", 5])
def test_ip_addr_refuses_other_values(value):
    assert refusal("ip_addr", value).endswith(": Invalid IP address")


def test_net_cidr_accepts_subnets():
    check("net_cidr", "10.0.0.0/24")
    check("net_cidr", "2001:db8::/64")


def test_net_cidr_recommends_the_cidr_form_for_a_bare_address():
    message = refusal("net_cidr", "10.0.0.0")
    assert "isn't a recognized IP subnet cidr, '10.0.0.0/32' is recommended" in message


def test_net_cidr_refuses_garbage():
    assert "is not a valid IP subnet" in refusal("net_cidr", "10.0.0.0/40")


def test_ip_or_cidr_accepts_either():
    check("ip_or_cidr", "192.168.1.1")
    check("ip_or_cidr", "192.168.1.0/24")
    assert "Invalid IP address or CIDR" in refusal("ip_or_cidr", "192.168.1")


def test_mac_addr():
    check("mac_addr", "fa:16:3e:00:00:01")
    assert "Invalid MAC address." in refusal("mac_addr", "fa:16:3e:00:00:01:02")


@pytest.mark.parametrize("value", ["", "host", "www.example.com", "example.com."])
def test_dns_name_accepts_names(value):
    check("dns_name", value)


@pytest.mark.parametrize(
    "value, reason",
    [
        ("a..b", "Encountered an empty component."),
        ("-a.com", "must not start or end with a hyphen"),
        ("a_b.com", "must be 1-63 characters long"),
        ("host.123", "TLD '123' must not be all numeric"),
        ("a" * 64, "must be 1-63 characters long"),
    ],
)
def test_dns_name_says_why_a_name_is_refused(value, reason):
    message = refusal("dns_name", value)
    assert "not in valid format. Reason:" in message
    assert reason in message


def test_dns_domain_must_end_with_a_dot():
    check("dns_domain", "example.com.")
    assert "'example.com' must end with '.'." in refusal("dns_domain", "example.com")


def test_rel_dns_name_refuses_fully_qualified_names():
    check("rel_dns_name", "www")
    assert "is a FQDN" in refusal("rel_dns_name", "www.example.com.")


def test_rel_dns_name_leaves_room_for_a_domain():
    assert "Adding a domain name" in refusal("rel_dns_name", "a" * 253)


def test_iso_8601():
    check("iso_8601", "2024-05-01T10:00:00Z")
    assert "Invalid ISO 8601 time" in refusal("iso_8601", "yesterday")


def test_expiration_must_be_in_the_future():
    future = datetime.datetime.now(datetime.timezone.utc) + datetime.timedelta(days=1)
    check("expiration", future.isoformat())
    assert "Expiration time is out of date." in refusal("expiration", "2000-01-01T00:00:00Z")


def test_cron_expression():
    check("cron_expression", "0 */2 * * *")
    assert "Invalid CRON expression" in refusal("cron_expression", "61 * * * *")


def test_timezone():
    check("timezone", "Europe/Paris")
    assert "Invalid timezone" in refusal("timezone", "Mars/Olympus")


def test_json_string():
    check("json_string", '{"a": [1, 2]}')
    assert "Invalid JSON string" in refusal("json_string", "{a:")


def test_test_constr_waits_then_passes():
    check("test_constr", "0")
    assert "is not a number" in refusal("test_constr", "soon")


def test_nova_network_accepts_anything_now():
    check("nova.network", "any-net")


def test_constraints_of_services_without_a_client_plugin_say_so():
    with pytest.raises(exception.ConstraintServiceUnavailable) as error:
        check("neutron.lbaas.pool", "pool-1")
    assert str(error.value) == (
        "HEAT-E99001 Service neutron is not available for custom constraint neutron.lbaas.pool, "
        "reason: no client plugin for this service is installed"
    )
    assert isinstance(error.value, exception.ResourceTypeUnavailable)


def test_lookups_without_clients_on_the_context_say_the_service_is_unavailable():
    with pytest.raises(exception.ConstraintServiceUnavailable) as error:
        check("nova.flavor", "m1.small")
    assert str(error.value) == (
        "HEAT-E99001 Service nova is not available for custom constraint nova.flavor, "
        "reason: the request has no clients for other services"
    )
