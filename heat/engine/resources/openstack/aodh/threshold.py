"""``OS::Aodh::Alarm``: the threshold alarm on Ceilometer's samples. Aodh dropped the
``threshold`` rule with Ceilometer's API, so a create is refused by any Aodh of today;
the type stays (deprecated, as upstream) for the stacks and templates that name it."""

from typing import Any

from heat.common.i18n import _
from heat.engine import constraints, properties, support
from heat.engine.resources.openstack.aodh import alarm

PROPERTIES = (
    COMPARISON_OPERATOR,
    EVALUATION_PERIODS,
    METER_NAME,
    PERIOD,
    STATISTIC,
    THRESHOLD,
    MATCHING_METADATA,
    QUERY,
) = (
    "comparison_operator",
    "evaluation_periods",
    "meter_name",
    "period",
    "statistic",
    "threshold",
    "matching_metadata",
    "query",
)
RULE_FIELDS = (PERIOD, EVALUATION_PERIODS, THRESHOLD, STATISTIC, COMPARISON_OPERATOR, METER_NAME)
# Meters of Nova, whose samples keep a server's metadata under ``user_metadata``.
NOVA_METERS = frozenset(
    [
        "instance",
        "memory",
        "memory.usage",
        "memory.resident",
        "cpu",
        "cpu_util",
        "vcpus",
        "disk.root.size",
        "disk.ephemeral.size",
    ]
    + [
        "%s.%s%s" % (prefix, measure, rate)
        for prefix in ("disk", "disk.device")
        for measure in ("read.requests", "write.requests", "read.bytes", "write.bytes")
        for rate in ("", ".rate")
    ]
    + [
        "network.%s.%s%s" % (direction, unit, rate)
        for direction in ("incoming", "outgoing")
        for unit in ("bytes", "packets")
        for rate in ("", ".rate")
    ]
)
METADATA_PREFIXES = ("metering.", "user_metadata.")


class MeterAlarm(alarm.ThresholdAlarm):
    """An alarm on a statistic of a meter's samples.

    Its actions run when the statistic, over the evaluation periods, compares with the
    threshold as the operator says (memory use above 70 % for 10 minutes, say).
    """

    alarm_type = "threshold"
    support_status = support.SupportStatus(
        status=support.DEPRECATED,
        message=_(
            "Theshold alarm relies on ceilometer-api and has been deprecated in aodh since "
            "Ocata. Use OS::Aodh::GnocchiAggregationByResourcesAlarm instead."
        ),
        version="10.0.0",
        previous_status=support.SupportStatus(version="2014.1"),
    )

    properties_schema = {
        COMPARISON_OPERATOR: alarm.COMPARISON_OPERATOR_SCHEMA,
        EVALUATION_PERIODS: alarm.EVALUATION_PERIODS_SCHEMA,
        METER_NAME: properties.Schema(
            properties.Schema.STRING, _("Meter name watched by the alarm."), required=True
        ),
        PERIOD: properties.Schema(
            properties.Schema.INTEGER, _("Period (seconds) to evaluate over."), update_allowed=True
        ),
        STATISTIC: properties.Schema(
            properties.Schema.STRING,
            _("Meter statistic to evaluate."),
            constraints=[constraints.AllowedValues(["count", "avg", "sum", "min", "max"])],
            update_allowed=True,
        ),
        THRESHOLD: alarm.THRESHOLD_SCHEMA,
        MATCHING_METADATA: properties.Schema(
            properties.Schema.MAP,
            _(
                "Meter should match this resource metadata (key=value) additionally to the "
                "meter_name."
            ),
            default={},
            update_allowed=True,
        ),
        QUERY: properties.Schema(
            properties.Schema.LIST,
            _(
                "A list of query factors, each comparing a Sample attribute with a value. "
                "Implicitly combined with matching_metadata, if any."
            ),
            update_allowed=True,
            support_status=support.SupportStatus(version="2015.1"),
            schema=alarm.query_schema(
                _(
                    "Name of attribute to compare. Names of the form "
                    "metadata.user_metadata.X or metadata.metering.X are equivalent to what "
                    "you can address through matching_metadata; the former for Nova meters, "
                    "the latter for all others. To see the attributes of your Samples, use "
                    "`ceilometer --debug sample-list`."
                ),
                type_support=support.SupportStatus(version="8.0.0"),
            ),
        ),
        **alarm.COMMON_SCHEMA,
    }

    def alarm_body(self, values: dict[str, Any]) -> dict[str, Any]:
        """The rule holds the meter, its statistic and threshold, and one query factor per
        item of matching metadata (``metadata.<prefix>.<key> eq "<value>"``)."""
        body = self.with_action_urls(values)
        rule = {name: body.pop(name) for name in RULE_FIELDS if name in body}
        query = list(body.pop(QUERY, None) or [])
        prefix = "user_metadata." if rule.get(METER_NAME) in NOVA_METERS else "metering."
        for key, value in (body.pop(MATCHING_METADATA, None) or {}).items():
            query.append(
                {"field": "metadata." + prefix + _bare_key(key), "op": "eq", "value": str(value)}
            )
        if query:
            rule[QUERY] = query
        body["threshold_rule"] = rule
        body["type"] = self.alarm_type
        return body


def _bare_key(key: str) -> str:
    """A matching metadata key without its ``metadata.`` and meter prefixes."""
    key = key.removeprefix("metadata.")
    if key.startswith(METADATA_PREFIXES):
        key = key.split(".", 1)[1]
    return key


def resource_mapping() -> dict[str, type]:
    """The types this module provides."""
    return {"OS::Aodh::Alarm": MeterAlarm}
