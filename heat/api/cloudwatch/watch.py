"""CloudWatch actions on alarms (the engine's watch rules).

DescribeAlarms and SetAlarmState are 2014 Heat's; DescribeAlarms also takes AWS's
``AlarmNames``, ``AlarmNamePrefix`` and ``StateValue`` filters. PutMetricAlarm,
DeleteAlarms, Enable/DisableAlarmActions and DescribeAlarmsForMetric, which 2014 Heat
left unimplemented, act on alarms of the caller's project (see
:mod:`heat.engine.watch.alarms`).
"""

from collections.abc import Mapping

from heat.api.aws import exception
from heat.api.aws import utils as api_utils
from heat.api.aws.query import Call
from heat.api.cloudwatch import params as cw_params
from heat.common.i18n import _
from heat.rpc import api as rpc_api

ALARM_KEYS = {
    rpc_api.WATCH_ACTIONS_ENABLED: "ActionsEnabled",
    rpc_api.WATCH_ALARM_ACTIONS: "AlarmActions",
    rpc_api.WATCH_TOPIC: "AlarmArn",
    rpc_api.WATCH_UPDATED_TIME: "AlarmConfigurationUpdatedTimestamp",
    rpc_api.WATCH_DESCRIPTION: "AlarmDescription",
    rpc_api.WATCH_NAME: "AlarmName",
    rpc_api.WATCH_COMPARISON: "ComparisonOperator",
    rpc_api.WATCH_PERIODS: "EvaluationPeriods",
    rpc_api.WATCH_INSUFFICIENT_ACTIONS: "InsufficientDataActions",
    rpc_api.WATCH_METRIC_NAME: "MetricName",
    rpc_api.WATCH_NAMESPACE: "Namespace",
    rpc_api.WATCH_OK_ACTIONS: "OKActions",
    rpc_api.WATCH_PERIOD: "Period",
    rpc_api.WATCH_STATE_REASON: "StateReason",
    rpc_api.WATCH_STATE_REASON_DATA: "StateReasonData",
    rpc_api.WATCH_STATE_UPDATED_TIME: "StateUpdatedTimestamp",
    rpc_api.WATCH_STATISTIC: "Statistic",
    rpc_api.WATCH_THRESHOLD: "Threshold",
    rpc_api.WATCH_UNIT: "Unit",
}
# CloudWatch alarm states and the engine's names for them.
STATES = {
    "OK": rpc_api.WATCH_STATE_OK,
    "ALARM": rpc_api.WATCH_STATE_ALARM,
    "INSUFFICIENT_DATA": rpc_api.WATCH_STATE_NODATA,
}
_AWS_STATES = {engine: aws for aws, engine in STATES.items()}


def dimensions(items) -> list[dict]:
    """Dimensions as ``[{"Name", "Value"}]``; ``{key: value}`` items become one per key."""
    if isinstance(items, dict):
        items = [items]
    shaped = []
    for item in items or []:
        if set(item) == {"Name", "Value"}:
            shaped.append(dict(item))
        else:
            shaped.extend({"Name": key, "Value": value} for key, value in item.items())
    return shaped


def metric_alarm(watch: Mapping) -> dict:
    """One ``MetricAlarms`` member; the stack id is reported as a ``StackId`` dimension."""
    shaped = api_utils.reformat_dict_keys(ALARM_KEYS, watch)
    extra = [{"StackId": watch[rpc_api.WATCH_STACK_ID]}] if rpc_api.WATCH_STACK_ID in watch else []
    shaped["Dimensions"] = dimensions(list(watch.get(rpc_api.WATCH_DIMENSIONS) or []) + extra)
    state = watch.get(rpc_api.WATCH_STATE_VALUE)
    shaped["StateValue"] = _AWS_STATES.get(state or "", state)
    return shaped


def engine_state(state: str) -> str:
    """The engine's name of a CloudWatch state; InvalidParameterValue for another state."""
    if state not in STATES:
        raise exception.HeatInvalidParameterValueError(
            detail=_("Invalid state %(state)s, expecting one of %(expect)s")
            % {"state": state, "expect": ", ".join(STATES)}
        )
    return STATES[state]


