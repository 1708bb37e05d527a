"""Drift detection through boto3's CloudFormation client against the lab: a server's
metadata, a security group's rules and a volume's size changed outside heat are reported
property by property, and an update with ``converge`` brings reality back."""

import json
import time

from tests.functional.aws import cfn
from tests.functional.aws.native import NativeStacks
from tests.functional.lab.guests.cfn_stacks import physical_ids, server


def template(lab_names, size: int) -> dict:
    return {
        "heat_template_version": "2021-04-16",
        "resources": {
            "server": server(lab_names, {"role": "web"}),
            "group": {
                "type": "OS::Neutron::SecurityGroup",
                "properties": {
                    "rules": [{"protocol": "tcp", "port_range_min": 22, "port_range_max": 22}]
                },
            },
            "volume": {"type": "OS::Cinder::Volume", "properties": {"size": size}},
        },
    }


def detected(cloudformation, stack_id) -> tuple[dict, dict]:
    """(detection status, resource drifts by name) of a new detection."""
    detection_id = cloudformation.detect_stack_drift(StackName=stack_id)["StackDriftDetectionId"]
    status = cloudformation.describe_stack_drift_detection_status(
        StackDriftDetectionId=detection_id
    )
    drifts = cloudformation.describe_stack_resource_drifts(StackName=stack_id)
    return status, {d["LogicalResourceId"]: d for d in drifts["StackResourceDrifts"]}


def wait_until_extended(demo_cloud, volume_id, size, timeout=60.0):
    deadline = time.monotonic() + timeout
    while demo_cloud.block_storage.get_volume(volume_id).size != size:
        assert time.monotonic() < deadline, "volume %s not extended" % volume_id
        time.sleep(0.5)


def test_drift_outside_heat_is_detected_and_converged(lab_heat, keystone, demo_cloud, lab_names):
    cloudformation = cfn.client(lab_heat.cfn_url + "/v1", *keystone.ec2_credentials(keystone.demo))
    name = cfn.unique_name("drift")
    stack_id = cloudformation.create_stack(
        StackName=name, TemplateBody=json.dumps(template(lab_names, 1))
    )["StackId"]
    cfn.wait_for(cloudformation, "stack_create_complete", stack_id)
    status, drifts = detected(cloudformation, stack_id)
    assert (status["StackDriftStatus"], status["DetectionStatus"]) == (
        "IN_SYNC",
        "DETECTION_COMPLETE",
    )
    assert {d["StackResourceDriftStatus"] for d in drifts.values()} == {"IN_SYNC"}

    ids = physical_ids(cloudformation, stack_id)
    demo_cloud.compute.set_server_metadata(ids["server"], role="db")
    demo_cloud.network.create_security_group_rule(
        security_group_id=ids["group"],
        direction="ingress",
        ethertype="IPv4",
        protocol="tcp",
        port_range_min=80,
        port_range_max=80,
    )
    demo_cloud.block_storage.extend_volume(ids["volume"], 2)
    wait_until_extended(demo_cloud, ids["volume"], 2)

    status, drifts = detected(cloudformation, stack_id)
    assert (status["StackDriftStatus"], status["DriftedStackResourceCount"]) == ("DRIFTED", 3)
    differences = {
        logical: {
            d["PropertyPath"]: (json.loads(d["ExpectedValue"]), json.loads(d["ActualValue"]))
            for d in drift["PropertyDifferences"]
        }
        for logical, drift in drifts.items()
    }
    assert differences["server"]["/metadata"] == ({"role": "web"}, {"role": "db"})
    assert differences["volume"]["/size"] == (1, 2)
    single = cloudformation.detect_stack_resource_drift(
        StackName=stack_id, LogicalResourceId="volume"
    )["StackResourceDrift"]
    assert (single["StackResourceDriftStatus"], single["PhysicalResourceId"]) == (
        "MODIFIED",
        ids["volume"],
    )
    assert [
        (d["PropertyPath"], d["ExpectedValue"], d["ActualValue"])
        for d in single["PropertyDifferences"]
    ] == [("/size", "1", "2")]
    expected_rules, actual_rules = differences["group"]["/rules"]
    assert [rule["port_range_min"] for rule in expected_rules] == [22]
    assert sorted(rule.get("port_range_min") for rule in actual_rules) == [22, 80]

    # The volume cannot shrink: the template takes its new size; the rest is put back.
    stacks = NativeStacks(lab_heat.native_url, keystone, keystone.demo)
    path = "/v1/%s/stacks/%s/%s" % (keystone.demo.project_id, name, stack_id.rsplit("/", 1)[-1])
    body = {"template": template(lab_names, 2), "converge": True}
    assert stacks.call("PUT", path, json=body).status_code == 202
    cfn.wait_for(cloudformation, "stack_update_complete", stack_id)
    status, drifts = detected(cloudformation, stack_id)
    assert status["StackDriftStatus"] == "IN_SYNC", {
        name: drift["PropertyDifferences"] for name, drift in drifts.items()
    }
    server = demo_cloud.compute.get_server_metadata(ids["server"])
    assert server.metadata == {"role": "web"}
    cloudformation.delete_stack(StackName=stack_id)
    cfn.wait_for(cloudformation, "stack_delete_complete", stack_id)
