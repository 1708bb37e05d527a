"""OS::Manila::ShareNetwork and SecurityService against the lab's Manila: a share network
on a Neutron subnet whose security services and fields change in place; a share on it (a
backend that makes share servers) that gets a share server with ports on the subnet, an
update Manila refuses while the network is in use, and nothing left after the delete."""

import uuid

import pytest

from heat.common import exception
from tests.functional.lab.manila.helpers import manila, share, template


def neutron(cidr: str) -> dict:
    return {
        "net": {"type": "OS::Neutron::Net"},
        "subnet": {
            "type": "OS::Neutron::Subnet",
            "properties": {"network": {"get_resource": "net"}, "cidr": cidr},
        },
    }


def security_service(kind: str, **properties) -> dict:
    return {
        "type": "OS::Manila::SecurityService",
        "properties": {"type": kind, **properties},
    }


def network_services(cloud, network_id: str) -> set:
    found = manila(cloud, "/security-services?share_network_id=%s" % network_id)
    return {service["name"] for service in found["security_services"]}


def test_a_share_network_changes_its_security_services_in_place(demo_stacks, demo_cloud):
    suffix = uuid.uuid4().hex[:8]
    ldap = security_service(
        "ldap", name="ldap-" + suffix, server="10.9.0.5", dns_ip="10.9.0.2", user="u", password="p"
    )
    kerberos = security_service("kerberos", name="krb-" + suffix, domain="example.org")
    network = {
        "type": "OS::Manila::ShareNetwork",
        "properties": {
            "name": "files",
            "neutron_subnet": {"get_resource": "subnet"},
            "security_services": [{"get_resource": "ldap"}],
        },
        "depends_on": ["kerberos"],
    }
    resources = {**neutron("10.91.0.0/24"), "ldap": ldap, "kerberos": kerberos, "sn": network}
    outputs = {name: {"get_resource": name} for name in ("sn", "net", "subnet", "ldap")}
    identity = demo_stacks.create(template(resources, outputs))
    assert demo_stacks.state(identity)[:2] == ("CREATE", "COMPLETE")
    ids = demo_stacks.outputs(identity)
    stored = manila(demo_cloud, "/share-networks/%s" % ids["sn"])["share_network"]
    assert (stored["neutron_net_id"], stored["neutron_subnet_id"]) == (ids["net"], ids["subnet"])
    assert network_services(demo_cloud, ids["sn"]) == {"ldap-" + suffix}

    network["properties"].update(
        name="files2", description="moved", security_services=["krb-" + suffix]
    )
    ldap["properties"].update(server="10.9.0.6", dns_ip="10.9.0.3")
    stack = demo_stacks.update(identity, template(resources, outputs))
    assert stack["stack_status"] == "COMPLETE", stack["stack_status_reason"]
    assert demo_stacks.outputs(identity) == ids
    stored = manila(demo_cloud, "/share-networks/%s" % ids["sn"])["share_network"]
    assert (stored["name"], stored["description"]) == ("files2", "moved")
    assert network_services(demo_cloud, ids["sn"]) == {"krb-" + suffix}
    service = manila(demo_cloud, "/security-services/%s" % ids["ldap"])["security_service"]
    assert (service["server"], service["dns_ip"]) == ("10.9.0.6", "10.9.0.3")
    demo_stacks.delete(identity)
    assert manila(demo_cloud, "/share-networks/%s" % ids["sn"]) is None
    assert manila(demo_cloud, "/security-services/%s" % ids["ldap"]) is None


def manila_ports(cloud, network_id: str) -> list:
    return list(cloud.network.ports(network_id=network_id, device_owner="manila:share"))


def test_a_share_on_a_share_network_gets_a_share_server_and_leaves_nothing(
    admin_stacks, admin_cloud
):
    servers = {
        "type": "OS::Manila::ShareType",
        "properties": {
            "name": "servers-%s" % uuid.uuid4().hex[:8],
            "driver_handles_share_servers": True,
        },
    }
    network = {
        "type": "OS::Manila::ShareNetwork",
        "properties": {
            "neutron_network": {"get_resource": "net"},
            "neutron_subnet": {"get_resource": "subnet"},
        },
    }
    placed = share(share_type={"get_resource": "servers"}, share_network={"get_resource": "sn"})
    resources = {**neutron("10.92.0.0/24"), "servers": servers, "sn": network, "share": placed}
    outputs = {
        "share": {"get_resource": "share"},
        "sn": {"get_resource": "sn"},
        "net": {"get_resource": "net"},
        "server": {"get_attr": ["share", "share_server_id"]},
        "exports": {"get_attr": ["share", "export_locations"]},
        "cidr": {"get_attr": ["sn", "cidr"]},
        "ip_version": {"get_attr": ["sn", "ip_version"]},
    }
    identity = admin_stacks.create(template(resources, outputs))
    assert admin_stacks.state(identity)[:2] == ("CREATE", "COMPLETE")
    found = admin_stacks.outputs(identity)
    assert found["server"]
    assert any(path.startswith("10.92.0.") for path in found["exports"])
    assert (found["cidr"], found["ip_version"]) == ("10.92.0.0/24", 4)
    assert len(manila_ports(admin_cloud, found["net"])) == 2

    resources["ldap"] = security_service("ldap", server="10.9.0.5")
    network["properties"]["security_services"] = [{"get_resource": "ldap"}]
    stack = admin_stacks.update(identity, template(resources, outputs))
    assert stack["stack_status"] == "FAILED"
    assert "Cannot add security services. Share network is used." in stack["stack_status_reason"]

    admin_stacks.delete(identity)
    assert manila(admin_cloud, "/shares/%s" % found["share"]) is None
    assert manila(admin_cloud, "/share-networks/%s" % found["sn"]) is None
    assert admin_cloud.network.find_network(found["net"]) is None


def test_a_subnet_of_another_network_is_refused(demo_stacks, demo_cloud):
    one = demo_cloud.network.create_network(name="one-%s" % uuid.uuid4().hex[:8])
    other = demo_cloud.network.create_network(name="other-%s" % uuid.uuid4().hex[:8])
    try:
        subnet = demo_cloud.network.create_subnet(
            network_id=other.id, cidr="10.93.0.0/24", ip_version=4
        )
        network = {
            "type": "OS::Manila::ShareNetwork",
            "properties": {"neutron_network": one.id, "neutron_subnet": subnet.id},
        }
        with pytest.raises(
            exception.StackValidationFailed,
            match="Provided neutron_subnet does not belong to provided neutron_network.",
        ):
            demo_stacks.create(template({"sn": network}))
    finally:
        demo_cloud.network.delete_network(other.id)
        demo_cloud.network.delete_network(one.id)
