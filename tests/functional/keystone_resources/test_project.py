"""OS::Keystone::Project against the real Keystone: created, changed in place, its attributes,
deleted."""

import uuid

import pytest
from keystoneauth1 import exceptions as ks_exceptions

from heat.common import exception

ATTRIBUTES = ("name", "parent_id", "domain_id", "enabled", "is_domain", "show")


def project_template(**properties) -> dict:
    outputs = {name: {"value": {"get_attr": ["project", name]}} for name in ATTRIBUTES}
    outputs["project_id"] = {"value": {"get_resource": "project"}}
    return {
        "heat_template_version": "2021-04-16",
        "resources": {"project": {"type": "OS::Keystone::Project", "properties": properties}},
        "outputs": outputs,
    }


def unique_name() -> str:
    return "heat-project-%s" % uuid.uuid4().hex[:8]


@pytest.fixture
def domain(identity_admin):
    """A domain made for the test (disabled and deleted after it)."""
    made = identity_admin.domains.create(name="heat-domain-%s" % uuid.uuid4().hex[:8])
    yield made
    identity_admin.domains.update(made.id, enabled=False)
    identity_admin.domains.delete(made.id)


def test_project_is_created_as_the_properties_say(admin_stacks, identity_admin):
    name = unique_name()
    template = project_template(name=name, description="made", enabled=False, tags=["a", "b"])
    identity = admin_stacks.create(template)
    assert admin_stacks.state(identity)[:2] == ("CREATE", "COMPLETE")
    project = identity_admin.projects.get(admin_stacks.outputs(identity)["project_id"])
    assert (project.name, project.domain_id) == (name, "default")
    assert (project.description, project.enabled) == ("made", False)
    assert sorted(project.tags) == ["a", "b"]
    admin_stacks.delete(identity)


def test_project_without_a_name_is_named_after_the_resource(admin_stacks, identity_admin):
    identity = admin_stacks.create(project_template(), name="unnamed-project")
    project = identity_admin.projects.get(admin_stacks.outputs(identity)["project_id"])
    assert project.name.startswith("unnamed-project-project-")
    assert (project.description, project.enabled, project.tags) == ("", True, [])
    admin_stacks.delete(identity)


def test_project_is_made_in_the_domain_named(admin_stacks, identity_admin, domain):
    identity = admin_stacks.create(project_template(name=unique_name(), domain=domain.name))
    project = identity_admin.projects.get(admin_stacks.outputs(identity)["project_id"])
    assert project.domain_id == domain.id
    admin_stacks.delete(identity)


def test_project_is_made_under_the_parent_named(admin_stacks, identity_admin):
    parent = identity_admin.projects.create(name=unique_name(), domain="default")
    identity = admin_stacks.create(project_template(name=unique_name(), parent=parent.name))
    project = identity_admin.projects.get(admin_stacks.outputs(identity)["project_id"])
    assert project.parent_id == parent.id
    admin_stacks.delete(identity)
    identity_admin.projects.delete(parent.id)


def test_project_is_changed_in_place(admin_stacks, identity_admin):
    name = unique_name()
    identity = admin_stacks.create(project_template(name=name, description="a", tags=["old"]))
    project_id = admin_stacks.outputs(identity)["project_id"]

    changed = project_template(name=name + "-2", description="b", enabled=False, tags=["new"])
    stack = admin_stacks.update(identity, changed)
    assert (stack["stack_action"], stack["stack_status"]) == ("UPDATE", "COMPLETE")
    assert admin_stacks.outputs(identity)["project_id"] == project_id
    project = identity_admin.projects.get(project_id)
    assert (project.name, project.description) == (name + "-2", "b")
    assert (project.enabled, project.tags) == (False, ["new"])
    admin_stacks.delete(identity)


def test_tags_are_cleared_in_place(admin_stacks, identity_admin):
    name = unique_name()
    identity = admin_stacks.create(project_template(name=name, tags=["a"]))
    project_id = admin_stacks.outputs(identity)["project_id"]
    admin_stacks.update(identity, project_template(name=name, tags=[]))
    assert identity_admin.projects.get(project_id).tags == []
    admin_stacks.delete(identity)


