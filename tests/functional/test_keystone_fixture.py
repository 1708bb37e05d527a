"""The ``keystone`` fixture brings up a real, provisioned Keystone 30."""

import pytest
import requests


def _catalog_urls(token_body, service_type, region):
    """The endpoints of the fixture's region (split test deployments add regions)."""
    return {
        endpoint["interface"]: endpoint["url"]
        for service in token_body["catalog"]
        if service["type"] == service_type
        for endpoint in service["endpoints"]
        if endpoint["region_id"] == region
    }


def test_demo_token_validates_for_demo_project(keystone):
    token = keystone.user_token(keystone.demo)
    body = keystone.validate(token)
    assert (body["user"]["id"], body["project"]["id"]) == (
        keystone.demo.user_id,
        keystone.demo.project_id,
    )
    assert "member" in {role["name"] for role in body["roles"]}


def test_heat_user_is_admin_on_service_project(keystone):
    assignments = keystone.admin_get(
        "/role_assignments",
        **{
            "user.id": keystone.heat.user_id,
            "scope.project.id": keystone.heat.project_id,
        },
    )["role_assignments"]
    assert keystone.heat.project_name == "service"
    assert keystone.roles["admin"] in {entry["role"]["id"] for entry in assignments}


@pytest.mark.parametrize("role", ["heat_stack_owner", "heat_stack_user", "member", "reader"])
def test_role_exists(keystone, role):
    roles = keystone.admin_get("/roles", name=role)["roles"]
    assert [entry["id"] for entry in roles] == [keystone.roles[role]]


def test_orchestration_endpoint_is_in_catalog_for_the_project(keystone):
    body = keystone.validate(keystone.user_token(keystone.demo))
    expected = "http://127.0.0.1:8004/v1/%s" % keystone.demo.project_id
    assert _catalog_urls(body, "orchestration", keystone.region) == dict.fromkeys(
        ("public", "internal", "admin"), expected
    )


def test_cloudformation_endpoint_is_in_catalog(keystone):
    body = keystone.validate(keystone.user_token(keystone.demo))
    assert (
        _catalog_urls(body, "cloudformation", keystone.region)["public"]
        == "http://127.0.0.1:8000/v1"
    )


def test_alt_demo_cannot_scope_to_demo_project(keystone):
    with pytest.raises(requests.HTTPError) as raised:
        keystone.token(keystone.alt_demo.username, keystone.alt_demo.password, "demo")
    assert raised.value.response.status_code == 401
