"""CloudWatch actions over the engine's watch rules (alarms) and metric samples."""

from collections.abc import Mapping

from heat.api.aws import exception
from heat.api.aws import utils as api_utils
from heat.api.aws.query import Call
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
METRIC_FILTERS = ("MetricName", "Namespace")


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


def describe_alarms(call: Call) -> dict:
    """``{"MetricAlarms": [...]}``: the alarm ``AlarmName`` names, or every alarm."""
    watches = call.engine.show_watch(call.context, call.params.get("AlarmName"))
    return {"MetricAlarms": [metric_alarm(watch) for watch in watches or []]}


def metric(sample: Mapping) -> dict:
    """One ``Metrics`` member; the alarm, time and sample values reported as dimensions."""
    pairs = [
        {"AlarmName": sample.get(rpc_api.WATCH_DATA_ALARM)},
        {"Timestamp": sample.get(rpc_api.WATCH_DATA_TIME)},
    ]
    pairs.extend({key: value} for key, value in (sample.get(rpc_api.WATCH_DATA) or {}).items())
    return {
        "MetricName": sample.get(rpc_api.WATCH_DATA_METRIC),
        "Namespace": sample.get(rpc_api.WATCH_DATA_NAMESPACE),
        "Dimensions": dimensions(pairs),
    }


def list_metrics(call: Call) -> dict:
    """``{"Metrics": [...]}``, filtered here by MetricName and Namespace when given."""
    wanted = {key: call.params[key] for key in METRIC_FILTERS if key in call.params}
    samples = call.engine.show_watch_metric(call.context) or []
    metrics = [metric(sample) for sample in samples]
    matching = [item for item in metrics if all(item[k] == v for k, v in wanted.items())]
    return {"Metrics": matching}


def _sample(namespace: str, member: Mapping[str, str]) -> tuple[str | None, dict]:
    """The alarm a MetricData member names (dimension AlarmName) and its engine sample."""
    name = api_utils.get_param_value(member, "MetricName")
    pairs = api_utils.extract_param_pairs(
        member, prefix="Dimensions", keyname="Name", valuename="Value"
    )
    value = {
        "Unit": member.get("Unit"),
        "Value": api_utils.get_param_value(member, "Value"),
        "Dimensions": pairs,
    }
    return pairs.get("AlarmName"), {"Namespace": namespace, name: value}


def put_metric_data(call: Call) -> dict:
    """Store each MetricData member as a sample of the alarm its AlarmName dimension names."""
    namespace = api_utils.get_param_value(call.params, "Namespace")
    members = api_utils.extract_param_list(call.params, prefix="MetricData")
    if not members:
        raise exception.HeatMissingParameterError(detail=_("The parameter MetricData is required"))
    samples = [_sample(namespace, member) for member in members]
    for watch_name, sample in samples:
        call.engine.create_watch_data(call.context, watch_name, sample)
    return {"ResponseMetadata": None}


def set_alarm_state(call: Call) -> str:
    """Force an alarm into OK, ALARM or INSUFFICIENT_DATA; the result is empty."""
    name = api_utils.get_param_value(call.params, "AlarmName")
    state = api_utils.get_param_value(call.params, "StateValue")
    if state not in STATES:
        raise exception.HeatInvalidParameterValueError(
            detail=_("Invalid state %(state)s, expecting one of %(expect)s")
            % {"state": state, "expect": ", ".join(STATES)}
        )
    call.engine.set_watch_state(call.context, name, STATES[state])
    return ""


def not_implemented(call: Call) -> None:
    """The actions this service does not provide."""
    raise exception.HeatAPINotImplementedError()
