"""CloudFormation drift detection: DetectStackDrift, DetectStackResourceDrift,
DescribeStackDriftDetectionStatus and DescribeStackResourceDrifts, over the engine's drift
detections.

A detection runs to its end before DetectStackDrift answers, so its status is read at
once as ``DETECTION_COMPLETE``. DetectStackResourceDrift runs a detection of the whole
stack (kept as the stack's latest) and answers the one resource's part of it.
"""

import json
from collections.abc import Mapping

from heat.api.aws import utils as api_utils
from heat.api.aws.query import Call
from heat.api.cfn import identity


def detect_stack_drift(call: Call) -> dict:
    """Detect the drift of every resource; ``{"StackDriftDetectionId": ...}``."""
    stack = identity.required_stack_identity(call)
    detection = call.engine.detect_stack_drift(call.context, stack)
    return {"StackDriftDetectionId": detection["id"]}


def detect_stack_resource_drift(call: Call) -> dict:
    """``{"StackResourceDrift": {...}}`` of the resource ``LogicalResourceId``."""
    stack = identity.required_stack_identity(call)
    name = api_utils.get_param_value(call.params, "LogicalResourceId")
    call.engine.describe_stack_resource(call.context, stack, name)  # an unknown name fails
    detection = call.engine.detect_stack_drift(call.context, stack)
    [resource] = [each for each in detection["resources"] if each["resource_name"] == name]
    stack_arn = identity.arn(detection["stack_identity"])
    return {"StackResourceDrift": _resource_drift(stack_arn, detection["detection_time"], resource)}


def describe_stack_drift_detection_status(call: Call) -> dict:
    """The outcome of one detection."""
    detection_id = api_utils.get_param_value(call.params, "StackDriftDetectionId")
    detection = call.engine.show_stack_drift(call.context, None, detection_id)
    return {
        "StackId": identity.arn(detection["stack_identity"]),
        "StackDriftDetectionId": detection["id"],
        "StackDriftStatus": detection["stack_drift_status"],
        "DetectionStatus": detection["status"],
        "DriftedStackResourceCount": detection["drifted_resource_count"],
        "Timestamp": detection["detection_time"],
    }


def describe_stack_resource_drifts(call: Call) -> dict:
    """Each resource of the stack's latest detection, optionally filtered by status."""
    stack = identity.required_stack_identity(call)
    detection = call.engine.show_stack_drift(call.context, stack)
    wanted = set(api_utils.member_values(call.params, "StackResourceDriftStatusFilters"))
    stack_arn = identity.arn(detection["stack_identity"])
    return {
        "StackResourceDrifts": [
            _resource_drift(stack_arn, detection["detection_time"], resource)
            for resource in detection["resources"]
            if not wanted or resource["status"] in wanted
        ]
    }


def _resource_drift(stack_arn: str, timestamp: str, resource: Mapping) -> dict:
    shaped = {
        "StackId": stack_arn,
        "LogicalResourceId": resource["resource_name"],
        "ResourceType": resource["resource_type"],
        "StackResourceDriftStatus": resource["status"],
        "Timestamp": timestamp,
        "PropertyDifferences": [
            {
                "PropertyPath": "/" + difference["property"],
                "ExpectedValue": json.dumps(difference["expected"]),
                "ActualValue": json.dumps(difference["actual"]),
                "DifferenceType": "NOT_EQUAL",
            }
            for difference in resource["differences"]
        ],
    }
    if resource.get("physical_resource_id"):
        shaped["PhysicalResourceId"] = resource["physical_resource_id"]
    if "expected_properties" in resource:
        shaped["ExpectedProperties"] = json.dumps(resource["expected_properties"], sort_keys=True)
        shaped["ActualProperties"] = json.dumps(resource["actual_properties"], sort_keys=True)
    if resource.get("reason"):
        shaped["DriftStatusReason"] = resource["reason"]
    return shaped
