"""OS::Keystone::Endpoint against the real Keystone: created, changed in place, shown, deleted."""

import types
import uuid

import pytest
from keystoneauth1 import exceptions as ks_exceptions

from heat.common import exception


def endpoint_template(**properties) -> dict:
    return {
        "heat_template_version": "2021-04-16",
        "resources": {"endpoint": {"type": "OS::Keystone::Endpoint", "properties": properties}},
        "outputs": {
            "endpoint_id": {"value": {"get_resource": "endpoint"}},
            "show": {"value": {"get_attr": ["endpoint", "show"]}},
        },
    }


def unique_name(kind: str) -> str:
    return "heat-%s-%s" % (kind, uuid.uuid4().hex[:8])


@pytest.fixture
def catalog(identity_admin):
    """Two services and two regions of Keystone's catalog, made for the test."""
    made = types.SimpleNamespace(
        services=[
            identity_admin.services.create(name=unique_name("service"), type="test-type")
            for _ in range(2)
        ],
        regions=[identity_admin.regions.create(id=unique_name("region")) for _ in range(2)],
    )
    yield made
    for service in made.services:
        identity_admin.services.delete(service.id)
    for region in made.regions:
        identity_admin.regions.delete(region.id)


def test_endpoint_is_created_as_the_properties_say(admin_stacks, identity_admin, catalog):
    service, region = catalog.services[0], catalog.regions[0]
    template = endpoint_template(
        name="heat-endpoint",
        service=service.id,
        region=region.id,
        interface="internal",
        url="http://example.test:8000/v1",
        enabled=False,
    )
    identity = admin_stacks.create(template)
    assert admin_stacks.state(identity)[:2] == ("CREATE", "COMPLETE")
    endpoint = identity_admin.endpoints.get(admin_stacks.outputs(identity)["endpoint_id"])
    assert (endpoint.service_id, endpoint.region_id) == (service.id, region.id)
    assert (endpoint.interface, endpoint.url) == ("internal", "http://example.test:8000/v1")
    assert (endpoint.name, endpoint.enabled) == ("heat-endpoint", False)
    admin_stacks.delete(identity)


def test_service_may_be_given_by_name(admin_stacks, identity_admin, catalog):
    service = catalog.services[0]
    template = endpoint_template(service=service.name, interface="public", url="http://e.test")
    identity = admin_stacks.create(template)
    endpoint = identity_admin.endpoints.get(admin_stacks.outputs(identity)["endpoint_id"])
    assert endpoint.service_id == service.id
    assert (endpoint.region_id, endpoint.enabled) == (None, True)
    admin_stacks.delete(identity)


def test_endpoint_without_a_name_is_named_after_the_resource(admin_stacks, identity_admin, catalog):
    template = endpoint_template(
        service=catalog.services[0].id, interface="public", url="http://e.test"
    )
    identity = admin_stacks.create(template, name="unnamed-endpoint")
    endpoint = identity_admin.endpoints.get(admin_stacks.outputs(identity)["endpoint_id"])
    assert endpoint.name.startswith("unnamed-endpoint-endpoint-")
    admin_stacks.delete(identity)


def test_endpoint_is_changed_in_place(admin_stacks, identity_admin, catalog):
    first = dict(service=catalog.services[0].id, region=catalog.regions[0].id)
    common = dict(interface="public", url="http://before.test", name="before")
    identity = admin_stacks.create(endpoint_template(**first, **common))
    endpoint_id = admin_stacks.outputs(identity)["endpoint_id"]

    second = dict(service=catalog.services[1].name, region=catalog.regions[1].id)
    changed = dict(interface="admin", url="http://after.test", name="after", enabled=False)
    stack = admin_stacks.update(identity, endpoint_template(**second, **changed))
    assert (stack["stack_action"], stack["stack_status"]) == ("UPDATE", "COMPLETE")
    assert admin_stacks.outputs(identity)["endpoint_id"] == endpoint_id
    endpoint = identity_admin.endpoints.get(endpoint_id)
    assert (endpoint.service_id, endpoint.region_id) == (catalog.services[1].id, second["region"])
    assert (endpoint.interface, endpoint.url) == ("admin", "http://after.test")
    assert (endpoint.name, endpoint.enabled) == ("after", False)
    admin_stacks.delete(identity)


