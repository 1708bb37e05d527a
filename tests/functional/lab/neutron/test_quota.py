"""OS::Neutron::Quota against the lab's Neutron (the admin's stacks): the demo project's
quotas set by its name, changed in place, a new project replacing the resource, Neutron's
defaults back on delete, and a check after the quotas were reset outside heat."""

import pytest

from heat.common import exception
from tests.functional.lab.neutron.conftest import stack_template

# One worker runs them in turn: the tests set and reset the same projects' quotas.
pytestmark = pytest.mark.xdist_group("neutron_quota")


def template(project, **quotas) -> dict:
    return stack_template(
        {"quota": {"type": "OS::Neutron::Quota", "properties": {"project": project, **quotas}}},
        {"quota": {"get_resource": "quota"}},
    )


@pytest.fixture
def defaults(admin_cloud, lab_demo, lab_admin):
    """Neutron's default quotas; the demo and admin projects are put back on them after."""
    yield admin_cloud.network.get_quota_default(lab_demo.project_id)
    for project in (lab_demo, lab_admin):
        admin_cloud.network.delete_quota(project.project_id)


def test_the_demo_projects_quotas_by_name(admin_stacks, admin_cloud, lab_demo, defaults):
    identity = admin_stacks.create(template(lab_demo.project_name, network=77, port=-1))
    assert admin_stacks.state(identity)[:2] == ("CREATE", "COMPLETE"), admin_stacks.state(identity)
    quota = admin_cloud.network.get_quota(lab_demo.project_id)
    assert (quota.networks, quota.ports, quota.routers) == (77, -1, defaults.routers)
    admin_stacks.delete(identity)
    quota = admin_cloud.network.get_quota(lab_demo.project_id)
    assert (quota.networks, quota.ports) == (defaults.networks, defaults.ports)


def test_quotas_change_in_place(admin_stacks, admin_cloud, lab_demo, defaults):
    identity = admin_stacks.create(template(lab_demo.project_id, network=77, port=-1))
    resource_id = admin_stacks.outputs(identity)["quota"]
    stack = admin_stacks.update(
        identity, template(lab_demo.project_id, network=78, subnetpool=9, rbac_policy=11)
    )
    assert stack["stack_status"] == "COMPLETE", stack["stack_status_reason"]
    assert admin_stacks.outputs(identity)["quota"] == resource_id
    quota = admin_cloud.network.get_quota(lab_demo.project_id)
    # A quota the template stops giving keeps its value, as upstream leaves it.
    assert (quota.networks, quota.ports, quota.subnet_pools, quota.rbac_policies) == (
        78,
        -1,
        9,
        11,
    )
    admin_stacks.delete(identity)


def test_a_new_project_replaces_the_quotas(
    admin_stacks, admin_cloud, lab_demo, lab_admin, defaults
):
    identity = admin_stacks.create(template(lab_demo.project_id, router=33))
    stack = admin_stacks.update(identity, template(lab_admin.project_id, router=34))
    assert stack["stack_status"] == "COMPLETE", stack["stack_status_reason"]
    assert admin_cloud.network.get_quota(lab_demo.project_id).routers == defaults.routers
    assert admin_cloud.network.get_quota(lab_admin.project_id).routers == 34
    admin_stacks.delete(identity)
    assert admin_cloud.network.get_quota(lab_admin.project_id).routers == defaults.routers


def test_quotas_reset_outside_heat_still_pass_check(admin_stacks, admin_cloud, lab_demo, defaults):
    identity = admin_stacks.create(template(lab_demo.project_id, floatingip=44))
    assert admin_stacks.check(identity)["stack_status"] == "COMPLETE"
    admin_cloud.network.delete_quota(lab_demo.project_id)
    # A project always has quotas: Neutron's defaults are still quotas to check.
    assert admin_stacks.check(identity)["stack_status"] == "COMPLETE"
    admin_stacks.delete(identity)
    assert admin_stacks.state(identity)[:2] == ("DELETE", "COMPLETE")


@pytest.mark.parametrize(
    ("quotas", "message"),
    [
        ({}, "At least one of the following properties must be specified"),
        ({"network": -2}, "-2 is out of range (min: -1"),
    ],
)
def test_bad_quotas_fail_validation(admin_stacks, lab_demo, quotas, message):
    with pytest.raises(exception.StackValidationFailed) as raised:
        admin_stacks.create(template(lab_demo.project_id, **quotas))
    assert message in str(raised.value)


def test_an_unknown_project_fails_validation(admin_stacks):
    with pytest.raises(exception.StackValidationFailed) as raised:
        admin_stacks.create(template("no-such-project", network=5))
    assert "no-such-project" in str(raised.value)
