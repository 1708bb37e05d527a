"""What the boto3 tests of the lab's guests share: a server that boots no network, and the
physical resource ids of a stack."""


def server(lab_names, metadata: dict) -> dict:
    """An OS::Nova::Server of the lab's image and flavor, with ``metadata``."""
    return {
        "type": "OS::Nova::Server",
        "properties": {
            "image": lab_names["image"],
            "flavor": lab_names["flavor"],
            "networks": [{"allocate_network": "none"}],
            "metadata": metadata,
        },
    }


def physical_ids(cloudformation, stack_id) -> dict:
    """The physical resource id of each resource of the stack, by logical id."""
    listed = cloudformation.list_stack_resources(StackName=stack_id)["StackResourceSummaries"]
    return {each["LogicalResourceId"]: each["PhysicalResourceId"] for each in listed}
