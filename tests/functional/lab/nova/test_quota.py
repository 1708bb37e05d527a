"""OS::Nova::Quota against the lab's Nova, on a project of its own: quotas set, changed in
place, and Nova's defaults back when the stack is deleted."""

import uuid

import pytest

from heat.common import exception


@pytest.fixture
def project(admin_cloud):
    """A project no other test uses, deleted afterwards."""
    made = admin_cloud.identity.create_project(
        name="heat-quota-%s" % uuid.uuid4().hex[:8], domain_id="default"
    )
    yield made
    admin_cloud.compute.revert_quota_set(made.id)
    admin_cloud.identity.delete_project(made.id)


def template(project: str, **quotas) -> dict:
    properties = dict(project=project, **quotas)
    return {
        "heat_template_version": "2021-04-16",
        "resources": {"quota": {"type": "OS::Nova::Quota", "properties": properties}},
    }


def limits(cloud, project_id: str) -> tuple[int, int, int]:
    quotas = cloud.compute.get_quota_set(project_id)
    return quotas.cores, quotas.instances, quotas.key_pairs


def test_quotas_are_set_changed_and_reverted(admin_stacks, admin_cloud, project):
    defaults = limits(admin_cloud, project.id)
    identity = admin_stacks.create(template(project.name, cores=7, instances=3))
    try:
        assert limits(admin_cloud, project.id) == (7, 3, defaults[2])
        stack = admin_stacks.update(identity, template(project.name, cores=5, key_pairs=9))
        assert (stack["stack_action"], stack["stack_status"]) == ("UPDATE", "COMPLETE")
        assert limits(admin_cloud, project.id) == (5, 3, 9)
    finally:
        admin_stacks.delete(identity)
    assert limits(admin_cloud, project.id) == defaults


def test_a_quota_resource_needs_one_quota(admin_stacks, project):
    with pytest.raises(exception.StackValidationFailed, match="At least one of the following"):
        admin_stacks.create(template(project.id))
