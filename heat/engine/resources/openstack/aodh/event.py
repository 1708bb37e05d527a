"""``OS::Aodh::EventAlarm``: an alarm on the notifications (events) OpenStack's services
send, such as ``compute.instance.update``, filtered by a query on their traits."""

from typing import Any

from heat.common.i18n import _
from heat.engine import properties, support
from heat.engine.resources.openstack.aodh import alarm

EVENT_TYPE, QUERY = "event_type", "query"


class EventAlarm(alarm.AodhAlarm):
    """An alarm evaluated on the events of other OpenStack services.

    The alarm's actions run when an event of its type, matching its query, is emitted as a
    service creates, updates or deletes something (``compute.instance.reboot.end``...).
    """

    alarm_type = "event"
    rule_properties = (EVENT_TYPE, QUERY)
    support_status = support.SupportStatus(version="8.0.0")

    properties_schema = {
        EVENT_TYPE: properties.Schema(
            properties.Schema.STRING,
            _("Event type to evaluate against. If not specified will match all events."),
            update_allowed=True,
            default="*",
        ),
        QUERY: properties.Schema(
            properties.Schema.LIST,
            _(
                "A list for filtering events. Query conditions used to filter specific "
                "events when evaluating the alarm."
            ),
            update_allowed=True,
            schema=alarm.query_schema(_("Name of attribute to compare.")),
        ),
        **alarm.COMMON_SCHEMA,
    }

    def aodh_rule(self, rule: dict[str, Any]) -> dict[str, Any]:
        """As upstream: an empty query or event type is left out of the rule."""
        return {name: value for name, value in rule.items() if value}


def resource_mapping() -> dict[str, type]:
    """The types this module provides."""
    return {"OS::Aodh::EventAlarm": EventAlarm}
