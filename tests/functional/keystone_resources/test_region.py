"""OS::Keystone::Region against the real Keystone: created, changed in place, shown, deleted."""

import uuid

import pytest
from keystoneauth1 import exceptions as ks_exceptions

from heat.common import exception


def region_template(**properties) -> dict:
    return {
        "heat_template_version": "2021-04-16",
        "resources": {"region": {"type": "OS::Keystone::Region", "properties": properties}},
        "outputs": {
            "region_id": {"value": {"get_resource": "region"}},
            "show": {"value": {"get_attr": ["region", "show"]}},
        },
    }


def unique_id() -> str:
    return "heat-region-%s" % uuid.uuid4().hex[:8]


def test_region_is_created_with_its_id_url_encoded(admin_stacks, identity_admin):
    region_id = unique_id()
    template = region_template(id=region_id + " east", description="made", enabled=False)
    identity = admin_stacks.create(template)
    assert admin_stacks.state(identity)[:2] == ("CREATE", "COMPLETE")
    assert admin_stacks.outputs(identity)["region_id"] == region_id + "%20east"
    # Keystone keeps the encoded id, so a URL path holds it encoded once more.
    region = identity_admin.regions.get(region_id + "%2520east")
    assert region.id == region_id + "%20east"
    assert (region.description, region.enabled) == ("made", False)
    admin_stacks.delete(identity)


def test_region_without_an_id_gets_one_from_keystone(admin_stacks, identity_admin):
    identity = admin_stacks.create(region_template())
    region_id = admin_stacks.outputs(identity)["region_id"]
    assert identity_admin.regions.get(region_id).enabled is True
    admin_stacks.delete(identity)


def test_region_is_made_under_its_parent_region(admin_stacks, identity_admin):
    parent = identity_admin.regions.create(id=unique_id())
    identity = admin_stacks.create(region_template(id=unique_id(), parent_region=parent.id))
    region = identity_admin.regions.get(admin_stacks.outputs(identity)["region_id"])
    assert region.parent_region_id == parent.id
    admin_stacks.delete(identity)
    identity_admin.regions.delete(parent.id)


def test_region_of_an_encoded_id_is_the_parent_of_another_in_the_stack(
    admin_stacks, identity_admin
):
    parent_id, child_id = unique_id(), unique_id()
    template = region_template(id=child_id, parent_region={"get_resource": "parent"})
    template["resources"]["parent"] = {
        "type": "OS::Keystone::Region",
        "properties": {"id": parent_id + " north"},
    }
    identity = admin_stacks.create(template)
    assert admin_stacks.state(identity)[:2] == ("CREATE", "COMPLETE")
    region = identity_admin.regions.get(child_id)
    assert region.parent_region_id == parent_id + "%20north"
    admin_stacks.delete(identity)


def test_region_is_changed_in_place(admin_stacks, identity_admin):
    parent = identity_admin.regions.create(id=unique_id())
    region_id = unique_id()
    identity = admin_stacks.create(region_template(id=region_id, description="before"))

    changed = region_template(
        id=region_id, description="after", enabled=False, parent_region=parent.id
    )
    stack = admin_stacks.update(identity, changed)
    assert (stack["stack_action"], stack["stack_status"]) == ("UPDATE", "COMPLETE")
    region = identity_admin.regions.get(region_id)
    assert (region.description, region.enabled) == ("after", False)
    assert region.parent_region_id == parent.id
    admin_stacks.delete(identity)
    identity_admin.regions.delete(parent.id)


def test_new_id_replaces_the_region(admin_stacks, identity_admin):
    old_id, new_id = unique_id(), unique_id()
    identity = admin_stacks.create(region_template(id=old_id))
    stack = admin_stacks.update(identity, region_template(id=new_id))
    assert (stack["stack_action"], stack["stack_status"]) == ("UPDATE", "COMPLETE")
    assert admin_stacks.outputs(identity)["region_id"] == new_id
    assert identity_admin.regions.get(new_id).id == new_id
    with pytest.raises(ks_exceptions.NotFound):
        identity_admin.regions.get(old_id)
    admin_stacks.delete(identity)


def test_show_attribute_is_the_region_as_keystone_describes_it(admin_stacks):
    region_id = unique_id()
    identity = admin_stacks.create(region_template(id=region_id + " west", description="shown"))
    show = admin_stacks.outputs(identity)["show"]
    assert (show["id"], show["description"]) == (region_id + "%20west", "shown")
    assert show["parent_region_id"] is None
    admin_stacks.delete(identity)


def test_region_is_deleted_with_the_stack(admin_stacks, identity_admin):
    region_id = unique_id()
    identity = admin_stacks.create(region_template(id=region_id + " north"))
    admin_stacks.delete(identity)
    assert admin_stacks.state(identity)[:2] == ("DELETE", "COMPLETE")
    with pytest.raises(ks_exceptions.NotFound):
        identity_admin.regions.get(region_id + "%2520north")


def test_unknown_parent_region_fails_validation(admin_stacks):
    expected = r"parent_region: .* The KeystoneRegion \(no-such-region\) could not be found"
    with pytest.raises(exception.StackValidationFailed, match=expected):
        admin_stacks.create(region_template(parent_region="no-such-region"))
