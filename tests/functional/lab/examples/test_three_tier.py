"""The three-tier example of README.rst (doc/examples/three-tier.yaml) against the lab: a
routed private network, web servers as members of an Octavia pool, a floating IP on the
load balancer's VIP port and its DNS record; scaled out and in, then deleted leaving
nothing behind in Nova, Neutron, Octavia or Designate."""

import pathlib
import uuid

import yaml

from heat.common import template_format

EXAMPLES = pathlib.Path(__file__).resolve().parents[4] / "doc" / "examples"
WEB = "three-tier-web.yaml"


def environment(parameters: dict) -> dict:
    """The example's environment file with ``parameters``, as the client sends both."""
    registry = yaml.safe_load((EXAMPLES / "three-tier-env.yaml").read_text())
    return dict(registry, parameters=parameters)


def member_addresses(cloud, pool_id: str) -> list[str]:
    return sorted(member.address for member in cloud.load_balancer.members(pool_id))


def test_the_three_tier_example_is_created_scaled_and_deleted(demo_stacks, demo_cloud):
    template = template_format.parse((EXAMPLES / "three-tier.yaml").read_text())
    files = {WEB: (EXAMPLES / WEB).read_text()}
    zone_name = "three-tier-%s.test." % uuid.uuid4().hex[:8]
    parameters = {"dns_zone": zone_name, "web_count": 2}
    identity = demo_stacks.create(template, parameters=environment(parameters), files=files)
    assert demo_stacks.state(identity)[:2] == ("CREATE", "COMPLETE"), demo_stacks.state(identity)
    outputs = demo_stacks.outputs(identity)

    public = demo_cloud.network.find_network("public")
    router = demo_cloud.network.get_router(outputs["router"])
    assert router.external_gateway_info["network_id"] == public.id
    assert member_addresses(demo_cloud, outputs["pool"]) == sorted(outputs["web_addresses"])
    assert len(outputs["web_addresses"]) == 2
    floating_ip = demo_cloud.network.find_ip(outputs["floating_ip"])
    assert floating_ip.port_id == outputs["vip_port"]
    assert outputs["url"] == "http://%s/" % outputs["floating_ip"]
    [record] = [
        recordset
        for recordset in demo_cloud.dns.recordsets(outputs["zone"])
        if recordset.type == "A"
    ]
    assert (record.name, record.records) == ("www." + zone_name, [outputs["floating_ip"]])
    web_server = demo_cloud.compute.get_server(outputs["web_servers"][0])
    assert web_server.metadata == {"database": outputs["database_address"]}

    stack = demo_stacks.update(
        identity, template, parameters=environment(dict(parameters, web_count=3)), files=files
    )
    assert stack["stack_status"] == "COMPLETE", stack["stack_status_reason"]
    scaled = demo_stacks.outputs(identity)
    assert len(scaled["web_addresses"]) == 3
    assert member_addresses(demo_cloud, outputs["pool"]) == sorted(scaled["web_addresses"])
    assert set(outputs["web_servers"]) < set(scaled["web_servers"])

    stack = demo_stacks.update(
        identity, template, parameters=environment(dict(parameters, web_count=1)), files=files
    )
    assert stack["stack_status"] == "COMPLETE", stack["stack_status_reason"]
    assert (
        member_addresses(demo_cloud, outputs["pool"])
        == demo_stacks.outputs(identity)["web_addresses"]
    )

    demo_stacks.delete(identity)
    for server_id in scaled["web_servers"]:
        assert demo_cloud.compute.find_server(server_id, ignore_missing=True) is None
    assert demo_cloud.network.find_ip(outputs["floating_ip"]) is None
    assert demo_cloud.network.find_router(outputs["router"]) is None
    assert demo_cloud.network.find_port(outputs["vip_port"]) is None
    assert demo_cloud.load_balancer.find_pool(outputs["pool"], ignore_missing=True) is None
    assert demo_cloud.dns.find_zone(outputs["zone"], ignore_missing=True) is None