def test_show_attribute_is_the_endpoint_as_keystone_describes_it(admin_stacks, catalog):
    service = catalog.services[0]
    template = endpoint_template(service=service.id, interface="public", url="http://s.test")
    identity = admin_stacks.create(template)
    outputs = admin_stacks.outputs(identity)
    show = outputs["show"]
    assert (show["id"], show["service_id"]) == (outputs["endpoint_id"], service.id)
    assert (show["interface"], show["url"]) == ("public", "http://s.test")
    admin_stacks.delete(identity)


def test_endpoint_is_deleted_with_the_stack(admin_stacks, identity_admin, catalog):
    template = endpoint_template(
        service=catalog.services[0].id, interface="public", url="http://d.test"
    )
    identity = admin_stacks.create(template)
    endpoint_id = admin_stacks.outputs(identity)["endpoint_id"]
    admin_stacks.delete(identity)
    assert admin_stacks.state(identity)[:2] == ("DELETE", "COMPLETE")
    with pytest.raises(ks_exceptions.NotFound):
        identity_admin.endpoints.get(endpoint_id)


def test_endpoint_of_catalog_entries_of_the_same_stack(admin_stacks, identity_admin):
    template = endpoint_template(
        service={"get_resource": "service"},
        region={"get_resource": "region"},
        interface="public",
        url="http://same-stack.test",
    )
    template["resources"]["service"] = {
        "type": "OS::Keystone::Service",
        "properties": {"type": "test-type"},
    }
    template["resources"]["region"] = {"type": "OS::Keystone::Region"}
    identity = admin_stacks.create(template)
    assert admin_stacks.state(identity)[:2] == ("CREATE", "COMPLETE")
    endpoint_id = admin_stacks.outputs(identity)["endpoint_id"]
    assert identity_admin.endpoints.get(endpoint_id).url == "http://same-stack.test"
    admin_stacks.delete(identity)
    assert admin_stacks.state(identity)[:2] == ("DELETE", "COMPLETE")


def test_unknown_service_fails_validation(admin_stacks):
    expected = r"service: .* The KeystoneService \(no-such-service\) could not be found"
    template = endpoint_template(service="no-such-service", interface="public", url="http://x")
    with pytest.raises(exception.StackValidationFailed, match=expected):
        admin_stacks.create(template)


def test_service_name_of_two_services_fails_validation(admin_stacks, identity_admin, catalog):
    name = catalog.services[0].name
    twin = identity_admin.services.create(name=name, type="other-type")
    expected = "service: .* Keystone has more than one service with same name %s" % name
    template = endpoint_template(service=name, interface="public", url="http://x")
    try:
        with pytest.raises(exception.StackValidationFailed, match=expected):
            admin_stacks.create(template)
    finally:
        identity_admin.services.delete(twin.id)


def test_unknown_region_fails_validation(admin_stacks, catalog):
    expected = r"region: .* The KeystoneRegion \(no-such-region\) could not be found"
    template = endpoint_template(
        service=catalog.services[0].id, region="no-such-region", interface="public", url="x"
    )
    with pytest.raises(exception.StackValidationFailed, match=expected):
        admin_stacks.create(template)


def test_interface_must_be_public_internal_or_admin(admin_stacks, catalog):
    expected = r'interface: "private" is not an allowed value \["public", "internal", "admin"\]'
    template = endpoint_template(service=catalog.services[0].id, interface="private", url="x")
    with pytest.raises(exception.StackValidationFailed, match=expected):
        admin_stacks.create(template)
