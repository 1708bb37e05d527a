"""Rules of the CloudWatch-compatible Query API, one per action.

Readers may describe and list, members may change alarms; users that Heat creates
inside stacks are refused everything but PutMetricData, which servers call with
their stack user's EC2 keys to report metrics.
"""

from oslo_policy import policy

from heat.common.policies import base

_READER = "%s and %s" % (base.PROJECT_READER, base.RULE_DENY_STACK_USER)
_MEMBER = "%s and %s" % (base.PROJECT_MEMBER, base.RULE_DENY_STACK_USER)
_MEMBER_OR_STACK_USER = (
    "(role:member and project_id:%(project_id)s) or "
    "(role:heat_stack_user and project_id:%(project_id)s)"
)
_OPERATION = "GET /v1/?Action=%s"

# (action, default check string, description); these rules have no deprecated default.
_TABLE = (
    ("DeleteAlarms", _MEMBER, "Delete alarms made through this API."),
    ("DescribeAlarmHistory", _READER, "Show the history of the project's alarms."),
    ("DescribeAlarms", _READER, "Describe one or all alarms of the project."),
    ("DescribeAlarmsForMetric", _READER, "Describe the project's alarms of a metric."),
    ("DisableAlarmActions", _MEMBER, "Keep alarms from firing their actions."),
    ("EnableAlarmActions", _MEMBER, "Let alarms fire their actions again."),
    ("GetMetricStatistics", _READER, "Show statistics of a metric's samples."),
    ("ListMetrics", _READER, "List the stored metric samples."),
    ("PutMetricAlarm", _MEMBER, "Create or update an alarm of the project."),
    ("PutMetricData", _MEMBER_OR_STACK_USER, "Report metric samples for an alarm."),
    ("SetAlarmState", _MEMBER, "Force the state of an alarm."),
)

rules: list[policy.RuleDefault] = [
    base.api_rule(
        "cloudwatch:" + action, check, description, _OPERATION % action, deprecated_check=None
    )
    for action, check, description in _TABLE
]


def list_rules() -> list[policy.RuleDefault]:
    """The rules of this scope."""
    return rules
