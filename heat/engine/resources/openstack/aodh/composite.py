"""``OS::Aodh::CompositeAlarm``: an alarm whose rules (threshold or Gnocchi rules, each
naming its type) are combined with ``and`` and ``or``, nested as deep as needed."""

from typing import Any

from heat.common.i18n import _
from heat.engine import constraints, properties, support
from heat.engine.resources.openstack.aodh import alarm

COMPOSITE_RULE, OPERATOR, RULES = "composite_rule", "operator", "rules"


class CompositeAlarm(alarm.AodhAlarm):
    """An alarm on several rules combined by logical operators.

    ``composite_rule: {operator: or, rules: [RULE1, {and: [RULE2, RULE3]}]}`` alarms when
    RULE1 holds, or RULE2 and RULE3 both do. An update sends the whole alarm, as for the
    other types (upstream sends the changed properties with every action list not among
    them emptied).
    """

    alarm_type = "composite"
    support_status = support.SupportStatus(version="8.0.0")

    properties_schema = {
        COMPOSITE_RULE: properties.Schema(
            properties.Schema.MAP,
            _("Composite threshold rules in JSON format."),
            required=True,
            update_allowed=True,
            schema={
                OPERATOR: properties.Schema(
                    properties.Schema.STRING,
                    _("The operator indicates how to combine the rules."),
                    required=True,
                    update_allowed=True,
                    constraints=[constraints.AllowedValues(["or", "and"])],
                ),
                RULES: properties.Schema(
                    properties.Schema.LIST,
                    _(
                        "Rules list. Basic threshold/gnocchi rules and nested dict which "
                        'combine threshold/gnocchi rules by "and" or "or" are allowed. For '
                        'example, the form is like: [RULE1, RULE2, {"and": [RULE3, '
                        'RULE4]}], the basic threshold/gnocchi rules must include a "type" '
                        "field."
                    ),
                    required=True,
                    update_allowed=True,
                    constraints=[constraints.Length(min=2)],
                ),
            },
        ),
        **alarm.COMMON_SCHEMA,
    }

    def alarm_body(self, values: dict[str, Any]) -> dict[str, Any]:
        """Aodh's composite rule is ``{<operator>: [rules...]}``."""
        body = self.with_action_urls(values)
        if body.get(COMPOSITE_RULE) is not None:
            rule = body[COMPOSITE_RULE]
            body[COMPOSITE_RULE] = {rule[OPERATOR]: rule[RULES]}
        body["type"] = self.alarm_type
        return body


def resource_mapping() -> dict[str, type]:
    """The types this module provides."""
    return {"OS::Aodh::CompositeAlarm": CompositeAlarm}
