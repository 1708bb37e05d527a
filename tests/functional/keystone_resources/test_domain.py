"""OS::Keystone::Domain against the real Keystone: created, changed in place, shown, deleted."""

import uuid

import pytest
from keystoneauth1 import exceptions as ks_exceptions


def domain_template(**properties) -> dict:
    return {
        "heat_template_version": "2021-04-16",
        "resources": {"domain": {"type": "OS::Keystone::Domain", "properties": properties}},
        "outputs": {
            "domain_id": {"value": {"get_resource": "domain"}},
            "show": {"value": {"get_attr": ["domain", "show"]}},
        },
    }


def unique_name() -> str:
    return "heat-domain-%s" % uuid.uuid4().hex[:8]


def test_domain_is_created_as_the_properties_say(admin_stacks, identity_admin):
    name = unique_name()
    template = domain_template(name=name, description="made by heat", enabled=False)
    identity = admin_stacks.create(template)
    assert admin_stacks.state(identity)[:2] == ("CREATE", "COMPLETE")
    domain = identity_admin.domains.get(admin_stacks.outputs(identity)["domain_id"])
    assert (domain.name, domain.description, domain.enabled) == (name, "made by heat", False)
    admin_stacks.delete(identity)


def test_domain_without_a_name_is_named_after_the_resource(admin_stacks, identity_admin):
    identity = admin_stacks.create(domain_template(), name="unnamed-domain")
    domain = identity_admin.domains.get(admin_stacks.outputs(identity)["domain_id"])
    assert domain.name.startswith("unnamed-domain-domain-")
    assert domain.enabled is True
    admin_stacks.delete(identity)


def test_domain_is_renamed_described_and_disabled_in_place(admin_stacks, identity_admin):
    name = unique_name()
    identity = admin_stacks.create(domain_template(name=name, description="before"))
    domain_id = admin_stacks.outputs(identity)["domain_id"]

    changed = domain_template(name=name + "-renamed", description="after", enabled=False)
    stack = admin_stacks.update(identity, changed)
    assert (stack["stack_action"], stack["stack_status"]) == ("UPDATE", "COMPLETE")
    assert admin_stacks.outputs(identity)["domain_id"] == domain_id
    domain = identity_admin.domains.get(domain_id)
    assert (domain.name, domain.description, domain.enabled) == (name + "-renamed", "after", False)
    admin_stacks.delete(identity)


def test_show_attribute_is_the_domain_as_keystone_describes_it(admin_stacks):
    name = unique_name()
    identity = admin_stacks.create(domain_template(name=name, description="shown"))
    outputs = admin_stacks.outputs(identity)
    show = outputs["show"]
    assert (show["id"], show["name"]) == (outputs["domain_id"], name)
    assert (show["description"], show["enabled"]) == ("shown", True)
    admin_stacks.delete(identity)


def test_enabled_domain_is_disabled_then_deleted(admin_stacks, identity_admin):
    identity = admin_stacks.create(domain_template(name=unique_name()))
    domain_id = admin_stacks.outputs(identity)["domain_id"]
    assert identity_admin.domains.get(domain_id).enabled is True

    admin_stacks.delete(identity)
    assert admin_stacks.state(identity)[:2] == ("DELETE", "COMPLETE")
    with pytest.raises(ks_exceptions.NotFound):
        identity_admin.domains.get(domain_id)


def test_domain_already_gone_does_not_fail_the_delete(admin_stacks, identity_admin):
    identity = admin_stacks.create(domain_template(name=unique_name()))
    domain_id = admin_stacks.outputs(identity)["domain_id"]
    identity_admin.domains.update(domain_id, enabled=False)
    identity_admin.domains.delete(domain_id)

    admin_stacks.delete(identity)
    assert admin_stacks.state(identity)[:2] == ("DELETE", "COMPLETE")
