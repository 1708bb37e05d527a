"""The manila.share_type, manila.share_network and manila.share_snapshot constraints
against the lab's Manila: a name or id Manila knows passes, one it does not know, or a name
two share networks share, is refused before anything is made."""

import uuid

import pytest

from heat.common import exception
from tests.functional.lab.manila.helpers import share, template


@pytest.mark.parametrize(
    ("properties", "entity"),
    [
        ({"share_type": "no-such-type"}, "share type"),
        ({"share_network": "no-such-network"}, "share network"),
        ({"snapshot": "no-such-snapshot"}, "share snapshot"),
    ],
)
def test_a_name_manila_does_not_know_is_refused(demo_stacks, properties, entity):
    name = next(iter(properties.values()))
    with pytest.raises(exception.StackValidationFailed, match="The %s \\(%s\\)" % (entity, name)):
        demo_stacks.create(template({"share": share(**properties)}))


def test_a_share_type_is_found_by_its_id(demo_stacks, demo_cloud, lab):
    type_id = lab.state["share_type"]["id"]
    identity = demo_stacks.create(template({"share": share(share_type=type_id)}))
    assert demo_stacks.state(identity)[:2] == ("CREATE", "COMPLETE")
    demo_stacks.delete(identity)


@pytest.fixture
def twins(demo_cloud):
    """Two share networks of the demo project with one name."""
    name = "twin-%s" % uuid.uuid4().hex[:8]
    files = demo_cloud.shared_file_system
    made = [files.create_share_network(name=name) for _ in range(2)]
    yield name
    for network in made:
        files.delete_share_network(network.id)


def test_a_name_two_share_networks_share_is_refused(demo_stacks, twins):
    with pytest.raises(exception.StackValidationFailed, match="Multiple physical resources"):
        demo_stacks.create(template({"share": share(share_network=twins)}))
