"""``OS::Zaqar::SignedQueueURL``: a URL of a queue that Zaqar pre-signs, giving whoever
holds it the methods and paths it names until it expires (an alarm's action, say:
``zaqar://?`` followed by the ``query_str`` attribute). Zaqar cannot take a signature
back: deleting the resource forgets it."""

import datetime
import json
from typing import Any
from urllib import parse

from oslo_utils import timeutils

from heat.common.i18n import _
from heat.engine import attributes, constraints, properties, support
from heat.engine.resource import Resource

QUEUE, PATHS, TTL, METHODS = "queue", "paths", "ttl", "methods"
ATTRIBUTES = (SIGNATURE, EXPIRES, PATHS_ATTR, METHODS_ATTR, PROJECT, QUERY_STR) = (
    "signature",
    "expires",
    "paths",
    "methods",
    "project",
    "query_str",
)
# Kept in the resource data as Zaqar answered them (lists as JSON).
STORED = (SIGNATURE, EXPIRES, PATHS_ATTR, METHODS_ATTR, PROJECT)


class ZaqarSignedQueueURL(Resource):
    """A resource for managing signed URLs of Zaqar queues.

    A signed URL gives specific access to a queue, for example to be used as an alarm's
    notification: to give it to Aodh as an action URL, pass ``zaqar://?`` followed by the
    ``query_str`` attribute.
    """

    default_client_name = "zaqar"
    support_status = support.SupportStatus(version="8.0.0")

    properties_schema = {
        QUEUE: properties.Schema(
            properties.Schema.STRING,
            _("Name of the queue instance to create a URL for."),
            required=True,
        ),
        PATHS: properties.Schema(
            properties.Schema.LIST,
            description=_(
                "List of allowed paths to be accessed. Default to allow queue messages URL."
            ),
        ),
        TTL: properties.Schema(
            properties.Schema.INTEGER,
            description=_("Time validity of the URL, in seconds. Default to one day."),
        ),
        METHODS: properties.Schema(
            properties.Schema.LIST,
            description=_("List of allowed HTTP methods to be used. Default to allow GET."),
            schema=properties.Schema(
                properties.Schema.STRING,
                constraints=[constraints.AllowedValues(["GET", "DELETE", "PATCH", "POST", "PUT"])],
            ),
        ),
    }

    attributes_schema = {
        SIGNATURE: attributes.Schema(_("Signature of the URL built by Zaqar.")),
        EXPIRES: attributes.Schema(_("Expiration date of the URL.")),
        PATHS_ATTR: attributes.Schema(_("Comma-delimited list of paths for convenience.")),
        METHODS_ATTR: attributes.Schema(_("Comma-delimited list of methods for convenience.")),
        PROJECT: attributes.Schema(_("The ID of the Keystone project containing the queue.")),
        QUERY_STR: attributes.Schema(_("An HTTP URI query fragment.")),
    }

    def handle_create(self) -> None:
        request: dict[str, Any] = {}
        if self.properties[PATHS]:
            request["paths"] = self.properties[PATHS]
        if self.properties[METHODS]:
            request["methods"] = self.properties[METHODS]
        if self.properties[TTL]:
            expiry = timeutils.utcnow() + datetime.timedelta(seconds=self.properties[TTL])
            request["expires"] = expiry.strftime("%Y-%m-%dT%H:%M:%S")
        path = "/queues/%s/share" % parse.quote(self.properties[QUEUE])
        signed = self.client_plugin().call("post", path, request)
        for key in STORED:
            value = signed[key]
            self.data_set(key, json.dumps(value) if isinstance(value, list) else value)
        self.resource_id_set(self.physical_resource_name())

    def handle_delete(self) -> None:
        """Nothing to do: Zaqar cannot take a signature back."""

    def _query_str(self, data: dict[str, str]) -> str:
        """The query of the signed URL, as Zaqar's clients (and Aodh) read it."""
        query = {
            "signature": data[SIGNATURE],
            "expires": data[EXPIRES],
            "paths": ",".join(json.loads(data[PATHS_ATTR])),
            "methods": ",".join(json.loads(data[METHODS_ATTR])),
            "project_id": data[PROJECT],
            "queue_name": self.properties[QUEUE],
        }
        return parse.urlencode(query)

    def _resolve_attribute(self, name: str) -> Any:
        if not self.resource_id:
            return None
        data = self.data()
        if name in (SIGNATURE, EXPIRES, PROJECT):
            return data[name]
        if name in (PATHS_ATTR, METHODS_ATTR):
            return json.loads(data[name])
        if name == QUERY_STR:
            return self._query_str(data)
        return None


def resource_mapping() -> dict[str, type]:
    """The types this module provides."""
    return {"OS::Zaqar::SignedQueueURL": ZaqarSignedQueueURL}
