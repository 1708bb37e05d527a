"""CloudWatch actions on metric samples: PutMetricData, ListMetrics, GetMetricStatistics.

PutMetricData and ListMetrics are 2014 Heat's: a sample is stored for the alarm its
``AlarmName`` dimension names (or for every alarm watching its metric), and ListMetrics
lists each stored sample, its alarm and time as dimensions. GetMetricStatistics, which
2014 Heat left unimplemented, aggregates the stored samples per period.
"""

from collections.abc import Mapping

from oslo_serialization import jsonutils

from heat.api.aws import exception
from heat.api.aws import utils as api_utils
from heat.api.aws.query import Call
from heat.api.cloudwatch import params as cw_params
from heat.api.cloudwatch.watch import dimensions
from heat.common.i18n import _
from heat.rpc import api as rpc_api

METRIC_FILTERS = ("MetricName", "Namespace")


def _text(value) -> object:
    """A dimension value as text: structured values as JSON."""
    return jsonutils.dumps(value) if isinstance(value, (dict, list)) else value


def metric(sample: Mapping) -> dict:
    """One ``Metrics`` member; the alarm, time and sample values reported as dimensions."""
    pairs = [
        {"AlarmName": sample.get(rpc_api.WATCH_DATA_ALARM)},
        {"Timestamp": sample.get(rpc_api.WATCH_DATA_TIME)},
    ]
    values = sample.get(rpc_api.WATCH_DATA) or {}
    pairs.extend({key: _text(value)} for key, value in values.items())
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


def _datapoint(point: Mapping) -> dict:
    values = point.get(rpc_api.WATCH_DATAPOINT_VALUES) or {}
    return {
        "Timestamp": point.get(rpc_api.WATCH_DATAPOINT_TIME),
        **values,
        "Unit": point.get(rpc_api.WATCH_DATAPOINT_UNIT),
    }


def get_metric_statistics(call: Call) -> dict:
    """``{"Label", "Datapoints": [...]}``: the ``Statistics`` of the samples of a metric in
    each ``Period`` from ``StartTime`` before ``EndTime`` that holds any."""
    if "ExtendedStatistics.member.1" in call.params:
        raise exception.HeatInvalidParameterValueError(
            detail=_("ExtendedStatistics (percentiles) are not supported")
        )
    metric_name = api_utils.get_param_value(call.params, "MetricName")
    pairs = cw_params.dimensions(call.params)
    points = call.engine.show_watch_statistics(
        call.context,
        api_utils.get_param_value(call.params, "Namespace"),
        metric_name,
        api_utils.get_param_value(call.params, "StartTime"),
        api_utils.get_param_value(call.params, "EndTime"),
        cw_params.positive_integer("Period", api_utils.get_param_value(call.params, "Period")),
        cw_params.required_members(call.params, "Statistics"),
        {pair["Name"]: pair["Value"] for pair in pairs} or None,
        call.params.get("Unit"),
    )
    return {"Label": metric_name, "Datapoints": [_datapoint(point) for point in points or []]}
