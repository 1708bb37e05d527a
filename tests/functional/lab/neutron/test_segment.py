"""OS::Neutron::Segment against the lab's Neutron (the ``segments`` service plugin; the
admin's stacks): a second vxlan segment of a network, its name and description changed in
place, a new segmentation id replacing it, check and delete after it was removed outside
heat, and the network type's rules checked before Neutron is asked."""

import pytest

from heat.common import exception
from tests.functional.lab.neutron.conftest import stack_template

# One worker runs them in turn: the tests' segments all take vxlan 4711.
pytestmark = pytest.mark.xdist_group("neutron_segments")


def template(**segment) -> dict:
    """A network and one more segment of it (vxlan 4711 unless ``segment`` says)."""
    properties = {
        "network": {"get_resource": "net"},
        "network_type": "vxlan",
        "segmentation_id": 4711,
        **segment,
    }
    return stack_template(
        {
            "net": {"type": "OS::Neutron::Net"},
            "segment": {"type": "OS::Neutron::Segment", "properties": properties},
        },
        {
            "segment": {"get_resource": "segment"},
            "net": {"get_resource": "net"},
            "net_segments": {"get_attr": ["net", "segments"]},
        },
    )


def test_a_second_segment_of_a_network(admin_stacks, admin_cloud, unique_name):
    identity = admin_stacks.create(template(name=unique_name, description="second"))
    assert admin_stacks.state(identity)[:2] == ("CREATE", "COMPLETE"), admin_stacks.state(identity)
    outputs = admin_stacks.outputs(identity)
    segment = admin_cloud.network.get_segment(outputs["segment"])
    assert (segment.name, segment.description, segment.network_id) == (
        unique_name,
        "second",
        outputs["net"],
    )
    assert (segment.network_type, segment.segmentation_id) == ("vxlan", 4711)
    admin_stacks.delete(identity)
    assert admin_cloud.network.find_segment(outputs["segment"]) is None


def test_name_and_description_change_in_place(admin_stacks, admin_cloud, unique_name):
    identity = admin_stacks.create(template())
    segment_id = admin_stacks.outputs(identity)["segment"]
    stack = admin_stacks.update(identity, template(name=unique_name, description="renamed"))
    assert stack["stack_status"] == "COMPLETE", stack["stack_status_reason"]
    assert admin_stacks.outputs(identity)["segment"] == segment_id
    segment = admin_cloud.network.get_segment(segment_id)
    assert (segment.name, segment.description) == (unique_name, "renamed")
    admin_stacks.delete(identity)


def test_a_new_segmentation_id_replaces_the_segment(admin_stacks, admin_cloud):
    identity = admin_stacks.create(template())
    old = admin_stacks.outputs(identity)["segment"]
    stack = admin_stacks.update(identity, template(segmentation_id=4712))
    assert stack["stack_status"] == "COMPLETE", stack["stack_status_reason"]
    new = admin_stacks.outputs(identity)["segment"]
    assert new != old and admin_cloud.network.find_segment(old) is None
    assert admin_cloud.network.get_segment(new).segmentation_id == 4712
    admin_stacks.delete(identity)


def test_a_segment_deleted_outside_heat_fails_check_and_the_stack_still_deletes(
    admin_stacks, admin_cloud
):
    identity = admin_stacks.create(template())
    assert admin_stacks.check(identity)["stack_status"] == "COMPLETE"
    admin_cloud.network.delete_segment(admin_stacks.outputs(identity)["segment"])
    assert admin_stacks.check(identity)["stack_status"] == "FAILED"
    admin_stacks.delete(identity)
    assert admin_stacks.state(identity)[:2] == ("DELETE", "COMPLETE")


@pytest.mark.parametrize(
    ("segment", "message"),
    [
        (
            {"network_type": "flat", "segmentation_id": None},
            "physical_network is required for flat provider network",
        ),
        ({"physical_network": "public"}, "physical_network is prohibited for vxlan"),
        ({"network": "no-such-network"}, "no-such-network"),
    ],
)
def test_bad_segments_fail_validation(admin_stacks, segment, message):
    with pytest.raises(exception.StackValidationFailed) as raised:
        admin_stacks.create(template(**segment))
    assert message in str(raised.value)
