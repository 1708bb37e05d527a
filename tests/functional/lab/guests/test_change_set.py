"""A change set through boto3's CloudFormation client against the lab: created from a new
template, described with each property's old and new value and whether it replaces the
resource, then executed, after which Nova and Cinder hold what it planned."""

import json

from tests.functional.aws import cfn
from tests.functional.lab.guests.cfn_stacks import physical_ids, server


def template(lab_names, role: str, size: int) -> dict:
    return {
        "heat_template_version": "2021-04-16",
        "resources": {
            "server": server(lab_names, {"role": role}),
            "volume": {"type": "OS::Cinder::Volume", "properties": {"size": size}},
        },
    }


def test_a_change_set_is_described_then_executed_on_the_lab(
    lab_heat, keystone, demo_cloud, lab_names
):
    cloudformation = cfn.client(lab_heat.cfn_url + "/v1", *keystone.ec2_credentials(keystone.demo))
    name = cfn.unique_name("changeset")
    stack_id = cloudformation.create_stack(
        StackName=name, TemplateBody=json.dumps(template(lab_names, "web", 1))
    )["StackId"]
    cfn.wait_for(cloudformation, "stack_create_complete", stack_id)
    before = physical_ids(cloudformation, stack_id)

    cloudformation.create_change_set(
        StackName=stack_id,
        ChangeSetName="grow",
        TemplateBody=json.dumps(template(lab_names, "db", 2)),
    )
    described = cloudformation.describe_change_set(
        StackName=stack_id, ChangeSetName="grow", IncludePropertyValues=True
    )
    assert (described["Status"], described["ExecutionStatus"]) == ("CREATE_COMPLETE", "AVAILABLE")
    changes = {
        change["ResourceChange"]["LogicalResourceId"]: change["ResourceChange"]
        for change in described["Changes"]
    }
    assert {name: (c["Action"], c["Replacement"]) for name, c in changes.items()} == {
        "server": ("Modify", "False"),
        "volume": ("Modify", "False"),
    }
    targets = {
        name: [
            (
                d["Target"]["Name"],
                json.loads(d["Target"]["BeforeValue"]),
                json.loads(d["Target"]["AfterValue"]),
                d["Target"]["RequiresRecreation"],
            )
            for d in change["Details"]
        ]
        for name, change in changes.items()
    }
    assert targets == {
        "server": [("metadata", {"role": "web"}, {"role": "db"}, "Never")],
        "volume": [("size", 1, 2, "Never")],
    }
    assert changes["server"]["PhysicalResourceId"] == before["server"]

    cloudformation.execute_change_set(StackName=stack_id, ChangeSetName="grow")
    cfn.wait_for(cloudformation, "stack_update_complete", stack_id)
    assert physical_ids(cloudformation, stack_id) == before  # updated in place, as planned
    assert demo_cloud.compute.get_server_metadata(before["server"]).metadata == {"role": "db"}
    assert demo_cloud.block_storage.get_volume(before["volume"]).size == 2
    executed = cloudformation.describe_change_set(StackName=stack_id, ChangeSetName="grow")
    assert executed["ExecutionStatus"] == "EXECUTE_COMPLETE"
    cloudformation.delete_stack(StackName=stack_id)
    cfn.wait_for(cloudformation, "stack_delete_complete", stack_id)
