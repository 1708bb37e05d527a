"""OS::Neutron::Trunk against the lab's Neutron (its ``trunk`` plugin, with heat_lab's
agentless trunk driver): a parent port with VLAN subports, subports swapped in place, a
new parent port refused, check and delete after removal outside heat."""

from tests.functional.lab.neutron.conftest import stack_template


def template(subports: dict, parent: str = "parent", name: str | None = None) -> dict:
    resources = {
        "net": {"type": "OS::Neutron::Net"},
        "subnet": {
            "type": "OS::Neutron::Subnet",
            "properties": {"network": {"get_resource": "net"}, "cidr": "10.36.0.0/24"},
        },
        **{
            port: {"type": "OS::Neutron::Port", "properties": {"network": {"get_resource": "net"}}}
            for port in ("parent", "other_parent", "sub1", "sub2", "sub3")
        },
        "trunk": {
            "type": "OS::Neutron::Trunk",
            "depends_on": ["subnet"],
            "properties": {
                "port": {"get_resource": parent},
                "sub_ports": [
                    {
                        "port": {"get_resource": port},
                        "segmentation_type": "vlan",
                        "segmentation_id": vlan,
                    }
                    for port, vlan in subports.items()
                ],
                **({"name": name} if name else {}),
            },
        },
    }
    outputs = {
        port: {"get_resource": port}
        for port in ("parent", "other_parent", "sub1", "sub2", "sub3", "trunk")
    }
    outputs["port_id"] = {"get_attr": ["trunk", "port_id"]}
    return stack_template(resources, outputs)


def subports_of(cloud, trunk_id: str) -> set:
    trunk = cloud.network.get_trunk(trunk_id)
    return {(item["port_id"], item["segmentation_id"]) for item in trunk.sub_ports}


def test_a_trunk_and_its_subports_changed_in_place(demo_stacks, demo_cloud, unique_name):
    identity = demo_stacks.create(template({"sub1": 101, "sub2": 102}, name=unique_name))
    assert demo_stacks.state(identity)[:2] == ("CREATE", "COMPLETE"), demo_stacks.state(identity)
    outputs = demo_stacks.outputs(identity)
    trunk = demo_cloud.network.get_trunk(outputs["trunk"])
    assert (trunk.name, trunk.port_id, outputs["port_id"]) == (
        unique_name,
        outputs["parent"],
        outputs["parent"],
    )
    # No agent wires it: Neutron leaves it DOWN, which heat takes as built, as upstream.
    assert trunk.status == "DOWN"
    assert subports_of(demo_cloud, outputs["trunk"]) == {
        (outputs["sub1"], 101),
        (outputs["sub2"], 102),
    }

    # sub2 leaves, sub3 comes, sub1 moves to another VLAN: in place.
    stack = demo_stacks.update(identity, template({"sub1": 201, "sub3": 103}, name="renamed"))
    assert stack["stack_status"] == "COMPLETE", stack["stack_status_reason"]
    assert demo_stacks.outputs(identity)["trunk"] == outputs["trunk"]
    assert demo_cloud.network.get_trunk(outputs["trunk"]).name == "renamed"
    assert subports_of(demo_cloud, outputs["trunk"]) == {
        (outputs["sub1"], 201),
        (outputs["sub3"], 103),
    }

    # The parent port cannot change (upstream's immutable property).
    stack = demo_stacks.update(identity, template({"sub1": 201}, parent="other_parent"))
    assert stack["stack_status"] == "FAILED"
    assert (
        "Update to properties port of trunk (OS::Neutron::Trunk) is not supported"
        in stack["stack_status_reason"]
    )
    assert demo_cloud.network.get_trunk(outputs["trunk"]).port_id == outputs["parent"]

    demo_cloud.network.delete_trunk(outputs["trunk"])
    assert demo_stacks.check(identity)["stack_status"] == "FAILED"
    demo_stacks.delete(identity)
    assert demo_stacks.state(identity)[:2] == ("DELETE", "COMPLETE")
    assert demo_cloud.network.find_port(outputs["parent"]) is None
