"""What every Aodh alarm type shares: the properties of an alarm's actions and state
(webhooks or Zaqar queues to call, severity, time constraints...), the body Aodh takes
(the type's own properties gathered into ``<type>_rule``), and suspend and resume as
disabling and enabling the alarm."""

from typing import Any, ClassVar
from urllib import parse

from heat.common.i18n import _
from heat.engine import constraints, properties, support
from heat.engine.resources.entity_resource import EntityResource

COMMON_PROPERTIES = (
    ALARM_ACTIONS,
    OK_ACTIONS,
    INSUFFICIENT_DATA_ACTIONS,
    ALARM_QUEUES,
    OK_QUEUES,
    INSUFFICIENT_DATA_QUEUES,
    REPEAT_ACTIONS,
    DESCRIPTION,
    ENABLED,
    TIME_CONSTRAINTS,
    SEVERITY,
) = (
    "alarm_actions",
    "ok_actions",
    "insufficient_data_actions",
    "alarm_queues",
    "ok_queues",
    "insufficient_data_queues",
    "repeat_actions",
    "description",
    "enabled",
    "time_constraints",
    "severity",
)
# Each state's actions and the queues that add to them (Aodh knows only actions).
ACTIONS_AND_QUEUES = (
    (ALARM_ACTIONS, ALARM_QUEUES),
    (OK_ACTIONS, OK_QUEUES),
    (INSUFFICIENT_DATA_ACTIONS, INSUFFICIENT_DATA_QUEUES),
)
QUEUES = (ALARM_QUEUES, OK_QUEUES, INSUFFICIENT_DATA_QUEUES)
NAME, START, DURATION, TIMEZONE, TIME_CONSTRAINT_DESCRIPTION = (
    "name",
    "start",
    "duration",
    "timezone",
    "description",
)
QUERY_FIELDS = (QF_FIELD, QF_OP, QF_VALUE, QF_TYPE) = ("field", "op", "value", "type")
COMPARISON_OPERATORS = constraints.AllowedValues(["le", "ge", "eq", "lt", "gt", "ne"])
VALUE_TYPES = constraints.AllowedValues(["integer", "float", "string", "boolean", "datetime"])


# The properties of the alarms that compare a value with a threshold.
COMPARISON_OPERATOR_SCHEMA = properties.Schema(
    properties.Schema.STRING,
    _("Operator used to compare specified statistic with threshold."),
    constraints=[COMPARISON_OPERATORS],
    update_allowed=True,
)
EVALUATION_PERIODS_SCHEMA = properties.Schema(
    properties.Schema.INTEGER, _("Number of periods to evaluate over."), update_allowed=True
)
THRESHOLD_SCHEMA = properties.Schema(
    properties.Schema.NUMBER,
    _("Threshold to evaluate against."),
    required=True,
    update_allowed=True,
)


def _actions(state: str) -> properties.Schema:
    return properties.Schema(
        properties.Schema.LIST,
        _("A list of URLs (webhooks) to invoke when state transitions to %s.") % state,
        update_allowed=True,
    )


def _queues(state: str) -> properties.Schema:
    return properties.Schema(
        properties.Schema.LIST,
        _("A list of Zaqar queues to post to when state transitions to %s.") % state,
        support_status=support.SupportStatus(version="8.0.0"),
        schema=properties.Schema(
            properties.Schema.STRING, constraints=[constraints.CustomConstraint("zaqar.queue")]
        ),
        default=[],
        update_allowed=True,
    )


_TIME_CONSTRAINT = {
    NAME: properties.Schema(
        properties.Schema.STRING, _("Name for the time constraint."), required=True
    ),
    START: properties.Schema(
        properties.Schema.STRING,
        _("Start time for the time constraint. A CRON expression property."),
        constraints=[constraints.CustomConstraint("cron_expression")],
        required=True,
    ),
    TIME_CONSTRAINT_DESCRIPTION: properties.Schema(
        properties.Schema.STRING, _("Description for the time constraint.")
    ),
    DURATION: properties.Schema(
        properties.Schema.INTEGER,
        _("Duration for the time constraint."),
        constraints=[constraints.Range(min=0)],
        required=True,
    ),
    TIMEZONE: properties.Schema(
        properties.Schema.STRING,
        _("Timezone for the time constraint (eg. 'Asia/Taipei', 'Europe/Amsterdam')."),
        constraints=[constraints.CustomConstraint("timezone")],
    ),
}

