"""A whole network in one template: net, subnet, security group, port and an
OS::Nova::Server on that port reach CREATE_COMPLETE and are deleted cleanly; the server's
``networks`` are keyed by the network's name even when another network has that name."""

from tests.functional.lab.neutron.conftest import stack_template


def test_a_server_on_a_port_of_its_own_network(demo_stacks, demo_cloud, lab_names, unique_name):
    written = stack_template(
        {
            "net": {"type": "OS::Neutron::Net", "properties": {"name": unique_name}},
            "subnet": {
                "type": "OS::Neutron::Subnet",
                "properties": {"network": {"get_resource": "net"}, "cidr": "10.7.0.0/24"},
            },
            "group": {
                "type": "OS::Neutron::SecurityGroup",
                "properties": {
                    "rules": [{"protocol": "tcp", "port_range_min": 22, "port_range_max": 22}]
                },
            },
            "port": {
                "type": "OS::Neutron::Port",
                "properties": {
                    "network": {"get_resource": "net"},
                    "fixed_ips": [{"subnet": {"get_resource": "subnet"}, "ip_address": "10.7.0.5"}],
                    "security_groups": [{"get_resource": "group"}],
                },
            },
            "server": {
                "type": "OS::Nova::Server",
                "properties": {
                    "image": lab_names["image"],
                    "flavor": lab_names["flavor"],
                    "networks": [{"port": {"get_resource": "port"}}],
                },
            },
        },
        {
            "server": {"get_resource": "server"},
            "port": {"get_resource": "port"},
            "net": {"get_resource": "net"},
            "group": {"get_resource": "group"},
            "first_address": {"get_attr": ["server", "first_address"]},
            "networks": {"get_attr": ["server", "networks"]},
        },
    )
    namesake = demo_cloud.network.create_network(name=unique_name)
    try:
        identity = demo_stacks.create(written)
        state = demo_stacks.state(identity)
        assert state[:2] == ("CREATE", "COMPLETE"), state
        outputs = demo_stacks.outputs(identity)
    finally:
        demo_cloud.network.delete_network(namesake)
    port = demo_cloud.network.get_port(outputs["port"])
    assert port.device_id == outputs["server"]
    assert port.security_group_ids == [outputs["group"]]
    assert outputs["first_address"] == "10.7.0.5"
    assert outputs["networks"][unique_name] == ["10.7.0.5"]
    assert demo_cloud.compute.get_server(outputs["server"]).status == "ACTIVE"

    demo_stacks.delete(identity)
    assert demo_stacks.state(identity)[:2] == ("DELETE", "COMPLETE")
    assert demo_cloud.compute.find_server(outputs["server"]) is None
    assert demo_cloud.network.find_port(outputs["port"]) is None
    assert demo_cloud.network.find_network(outputs["net"]) is None
    assert demo_cloud.network.find_security_group(outputs["group"]) is None
