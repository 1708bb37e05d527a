"""``OS::Zaqar::Subscription``: a subscription to a Zaqar queue, through which Zaqar
notifies its subscriber (a webhook, an e-mail address) of each message. Its subscriber,
time to live and options change in place."""

from typing import Any
from urllib import parse

from heat.common import exception
from heat.common.i18n import _
from heat.engine import constraints, properties, support
from heat.engine.resource import Resource

QUEUE_NAME, SUBSCRIBER, TTL, OPTIONS = "queue_name", "subscriber", "ttl", "options"
SUBSCRIBER_TYPES = ("http", "https", "mailto", "trust+http", "trust+https")
# Seconds until the year 9000: a subscription that never expires.
FOREVER = 220367260800


class ZaqarSubscription(Resource):
    """A resource for managing Zaqar subscriptions.

    A subscription listens for messages in a queue and notifies its subscriber of each, by
    e-mail or webhook.
    """

    default_client_name = "zaqar"
    support_status = support.SupportStatus(version="8.0.0", status=support.SUPPORTED)

    properties_schema = {
        QUEUE_NAME: properties.Schema(
            properties.Schema.STRING,
            _("Name of the queue to subscribe to."),
            constraints=[constraints.CustomConstraint("zaqar.queue")],
            required=True,
        ),
        SUBSCRIBER: properties.Schema(
            properties.Schema.STRING,
            _(
                "URI of the subscriber which will be notified. Must be in the format: "
                "<TYPE>:<VALUE>."
            ),
            required=True,
            update_allowed=True,
        ),
        TTL: properties.Schema(
            properties.Schema.INTEGER,
            _("Time to live of the subscription in seconds."),
            update_allowed=True,
            default=FOREVER,
            constraints=[constraints.Range(min=60)],
        ),
        OPTIONS: properties.Schema(
            properties.Schema.MAP,
            _("Options used to configure this subscription."),
            required=False,
            update_allowed=True,
        ),
    }

    def validate(self) -> None:
        super().validate()
        self.check_subscriber()

    def check_subscriber(self) -> None:
        """The subscriber's type must be one Zaqar notifies, as upstream checks."""
        kind = (self.properties[SUBSCRIBER] or "").split(":", 1)[0]
        if kind not in SUBSCRIBER_TYPES:
            message = _("The subscriber type of must be one of: %s.") % ", ".join(SUBSCRIBER_TYPES)
            raise exception.StackValidationFailed(message=message)

    def _collection(self) -> str:
        return "/queues/%s/subscriptions" % parse.quote(self.properties[QUEUE_NAME])

    def _fields(self, changed: dict | None = None) -> dict[str, Any]:
        """The subscription's fields, with the ``changed`` properties' new values."""
        fields = {key: self.properties[key] for key in (SUBSCRIBER, TTL, OPTIONS)}
        fields.update(changed or {})
        fields[OPTIONS] = fields[OPTIONS] or {}
        return fields

    def handle_create(self) -> None:
        made = self.client_plugin().call("post", self._collection(), self._fields())
        self.resource_id_set(made["subscription_id"])

    def handle_update(self, json_snippet: Any, tmpl_diff: dict, prop_diff: dict) -> None:
        """Give the subscription the new subscriber, time to live and options."""
        path = "%s/%s" % (self._collection(), self.resource_id)
        self.client_plugin().call("patch", path, self._fields(prop_diff))

    def handle_delete(self) -> None:
        if self.resource_id is None:
            return
        try:
            self.client_plugin().call("delete", "%s/%s" % (self._collection(), self.resource_id))
        except Exception as error:  # Zaqar's "not found" is a normal answer here
            self.client_plugin().ignore_not_found(error)

    def _show_resource(self) -> Any:
        if self.resource_id is None:
            return None
        path = "%s/%s" % (self._collection(), self.resource_id)
        try:
            return self.client_plugin().call("get", path)
        except Exception as error:  # see handle_delete
            self.client_plugin().ignore_not_found(error)
            return None


def resource_mapping() -> dict[str, type]:
    """The types this module provides."""
    return {"OS::Zaqar::Subscription": ZaqarSubscription}
