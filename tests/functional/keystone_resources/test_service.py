"""OS::Keystone::Service against the real Keystone: created, changed in place, shown, deleted."""

import uuid

import pytest
from keystoneauth1 import exceptions as ks_exceptions

from heat.common import exception


def service_template(**properties) -> dict:
    return {
        "heat_template_version": "2021-04-16",
        "resources": {"service": {"type": "OS::Keystone::Service", "properties": properties}},
        "outputs": {
            "service_id": {"value": {"get_resource": "service"}},
            "show": {"value": {"get_attr": ["service", "show"]}},
        },
    }


def unique_name() -> str:
    return "heat-service-%s" % uuid.uuid4().hex[:8]


def test_service_is_created_as_the_properties_say(admin_stacks, identity_admin):
    name = unique_name()
    template = service_template(name=name, type="test-type", description="made", enabled=False)
    identity = admin_stacks.create(template)
    assert admin_stacks.state(identity)[:2] == ("CREATE", "COMPLETE")
    service = identity_admin.services.get(admin_stacks.outputs(identity)["service_id"])
    assert (service.name, service.type) == (name, "test-type")
    assert (service.description, service.enabled) == ("made", False)
    admin_stacks.delete(identity)


def test_service_without_a_name_is_named_after_the_resource(admin_stacks, identity_admin):
    identity = admin_stacks.create(service_template(type="test-type"), name="unnamed-service")
    service = identity_admin.services.get(admin_stacks.outputs(identity)["service_id"])
    assert service.name.startswith("unnamed-service-service-")
    assert service.enabled is True
    admin_stacks.delete(identity)


def test_service_is_changed_in_place(admin_stacks, identity_admin):
    name = unique_name()
    identity = admin_stacks.create(service_template(name=name, type="before", description="a"))
    service_id = admin_stacks.outputs(identity)["service_id"]

    changed = service_template(name=name + "-2", type="after", description="b", enabled=False)
    stack = admin_stacks.update(identity, changed)
    assert (stack["stack_action"], stack["stack_status"]) == ("UPDATE", "COMPLETE")
    assert admin_stacks.outputs(identity)["service_id"] == service_id
    service = identity_admin.services.get(service_id)
    assert (service.name, service.type) == (name + "-2", "after")
    assert (service.description, service.enabled) == ("b", False)
    admin_stacks.delete(identity)


def test_show_attribute_is_the_service_as_keystone_describes_it(admin_stacks):
    name = unique_name()
    identity = admin_stacks.create(service_template(name=name, type="shown-type"))
    outputs = admin_stacks.outputs(identity)
    show = outputs["show"]
    assert (show["id"], show["name"], show["type"]) == (outputs["service_id"], name, "shown-type")
    admin_stacks.delete(identity)


def test_service_is_deleted_with_the_stack(admin_stacks, identity_admin):
    identity = admin_stacks.create(service_template(name=unique_name(), type="test-type"))
    service_id = admin_stacks.outputs(identity)["service_id"]
    admin_stacks.delete(identity)
    assert admin_stacks.state(identity)[:2] == ("DELETE", "COMPLETE")
    with pytest.raises(ks_exceptions.NotFound):
        identity_admin.services.get(service_id)


def test_service_needs_a_type(admin_stacks):
    expected = "resources.service.properties: Property type not assigned"
    with pytest.raises(exception.StackValidationFailed, match=expected):
        admin_stacks.create(service_template(name=unique_name()))
