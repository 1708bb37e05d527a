"""``OS::Heat::CWLiteAlarm`` and ``AWS::CloudWatch::Alarm``: an alarm the engine evaluates.

The resource keeps a watch rule (:mod:`heat.engine.watch`) whose definition is the
properties the template gives; ``Ref`` gives the rule's name, which servers name when
they post metric samples to heat-api-cloudwatch (``heat_watch_server_url``). Suspending
the resource suspends the rule; resuming it leaves the rule without data until its next
evaluation. The schema is 2014 Heat's (OpenStack Heat 10.0.0 removed both types).
"""

from typing import Any

from heat.common.i18n import _
from heat.engine import constraints, properties, resource
from heat.engine.rsrc_defn import ResourceDefinition
from heat.engine.watch import definition, rules, states, transitions

PROPERTIES = (
    COMPARISON_OPERATOR,
    ALARM_DESCRIPTION,
    EVALUATION_PERIODS,
    METRIC_NAME,
    NAMESPACE,
    PERIOD,
    STATISTIC,
    ALARM_ACTIONS,
    OK_ACTIONS,
    DIMENSIONS,
    INSUFFICIENT_DATA_ACTIONS,
    THRESHOLD,
    UNITS,
) = (
    "ComparisonOperator",
    "AlarmDescription",
    "EvaluationPeriods",
    "MetricName",
    "Namespace",
    "Period",
    "Statistic",
    "AlarmActions",
    "OKActions",
    "Dimensions",
    "InsufficientDataActions",
    "Threshold",
    "Units",
)


def _string(description: str, allowed: tuple[str, ...] = (), update_allowed: bool = True):
    checks = [constraints.AllowedValues(list(allowed))] if allowed else []
    return properties.Schema(
        properties.Schema.STRING,
        description,
        constraints=checks,
        update_allowed=update_allowed,
    )


def _list(description: str, update_allowed: bool = True):
    return properties.Schema(properties.Schema.LIST, description, update_allowed=update_allowed)


class CloudWatchAlarm(resource.Resource):
    """An alarm over metric samples that servers post to the CloudWatch-compatible API.

    When the statistic of the samples crosses the threshold for the evaluation periods, the
    alarm goes to ALARM and signals the resources its AlarmActions name (by reference, e.g.
    a scaling policy); OKActions and InsufficientDataActions fire on the other states.
    """

    properties_schema = {
        COMPARISON_OPERATOR: _string(
            _("Operator used to compare the specified Statistic with Threshold."),
            definition.COMPARISONS,
        ),
        ALARM_DESCRIPTION: _string(_("Description for the alarm.")),
        EVALUATION_PERIODS: _string(_("Number of periods to evaluate over.")),
        METRIC_NAME: _string(_("Metric name watched by the alarm."), update_allowed=False),
        NAMESPACE: _string(_("Namespace for the metric."), update_allowed=False),
        PERIOD: _string(_("Period (seconds) to evaluate over.")),
        STATISTIC: _string(_("Metric statistic to evaluate."), definition.STATISTICS),
        ALARM_ACTIONS: _list(_("A list of actions to execute when state transitions to alarm.")),
        OK_ACTIONS: _list(_("A list of actions to execute when state transitions to ok.")),
        DIMENSIONS: _list(
            _("A list of dimensions (arbitrary name/value pairs) associated with the metric."),
            update_allowed=False,
        ),
        INSUFFICIENT_DATA_ACTIONS: _list(
            _("A list of actions to execute when state transitions to insufficient-data.")
        ),
        THRESHOLD: _string(_("Threshold to evaluate against.")),
        UNITS: _string(_("Unit for the metric."), definition.UNITS),
    }

    def _definition(self) -> dict[str, Any]:
        """The rule document: the properties the template gives; Invalid when the alarm
        could not be evaluated."""
        given = {key: self.properties.get_user_value(key) for key in PROPERTIES}
        document = {key: value for key, value in given.items() if value is not None}
        definition.RuleDefinition.from_rule(document)
        return document

    def _rule(self) -> rules.Rule | None:
        if self.resource_id is None:
            return None
        return rules.of_stack(self.context, self.stack.id, self.resource_id)

    def handle_create(self) -> None:
        """Store the watch rule, named after the resource."""
        rule = rules.create(
            self.context,
            self.physical_resource_name(),
            self.stack.state_data.tenant_id,
            self._definition(),
            self.stack.id,
        )
        self.resource_id_set(rule["name"])

    def handle_update(self, json_snippet: ResourceDefinition, tmpl_diff: dict, prop_diff: dict):
        """Give the rule its new definition (its state and history stay)."""
        rule = self._rule()
        if prop_diff and rule is not None:
            rules.update_definition(self.context, rule, self._definition())

    def handle_delete(self) -> None:
        """Delete the rule with its samples and history."""
        rule = self._rule()
        if rule is not None:
            rules.delete(self.context, rule)

    def handle_suspend(self) -> None:
        """Suspend the rule: no evaluation, no samples."""
        rule = self._rule()
        if rule is not None:
            reason = _("Stack %s suspended") % self.stack.name
            transitions.change_state(self.context, rule, states.SUSPEND, states.SUSPENDED, reason)

    def handle_resume(self) -> None:
        """Bring the rule back without data; its next evaluation decides its state."""
        rule = self._rule()
        if rule is not None and rule["state"] == states.SUSPENDED:
            reason = _("Stack %s resumed") % self.stack.name
            transitions.change_state(self.context, rule, states.RESUME, states.NODATA, reason)


def resource_mapping() -> dict[str, type]:
    """The types this module provides."""
    return {"OS::Heat::CWLiteAlarm": CloudWatchAlarm, "AWS::CloudWatch::Alarm": CloudWatchAlarm}
