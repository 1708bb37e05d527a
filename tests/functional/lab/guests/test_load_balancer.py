"""AWS::ElasticLoadBalancing::LoadBalancer in the lab, balancing an autoscaling group.

The balancer is a nested stack with a real instance (LB_instance) in the test's subnet:
the deployment's ``loadbalancer_template`` is the built-in template with a ``SubnetId``
added, as an operator whose cloud has more than one network writes it (without one, the
lab's Nova cannot tell which network the instance goes on). The instance is not played:
its boot script installs HAProxy with yum and SELinux tools, which a played guest has not.
Instead the test does what the script does last, run the real ``cfn-signal`` on the wait
condition handle's URL. The group then gives the balancer its instances, whose addresses
the HAProxy configuration in LB_instance's metadata lists, and again when an
``AWS::CloudWatch::Alarm``, fed high CPU samples through the CloudWatch API (boto3's
PutMetricData), grows it by a scaling policy.
"""

import re
import subprocess
import time
import urllib.parse
from collections.abc import Callable

import yaml

from heat.engine.resources.aws.lb import load_balancer
from tests.fixtures.guests import parts
from tests.functional.aws.native import Stack
from tests.functional.lab.guests.conftest import user_data

CONFIG_FILE = "/etc/haproxy/haproxy.cfg"


def write_balancer_template(path, subnet_id: str) -> None:
    """The built-in template, with LB_instance in the subnet, at ``path``."""
    template = yaml.safe_load(load_balancer.BUILT_IN_TEMPLATE.read_text())
    template["Resources"]["LB_instance"]["Properties"]["SubnetId"] = subnet_id
    path.write_text(yaml.safe_dump(template))


def nested_stack(stacks, stack: Stack, name: str) -> Stack:
    """The nested stack of the resource ``name``, by its ``nested`` link."""
    resource = stacks.resource(stack, name)
    (href,) = [link["href"] for link in resource["links"] if link["rel"] == "nested"]
    path = urllib.parse.urlsplit(href).path
    nested_name, nested_id = path.rstrip("/").split("/")[-2:]
    return Stack(nested_name, nested_id, path)


def signal_url(user_data: bytes) -> str:
    """The wait condition handle's URL, as the last command of the boot script has it."""
    (script,) = [part.payload for part in parts(user_data) if part.filename == "cfn-userdata"]
    *_, last = re.findall(r"cfn-signal -e 0 .* '(http[^']+)'", script)
    return last


def haproxy_servers(stacks, balancer: Stack) -> list[str]:
    """The ``server`` lines of the HAProxy configuration in LB_instance's metadata."""
    answer = stacks.call("GET", balancer.path + "/resources/LB_instance/metadata")
    assert answer.status_code == 200, answer.text
    files = answer.json()["metadata"]["AWS::CloudFormation::Init"]["config"]["files"]
    lines = files[CONFIG_FILE]["content"].splitlines()
    return [line.split()[2] for line in lines if line.strip().startswith("server ")]


def busy(cloudwatch, stack_outputs: dict) -> Callable[[], None]:
    """Report the high CPU load that sets the stack's alarm off (with PutMetricData)."""
    sample = {
        "MetricName": "CPUUtilization",
        "Value": 95.0,
        "Unit": "Percent",
        "Dimensions": [{"Name": "AlarmName", "Value": stack_outputs["alarm"]}],
    }
    return lambda: cloudwatch.put_metric_data(Namespace="system/linux", MetricData=[sample])


def wait_for_servers(
    stacks, balancer: Stack, count: int, feed: Callable[[], None], timeout: float = 180
) -> list[str]:
    """The configuration's servers once there are ``count`` of them, calling ``feed`` on
    the way (the alarm's action grows the group, which then reloads the balancer)."""
    deadline = time.monotonic() + timeout
    while True:
        feed()
        servers = haproxy_servers(stacks, balancer)
        if len(servers) == count:
            return servers
        assert time.monotonic() < deadline, "the balancer still has %s" % servers
        time.sleep(1)


def group_addresses(demo_cloud, stacks, stack: Stack) -> set[str]:
    """The addresses of the group's servers, as Nova shows them."""
    group = nested_stack(stacks, stack, "group")
    members = stacks.call("GET", group.path + "/resources").json()["resources"]
    found = set()
    for member in members:
        server = demo_cloud.compute.get_server(member["physical_resource_id"])
        (address,) = [entry["addr"] for entries in server.addresses.values() for entry in entries]
        found.add(address)
    return found


def test_an_alarm_grows_a_group_of_instances_and_its_load_balancer_follows(
    loadbalancer_template,
    guest_stacks,
    routed_network,
    lab_names,
    agents,
    demo_cloud,
    admin_cloud,
    lab_cloudwatch,
):
    _, subnet = routed_network
    write_balancer_template(loadbalancer_template, subnet.id)
    parameters = {
        "LbImageId": lab_names["image"],
        "LbFlavor": lab_names["flavor"],
        "Subnet": subnet.id,
    }
    stack = guest_stacks.create("load_balanced_group.yaml", parameters)
    guest_stacks.wait_for_resource(stack, "balancer", "CREATE_IN_PROGRESS")
    balancer = nested_stack(guest_stacks, stack, "balancer")
    instance = guest_stacks.wait_for_resource(balancer, "LB_instance", "CREATE_COMPLETE", 120)
    url = signal_url(user_data(admin_cloud, instance["physical_resource_id"]))
    signal = [agents.cfn_signal, "-e", "0", "-r", "LB server setup complete", url]
    result = subprocess.run(signal, capture_output=True, text=True, timeout=60)
    assert result.returncode == 0, result.stderr
    guest_stacks.wait_for(stack, "CREATE_COMPLETE", timeout=180)

    lb_server = demo_cloud.compute.get_server(instance["physical_resource_id"])
    (lb_port,) = demo_cloud.network.ports(device_id=lb_server.id)
    assert lb_port.fixed_ips[0]["subnet_id"] == subnet.id
    assert guest_stacks.outputs(stack)["dns"] == lb_port.fixed_ips[0]["ip_address"]
    (first,) = group_addresses(demo_cloud, guest_stacks, stack)
    assert haproxy_servers(guest_stacks, balancer) == ["%s:8080" % first]

    feed = busy(lab_cloudwatch, guest_stacks.outputs(stack))
    servers = wait_for_servers(guest_stacks, balancer, 2, feed)
    addresses = group_addresses(demo_cloud, guest_stacks, stack)
    assert sorted(servers) == sorted("%s:8080" % address for address in addresses)
    assert servers[0] == "%s:8080" % first  # the oldest member first

    guest_stacks.delete(stack, timeout=180)
    assert demo_cloud.compute.find_server(lb_server.id) is None
