"""What the engine answers about a stack ``web``, its resource ``server`` and an event."""

from tests.unit.api.aws.engine_stub import STACK_IDENTITY

RESOURCE_IDENTITY = dict(STACK_IDENTITY, path="/resources/server")
EVENT_ID = "0e1b2c3d-aaaa-bbbb-cccc-111122223333"
EVENT_IDENTITY = dict(STACK_IDENTITY, path="/resources/server/events/" + EVENT_ID)

STACK = {
    "stack_identity": STACK_IDENTITY,
    "stack_name": "web",
    "description": "A web server",
    "template_description": "A web server",
    "creation_time": "2024-05-01T10:00:00Z",
    "updated_time": None,
    "deletion_time": None,
    "stack_action": "CREATE",
    "stack_status": "COMPLETE",
    "stack_status_reason": "Stack CREATE completed successfully",
    "disable_rollback": True,
    "timeout_mins": 60,
    "capabilities": [],
    "notification_topics": [],
    "parameters": {"flavor": "m1.small", "AWS::StackName": "web"},
    "outputs": [
        {"output_key": "url", "output_value": "http://10.0.0.5/", "description": "Site"},
        {"output_key": "ports", "output_value": [80, 443], "description": "Ports"},
    ],
    "tags": None,
}

RESOURCE = {
    "resource_identity": RESOURCE_IDENTITY,
    "stack_identity": STACK_IDENTITY,
    "stack_name": "web",
    "resource_name": "server",
    "physical_resource_id": "0b7c5e8e-9999-4444-8888-777766665555",
    "resource_type": "OS::Nova::Server",
    "resource_action": "CREATE",
    "resource_status": "COMPLETE",
    "resource_status_reason": "state changed",
    "description": "",
    "creation_time": "2024-05-01T10:00:01Z",
    "updated_time": "2024-05-01T10:00:09Z",
    "metadata": {"AWS::CloudFormation::Init": {"config": {"files": {}}}},
    "required_by": [],
}

EVENT = {
    "event_identity": EVENT_IDENTITY,
    "stack_identity": STACK_IDENTITY,
    "stack_name": "web",
    "event_time": "2024-05-01T10:00:02Z",
    "resource_name": "server",
    "physical_resource_id": "0b7c5e8e-9999-4444-8888-777766665555",
    "resource_action": "CREATE",
    "resource_status": "IN_PROGRESS",
    "resource_status_reason": "state changed",
    "resource_type": "OS::Nova::Server",
    "resource_properties": {"flavor": "m1.small"},
}
