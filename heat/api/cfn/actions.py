"""The CloudFormation action table: each ``Action=`` name and the handler serving it.

The policy checked for an action is ``cloudformation:<name>``.
"""

from collections.abc import Mapping

from heat.api.aws.query import Handler
from heat.api.cfn import change_sets, drift, resources, stacks, templates

ACTIONS: Mapping[str, Handler] = {
    "ListStacks": stacks.list_stacks,
    "CreateStack": stacks.create_stack,
    "DescribeStacks": stacks.describe_stacks,
    "DeleteStack": stacks.delete_stack,
    "UpdateStack": stacks.update_stack,
    "CancelUpdateStack": stacks.cancel_update_stack,
    "UpdateTerminationProtection": stacks.update_termination_protection,
    "CreateChangeSet": change_sets.create_change_set,
    "DescribeChangeSet": change_sets.describe_change_set,
    "ListChangeSets": change_sets.list_change_sets,
    "ExecuteChangeSet": change_sets.execute_change_set,
    "DeleteChangeSet": change_sets.delete_change_set,
    "DetectStackDrift": drift.detect_stack_drift,
    "DetectStackResourceDrift": drift.detect_stack_resource_drift,
    "DescribeStackDriftDetectionStatus": drift.describe_stack_drift_detection_status,
    "DescribeStackResourceDrifts": drift.describe_stack_resource_drifts,
    "DescribeStackEvents": resources.describe_stack_events,
    "ValidateTemplate": templates.validate_template,
    "GetTemplate": templates.get_template,
    "EstimateTemplateCost": templates.estimate_template_cost,
    "DescribeStackResource": resources.describe_stack_resource,
    "DescribeStackResources": resources.describe_stack_resources,
    "ListStackResources": resources.list_stack_resources,
}