COMMON_SCHEMA = {
    DESCRIPTION: properties.Schema(
        properties.Schema.STRING, _("Description for the alarm."), update_allowed=True
    ),
    ENABLED: properties.Schema(
        properties.Schema.BOOLEAN,
        _("True if alarm evaluation/actioning is enabled."),
        default="true",
        update_allowed=True,
    ),
    ALARM_ACTIONS: _actions("alarm"),
    OK_ACTIONS: _actions("ok"),
    INSUFFICIENT_DATA_ACTIONS: _actions("insufficient-data"),
    ALARM_QUEUES: _queues("alarm"),
    OK_QUEUES: _queues("ok"),
    INSUFFICIENT_DATA_QUEUES: _queues("insufficient-data"),
    REPEAT_ACTIONS: properties.Schema(
        properties.Schema.BOOLEAN,
        _(
            "False to trigger actions when the threshold is reached AND the alarm's state "
            "has changed. By default, actions are called each time the threshold is reached."
        ),
        default="true",
        update_allowed=True,
    ),
    SEVERITY: properties.Schema(
        properties.Schema.STRING,
        _("Severity of the alarm."),
        default="low",
        constraints=[constraints.AllowedValues(["low", "moderate", "critical"])],
        update_allowed=True,
        support_status=support.SupportStatus(version="5.0.0"),
    ),
    TIME_CONSTRAINTS: properties.Schema(
        properties.Schema.LIST,
        _(
            "Describe time constraints for the alarm. Only evaluate the alarm if the time at "
            "evaluation is within this time constraint. Start point(s) of the constraint are "
            "specified with a cron expression, whereas its duration is given in seconds."
        ),
        schema=properties.Schema(properties.Schema.MAP, schema=_TIME_CONSTRAINT),
        support_status=support.SupportStatus(version="5.0.0"),
        default=[],
    ),
}


def query_schema(field_description: str, type_support: support.SupportStatus | None = None):
    """A list of query factors (field, operator, value, type), as event and threshold
    alarms filter what they watch."""
    type_schema = properties.Schema(
        properties.Schema.STRING,
        _("The type of the attribute."),
        default="string",
        constraints=[VALUE_TYPES],
        support_status=type_support,
    )
    return properties.Schema(
        properties.Schema.MAP,
        schema={
            QF_FIELD: properties.Schema(properties.Schema.STRING, field_description),
            QF_TYPE: type_schema,
            QF_OP: properties.Schema(
                properties.Schema.STRING,
                _("Comparison operator."),
                constraints=[COMPARISON_OPERATORS],
            ),
            QF_VALUE: properties.Schema(
                properties.Schema.STRING, _("String value with which to compare.")
            ),
        },
    )


class AodhAlarm(EntityResource):
    """An alarm of Aodh of type :attr:`alarm_type`: the type's own properties
    (:attr:`rule_properties`) make its rule, the common ones the rest of the alarm."""

    default_client_name = "aodh"
    entity = "alarms"
    alarm_type: ClassVar[str]
    rule_properties: ClassVar[tuple[str, ...]] = ()

    def entity_manager(self) -> Any:
        return self.client_plugin().alarms

    def with_action_urls(self, values: dict[str, Any]) -> dict[str, Any]:
        """The values with each state's actions as URLs: an action naming a resource of
        the stack is its ``AlarmUrl``, and each queue is Zaqar's ``trust+zaqar`` URL of it
        (the queue properties themselves are not Aodh's)."""
        body = dict(values)
        for actions, queues in ACTIONS_AND_QUEUES:
            urls = [self._action_url(action) for action in body.get(actions) or [] if action]
            for queue in body.pop(queues, None) or []:
                urls.append("trust+zaqar://?%s" % parse.urlencode({"queue_name": queue}))
            body[actions] = urls
        return body

    def _action_url(self, action: str) -> Any:
        if action in self.stack.resources:
            return self.stack.resources[action].FnGetAtt("AlarmUrl")
        return action

    def alarm_body(self, values: dict[str, Any]) -> dict[str, Any]:
        """What Aodh takes for these property values: the type, the rule, the rest. A rule
        property without a value is left to Aodh's default (upstream sends it as null,
        which Aodh refuses for an operator)."""
        body = self.with_action_urls(values)
        rule = {name: body.pop(name) for name in self.rule_properties if name in body}
        rule = {name: value for name, value in rule.items() if value is not None}
        if rule:
            body["%s_rule" % self.alarm_type] = self.aodh_rule(rule)
        body["type"] = self.alarm_type
        return body

    def aodh_rule(self, rule: dict[str, Any]) -> dict[str, Any]:
        """The rule as Aodh spells it, from the values of :attr:`rule_properties`."""
        return rule

    def handle_create(self) -> None:
        body = self.alarm_body(dict(self.properties))
        body["name"] = self.physical_resource_name()
        alarm = self.entity_manager().create(body)
        self.resource_id_set(alarm["alarm_id"])

    def handle_update(self, json_snippet: Any, tmpl_diff: Any, prop_diff: dict) -> None:
        """Aodh's alarm becomes what the new properties (``properties`` by now) say."""
        if prop_diff:
            self.entity_manager().update(self.resource_id, self.alarm_body(dict(self.properties)))

    def handle_suspend(self) -> None:
        if self.resource_id is not None:
            self.entity_manager().update(self.resource_id, {ENABLED: False})

    def handle_resume(self) -> None:
        if self.resource_id is not None:
            self.entity_manager().update(self.resource_id, {ENABLED: True})

    def handle_check(self) -> None:
        self.entity_get()


class ThresholdAlarm(AodhAlarm):
    """An alarm comparing a value with a threshold: its live state is read from the alarm
    and its rule together."""

    def parse_live_resource_data(self, properties: Any, data: Any) -> dict[str, Any]:
        """The properties that change in place (the queues are not Aodh's to tell)."""
        found = dict(data.get("%s_rule" % self.alarm_type) or {}, **data)
        return {
            name: found.get(name) for name in self.update_allowed_properties() if name not in QUEUES
        }
