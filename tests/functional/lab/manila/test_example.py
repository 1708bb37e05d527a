"""The Manila example of the docs (doc/examples/manila-shares.yaml), as written, against the
lab's Manila: the share is available with its rules, the share network holds its subnet
and security service, and the delete leaves none of them."""

import pathlib

from heat.common import template_format
from tests.functional.lab.manila.helpers import manila

EXAMPLE = pathlib.Path(__file__).resolve().parents[4] / "doc" / "examples" / "manila-shares.yaml"


def test_the_manila_example_is_created_as_it_says(demo_stacks, demo_cloud):
    template = template_format.parse(EXAMPLE.read_text())
    identity = demo_stacks.create(template, parameters={"office_cidr": "198.51.100.0/24"})
    assert demo_stacks.state(identity)[:2] == ("CREATE", "COMPLETE")
    outputs = demo_stacks.outputs(identity)
    assert outputs["status"] == "available" and outputs["exports"]
    share_id = demo_stacks.resource(identity, "team_share")["physical_resource_id"]
    rules = demo_cloud.shared_file_system.access_rules(share_id)
    assert {(rule.access_to, rule.access_level) for rule in rules} == {
        ("198.51.100.0/24", "ro"),
        ("10.20.0.0/24", "rw"),
    }
    network = manila(demo_cloud, "/share-networks/%s" % outputs["share_network"])
    assert network["share_network"]["neutron_subnet_id"]
    services = manila(
        demo_cloud, "/security-services/detail?share_network_id=%s" % outputs["share_network"]
    )
    assert [service["server"] for service in services["security_services"]] == ["10.20.0.5"]
    demo_stacks.delete(identity)
    assert manila(demo_cloud, "/shares/%s" % share_id) is None
    assert manila(demo_cloud, "/share-networks/%s" % outputs["share_network"]) is None
