"""OS::Neutron::ProviderNet against the lab's Neutron (ML2 with a flat physnet
``public`` taken by the lab's external network, vxlan and local tenant networks):
provider keys sent, changes in place and by replacement, check, deleted outside heat."""

import pytest

from heat.common import exception
from tests.functional.lab.neutron.conftest import stack_template


def template(**properties) -> dict:
    return stack_template(
        {"net": {"type": "OS::Neutron::ProviderNet", "properties": properties}},
        {
            "id": {"get_resource": "net"},
            "status": {"get_attr": ["net", "status"]},
            "segments": {"get_attr": ["net", "segments"]},
        },
    )


def test_a_vxlan_provider_network(admin_stacks, admin_cloud, unique_name):
    identity = admin_stacks.create(
        template(name=unique_name, network_type="vxlan", segmentation_id="4001", tags=["x"])
    )
    assert admin_stacks.state(identity)[:2] == ("CREATE", "COMPLETE"), admin_stacks.state(identity)
    outputs = admin_stacks.outputs(identity)
    network = admin_cloud.network.get_network(outputs["id"])
    assert (network.provider_network_type, network.provider_segmentation_id) == ("vxlan", 4001)
    assert (network.is_shared, network.is_router_external, network.tags) == (True, False, ["x"])
    assert [segment["segmentation_id"] for segment in outputs["segments"]] == [4001]
    admin_stacks.delete(identity)
    assert admin_cloud.network.find_network(outputs["id"]) is None


# It makes a second external network for a while: EC2's addresses and gateways, which take
# "the" external network, run on the same worker (tools/run-tests.sh: --dist loadgroup).
@pytest.mark.xdist_group("external_networks")
def test_name_sharing_and_external_change_in_place(admin_stacks, admin_cloud, unique_name):
    identity = admin_stacks.create(template(network_type="local"))
    network_id = admin_stacks.outputs(identity)["id"]
    stack = admin_stacks.update(
        identity,
        template(network_type="local", name=unique_name, shared=False, router_external=True),
    )
    assert stack["stack_status"] == "COMPLETE", stack["stack_status_reason"]
    assert admin_stacks.outputs(identity)["id"] == network_id
    network = admin_cloud.network.get_network(network_id)
    assert (network.name, network.is_shared, network.is_router_external) == (
        unique_name,
        False,
        True,
    )
    admin_stacks.delete(identity)


def test_a_new_tenant_replaces_the_network(admin_stacks, admin_cloud, lab_demo):
    identity = admin_stacks.create(template(network_type="local"))
    old_id = admin_stacks.outputs(identity)["id"]
    stack = admin_stacks.update(
        identity, template(network_type="local", tenant_id=lab_demo.project_id)
    )
    assert stack["stack_status"] == "COMPLETE", stack["stack_status_reason"]
    new_id = admin_stacks.outputs(identity)["id"]
    assert new_id != old_id and admin_cloud.network.find_network(old_id) is None
    assert admin_cloud.network.get_network(new_id).project_id == lab_demo.project_id
    admin_stacks.delete(identity)


def test_a_taken_flat_physnet_fails_with_neutrons_reason(admin_stacks):
    identity = admin_stacks.create(template(network_type="flat", physical_network="public"))
    action, status, reason = admin_stacks.state(identity)
    assert (action, status) == ("CREATE", "FAILED") and "public" in reason


@pytest.mark.parametrize(
    ("properties", "message"),
    [
        ({"network_type": "flat", "segmentation_id": "3"}, "segmentation_id not allowed"),
        ({"network_type": "vxlan", "physical_network": "p"}, "physical_network not allowed"),
    ],
)
def test_provider_keys_that_do_not_fit_the_type_fail_validation(admin_stacks, properties, message):
    with pytest.raises(exception.StackValidationFailed, match=message):
        admin_stacks.create(template(**properties))


def test_a_member_may_not_create_provider_networks(demo_stacks):
    identity = demo_stacks.create(template(network_type="local"))
    action, status, reason = demo_stacks.state(identity)
    assert (action, status) == ("CREATE", "FAILED") and "policy" in reason


def test_a_provider_network_deleted_outside_heat_fails_check_and_is_deleted_with_the_stack(
    admin_stacks, admin_cloud
):
    identity = admin_stacks.create(template(network_type="local"))
    assert admin_stacks.check(identity)["stack_status"] == "COMPLETE"
    admin_cloud.network.delete_network(admin_stacks.outputs(identity)["id"])
    assert admin_stacks.check(identity)["stack_status"] == "FAILED"
    admin_stacks.delete(identity)
    assert admin_stacks.state(identity)[:2] == ("DELETE", "COMPLETE")
