"""OS::Keystone::Role against the real Keystone: created, renamed in place, deleted."""

import uuid

import pytest
from keystoneauth1 import exceptions as ks_exceptions

from heat.common import exception


def role_template(**properties) -> dict:
    return {
        "heat_template_version": "2021-04-16",
        "resources": {"role": {"type": "OS::Keystone::Role", "properties": properties}},
        "outputs": {"role_id": {"value": {"get_resource": "role"}}},
    }


def test_role_is_created_renamed_and_deleted(admin_stacks, identity_admin):
    name = "heat-role-%s" % uuid.uuid4().hex[:8]
    identity = admin_stacks.create(role_template(name=name))
    assert admin_stacks.state(identity)[:2] == ("CREATE", "COMPLETE")
    role_id = admin_stacks.outputs(identity)["role_id"]
    assert identity_admin.roles.get(role_id).name == name

    stack = admin_stacks.update(identity, role_template(name=name + "-renamed"))
    assert (stack["stack_action"], stack["stack_status"]) == ("UPDATE", "COMPLETE")
    assert admin_stacks.outputs(identity)["role_id"] == role_id
    assert identity_admin.roles.get(role_id).name == name + "-renamed"

    admin_stacks.delete(identity)
    with pytest.raises(ks_exceptions.NotFound):
        identity_admin.roles.get(role_id)


def test_role_without_a_name_is_named_after_the_resource(admin_stacks, identity_admin):
    identity = admin_stacks.create(role_template(), name="unnamed-role")
    role = identity_admin.roles.get(admin_stacks.outputs(identity)["role_id"])
    assert role.name.startswith("unnamed-role-role-")
    admin_stacks.delete(identity)


def test_domain_role_is_made_in_the_domain_named(admin_stacks, identity_admin):
    identity = admin_stacks.create(role_template(domain="Default"))
    role = identity_admin.roles.get(admin_stacks.outputs(identity)["role_id"])
    assert role.domain_id == "default"
    admin_stacks.delete(identity)


def test_unknown_domain_fails_validation(admin_stacks):
    expected = r"domain: .* The KeystoneDomain \(no-such-domain\) could not be found"
    with pytest.raises(exception.StackValidationFailed, match=expected):
        admin_stacks.create(role_template(domain="no-such-domain"))