def describe_alarms(call: Call) -> dict:
    """``{"MetricAlarms": [...]}``: the alarm ``AlarmName`` names, or every alarm, kept
    when they match ``AlarmNames``, ``AlarmNamePrefix`` and ``StateValue`` if given."""
    names = set(api_utils.member_values(call.params, "AlarmNames"))
    prefix = call.params.get("AlarmNamePrefix", "")
    state = call.params.get("StateValue")
    if state is not None:
        engine_state(state)
    watches = call.engine.show_watch(call.context, call.params.get("AlarmName")) or []
    alarms = [metric_alarm(watch) for watch in watches]
    return {
        "MetricAlarms": [
            alarm
            for alarm in alarms
            if (not names or alarm["AlarmName"] in names)
            and alarm["AlarmName"].startswith(prefix)
            and state in (None, alarm["StateValue"])
        ]
    }


def describe_alarms_for_metric(call: Call) -> dict:
    """``{"MetricAlarms": [...]}``: the alarms of a metric (with the statistic, period,
    unit and exact dimensions given)."""
    filters = {
        "statistic": call.params.get("Statistic"),
        "period": cw_params.optional(call.params, "Period", cw_params.positive_integer),
        "unit": call.params.get("Unit"),
        "dimensions": None,
    }
    pairs = cw_params.dimensions(call.params)
    if pairs:
        filters["dimensions"] = {pair["Name"]: pair["Value"] for pair in pairs}
    watches = call.engine.show_watches_for_metric(
        call.context,
        api_utils.get_param_value(call.params, "Namespace"),
        api_utils.get_param_value(call.params, "MetricName"),
        filters,
    )
    return {"MetricAlarms": [metric_alarm(watch) for watch in watches or []]}


def _alarm_definition(params: Mapping[str, str]) -> dict:
    """The definition PutMetricAlarm gives, under the AWS names."""
    if "ExtendedStatistic" in params:
        raise exception.HeatInvalidParameterValueError(
            detail=_("ExtendedStatistic (percentiles) is not supported")
        )
    required = ("MetricName", "Namespace", "Statistic", "ComparisonOperator")
    rule: dict = {key: api_utils.get_param_value(params, key) for key in required}
    rule["Period"] = cw_params.positive_integer(
        "Period", api_utils.get_param_value(params, "Period")
    )
    rule["EvaluationPeriods"] = cw_params.positive_integer(
        "EvaluationPeriods", api_utils.get_param_value(params, "EvaluationPeriods")
    )
    rule["Threshold"] = cw_params.parse_number(
        "Threshold", api_utils.get_param_value(params, "Threshold")
    )
    # As in AWS, a definition without ActionsEnabled enables the actions.
    enabled = params.get("ActionsEnabled", "true")
    rule["ActionsEnabled"] = api_utils.parse_boolean("ActionsEnabled", enabled)
    rule["AlarmDescription"] = params.get("AlarmDescription")
    rule["Unit"] = params.get("Unit")
    rule["Dimensions"] = cw_params.dimensions(params)
    for key in ("AlarmActions", "OKActions", "InsufficientDataActions"):
        rule[key] = api_utils.member_values(params, key)
    return rule


def put_metric_alarm(call: Call) -> str:
    """Create the alarm, or replace its definition; the result is empty."""
    name = api_utils.get_param_value(call.params, "AlarmName")
    call.engine.put_watch(call.context, name, _alarm_definition(call.params))
    return ""


def delete_alarms(call: Call) -> str:
    """Delete the ``AlarmNames`` (all or none); the result is empty."""
    call.engine.delete_watches(call.context, cw_params.required_members(call.params, "AlarmNames"))
    return ""


def enable_alarm_actions(call: Call) -> str:
    """Let the ``AlarmNames`` fire their actions again; the result is empty."""
    names = cw_params.required_members(call.params, "AlarmNames")
    call.engine.set_watch_actions_enabled(call.context, names, True)
    return ""


def disable_alarm_actions(call: Call) -> str:
    """Keep the ``AlarmNames`` from firing their actions; the result is empty."""
    names = cw_params.required_members(call.params, "AlarmNames")
    call.engine.set_watch_actions_enabled(call.context, names, False)
    return ""


def set_alarm_state(call: Call) -> str:
    """Force an alarm into OK, ALARM or INSUFFICIENT_DATA until its next evaluation,
    with ``StateReason`` when given; the result is empty."""
    name = api_utils.get_param_value(call.params, "AlarmName")
    state = engine_state(api_utils.get_param_value(call.params, "StateValue"))
    call.engine.set_watch_state(call.context, name, state, call.params.get("StateReason"))
    return ""