def test_domain_given_by_name_instead_of_id_keeps_the_project(admin_stacks, identity_admin):
    name = unique_name()
    identity = admin_stacks.create(project_template(name=name, domain="default"))
    project_id = admin_stacks.outputs(identity)["project_id"]
    stack = admin_stacks.update(identity, project_template(name=name, domain="Default"))
    assert (stack["stack_action"], stack["stack_status"]) == ("UPDATE", "COMPLETE")
    assert admin_stacks.outputs(identity)["project_id"] == project_id
    assert identity_admin.projects.get(project_id).domain_id == "default"
    admin_stacks.delete(identity)


def test_keystone_refuses_to_move_a_project_to_another_domain(admin_stacks, domain):
    name = unique_name()
    identity = admin_stacks.create(project_template(name=name))
    stack = admin_stacks.update(identity, project_template(name=name, domain=domain.id))
    assert (stack["stack_action"], stack["stack_status"]) == ("UPDATE", "FAILED")
    assert "Cannot change Domain ID" in stack["stack_status_reason"]
    admin_stacks.delete(identity)


def test_new_parent_replaces_the_project(admin_stacks, identity_admin):
    parent = identity_admin.projects.create(name=unique_name(), domain="default")
    # Without a name, as the new project is made while the old one still holds its name.
    identity = admin_stacks.create(project_template())
    old_id = admin_stacks.outputs(identity)["project_id"]
    stack = admin_stacks.update(identity, project_template(parent=parent.id))
    assert (stack["stack_action"], stack["stack_status"]) == ("UPDATE", "COMPLETE")
    new_id = admin_stacks.outputs(identity)["project_id"]
    assert new_id != old_id
    assert identity_admin.projects.get(new_id).parent_id == parent.id
    with pytest.raises(ks_exceptions.NotFound):
        identity_admin.projects.get(old_id)
    admin_stacks.delete(identity)
    identity_admin.projects.delete(parent.id)


def test_attributes_are_the_project_as_keystone_describes_it(admin_stacks):
    name = unique_name()
    identity = admin_stacks.create(project_template(name=name, enabled=False))
    outputs = admin_stacks.outputs(identity)
    assert (outputs["name"], outputs["domain_id"], outputs["parent_id"]) == (
        name,
        "default",
        "default",
    )
    assert (outputs["enabled"], outputs["is_domain"]) == (False, False)
    show = outputs["show"]
    assert (show["id"], show["name"]) == (outputs["project_id"], name)
    admin_stacks.delete(identity)


def test_project_is_deleted_with_the_stack(admin_stacks, identity_admin):
    identity = admin_stacks.create(project_template(name=unique_name()))
    project_id = admin_stacks.outputs(identity)["project_id"]
    admin_stacks.delete(identity)
    assert admin_stacks.state(identity)[:2] == ("DELETE", "COMPLETE")
    with pytest.raises(ks_exceptions.NotFound):
        identity_admin.projects.get(project_id)


def test_project_in_a_domain_of_the_same_stack(admin_stacks, identity_admin):
    template = project_template(name=unique_name(), domain={"get_resource": "domain"})
    template["resources"]["domain"] = {"type": "OS::Keystone::Domain"}
    identity = admin_stacks.create(template)
    assert admin_stacks.state(identity)[:2] == ("CREATE", "COMPLETE")
    outputs = admin_stacks.outputs(identity)
    domain_id = outputs["domain_id"]
    assert identity_admin.projects.get(outputs["project_id"]).domain_id == domain_id
    admin_stacks.delete(identity)
    assert admin_stacks.state(identity)[:2] == ("DELETE", "COMPLETE")
    with pytest.raises(ks_exceptions.NotFound):
        identity_admin.domains.get(domain_id)


def test_unknown_domain_fails_validation(admin_stacks):
    expected = r"domain: .* The KeystoneDomain \(no-such-domain\) could not be found"
    with pytest.raises(exception.StackValidationFailed, match=expected):
        admin_stacks.create(project_template(domain="no-such-domain"))


def test_unknown_parent_fails_validation(admin_stacks):
    expected = r"parent: .* The KeystoneProject \(no-such-project\) could not be found"
    with pytest.raises(exception.StackValidationFailed, match=expected):
        admin_stacks.create(project_template(parent="no-such-project"))
