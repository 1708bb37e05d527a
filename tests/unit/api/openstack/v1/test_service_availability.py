"""Types whose service the caller cannot use (Keystone under noauth, with no Keystone URL)
are not listed, have no schema, and refuse to be created: HEAT-E99001, as upstream."""

from tests.unit.api.conftest import TENANT, call

ROLE_STACK = {
    "stack_name": "roles",
    "template": {
        "heat_template_version": "2021-04-16",
        "resources": {"role": {"type": "OS::Keystone::Role"}},
    },
}
REASON = "No Keystone URL is known: set [clients_keystone] auth_uri."


def test_keystone_types_are_not_listed(real_app):
    listed = call(real_app, "GET", "/v1/%s/resource_types" % TENANT).json["resource_types"]
    assert "OS::Heat::None" in listed
    assert [name for name in listed if name.startswith("OS::Keystone::")] == []


def test_keystone_type_schema_is_unavailable(real_app):
    answer = call(real_app, "GET", "/v1/%s/resource_types/OS::Keystone::Role" % TENANT)
    assert answer.status_int == 400
    assert answer.json["error"]["type"] == "ResourceTypeUnavailable"
    assert answer.json["error"]["message"] == (
        "HEAT-E99001 Service keystone is not available for resource type "
        "OS::Keystone::Role, reason: " + REASON
    )


def test_stack_of_a_keystone_type_is_refused(real_app):
    answer = call(real_app, "POST", "/v1/%s/stacks" % TENANT, ROLE_STACK)
    assert answer.status_int == 400
    assert answer.json["error"]["type"] == "ResourceTypeUnavailable"
    assert REASON in answer.json["error"]["message"]
    assert call(real_app, "GET", "/v1/%s/stacks" % TENANT).json["stacks"] == []
