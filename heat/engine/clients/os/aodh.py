"""The Aodh client plugin: Aodh's REST API (v2) spoken through openstacksdk's generic
proxy of the ``alarming`` service, with the bodies Aodh documents.

openstacksdk has no alarm resources, and aodhclient would be one more client library for
four requests; an alarm here is the plain dict Aodh answers with.
"""

from typing import Any

from openstack import exceptions as sdk_exceptions

from heat.engine.clients.sdk_plugin import SdkClientPlugin

# Relative to the versioned endpoint (v2) the proxy finds by version discovery.
ALARMS = "/alarms"
# Rules an update replaces whole: a composite rule's tree, a member-health rule's three ids.
REPLACED_RULES = ("composite_rule", "loadbalancer_member_health_rule")


class Alarms:
    """Aodh's alarms, as the collection an alarm resource is an item of."""

    def __init__(self, plugin: "AodhClientPlugin"):
        self.plugin = plugin

    def get(self, alarm_id: str) -> dict[str, Any]:
        return dict(self.plugin.call("get", "%s/%s" % (ALARMS, alarm_id)))

    def create(self, alarm: dict[str, Any]) -> dict[str, Any]:
        return dict(self.plugin.call("post", ALARMS, alarm))

    def update(self, alarm_id: str, changes: dict[str, Any]) -> dict[str, Any]:
        """Change some of the alarm's fields: Aodh replaces an alarm whole (PUT), so the
        changes are laid over the alarm as it is, its rule merged key by key (but for the
        rules Aodh takes only whole)."""
        alarm = self.get(alarm_id)
        changes = dict(changes)
        rule_key = "%s_rule" % changes.get("type", alarm["type"])
        rule = changes.pop(rule_key, None)
        if rule is not None:
            if rule_key in REPLACED_RULES or alarm.get(rule_key) is None:
                alarm[rule_key] = rule
            else:
                alarm[rule_key] = dict(alarm[rule_key], **rule)
        if changes.get("type", alarm["type"]) != alarm["type"]:
            alarm.pop("%s_rule" % alarm["type"], None)
        alarm.update(changes)
        return dict(self.plugin.call("put", "%s/%s" % (ALARMS, alarm_id), alarm))

    def delete(self, alarm_id: str) -> None:
        self.plugin.call("delete", "%s/%s" % (ALARMS, alarm_id))


class AodhClientPlugin(SdkClientPlugin):
    """``client()`` is openstacksdk's generic proxy of the alarming service; ``alarms``
    its alarms."""

    name = "aodh"
    service_type = "alarming"
    proxy = "alarm"

    @property
    def alarms(self) -> Alarms:
        return Alarms(self)

    def call(self, method: str, path: str, body: dict[str, Any] | None = None) -> Any:
        """Aodh's answer to a request on ``path`` (``/alarms``) of API v2, decoded."""
        response = getattr(self.client(), method)(path, json=body, raise_exc=False)
        sdk_exceptions.raise_from_response(response)
        return response.json() if response.content else None
