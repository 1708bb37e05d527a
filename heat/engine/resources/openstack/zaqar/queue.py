"""``OS::Zaqar::Queue``: a Zaqar queue with metadata of the template's. Its name is the
resource's physical id (and ``get_resource``); metadata changes in place."""

from typing import Any
from urllib import parse

from heat.common.i18n import _
from heat.engine import attributes, constraints, properties, support
from heat.engine.clients.os.zaqar import API_VERSION, JSON_PATCH
from heat.engine.resource import Resource

NAME, METADATA = "name", "metadata"
QUEUE_ID, HREF = "queue_id", "href"
# What Zaqar keeps of a queue beside its metadata: its settings, named with a leading _.
SETTING_PREFIX = "_"
NAME_LIMIT = 64


class ZaqarQueue(Resource):
    """A resource for managing Zaqar queues.

    A queue groups messages, ideally one queue per kind of work: those who read it do that
    work.
    """

    default_client_name = "zaqar"
    support_status = support.SupportStatus(version="2014.2")

    properties_schema = {
        NAME: properties.Schema(
            properties.Schema.STRING,
            _("Name of the queue instance to create."),
            constraints=[constraints.Length(max=NAME_LIMIT)],
        ),
        METADATA: properties.Schema(
            properties.Schema.MAP,
            description=_(
                "Arbitrary key/value metadata to store contextual information about this queue."
            ),
            update_allowed=True,
        ),
    }

    attributes_schema = {
        QUEUE_ID: attributes.Schema(
            _("ID of the queue."),
            cache_mode=attributes.Schema.CACHE_NONE,
            support_status=support.SupportStatus(
                status=support.HIDDEN,
                version="6.0.0",
                previous_status=support.SupportStatus(
                    status=support.DEPRECATED,
                    message=_(
                        "Use get_resource|Ref command instead. For example: "
                        "{ get_resource : <resource_name> }"
                    ),
                    version="2015.1",
                    previous_status=support.SupportStatus(version="2014.1"),
                ),
            ),
        ),
        HREF: attributes.Schema(_("The resource href of the queue.")),
    }

    def physical_resource_name(self) -> str:
        """The queue's name: the template's, else one made for it (64 characters at most)."""
        return self.properties[NAME] or super().physical_resource_name()[:NAME_LIMIT]

    def _path(self) -> str:
        return "/queues/%s" % parse.quote(self.resource_id or self.physical_resource_name())

    def handle_create(self) -> None:
        name = self.physical_resource_name()
        self.resource_id_set(name)
        self.client_plugin().call("put", self._path(), self.properties[METADATA] or {})

    def handle_update(self, json_snippet: Any, tmpl_diff: dict, prop_diff: dict) -> None:
        """Make the queue's metadata the new one, key by key."""
        if METADATA not in prop_diff:
            return
        new = prop_diff[METADATA] or {}
        old = self._queue_metadata()
        changes = [{"op": "add", "path": "/metadata/%s" % key, "value": new[key]} for key in new]
        changes += [{"op": "remove", "path": "/metadata/%s" % key} for key in old if key not in new]
        if changes:
            self.client_plugin().call("patch", self._path(), changes, content_type=JSON_PATCH)

    def handle_delete(self) -> None:
        if self.resource_id is None:
            return
        try:
            self.client_plugin().call("delete", self._path())
        except Exception as error:  # Zaqar's "not found" is a normal answer here
            self.client_plugin().ignore_not_found(error)

    def _queue_metadata(self) -> dict[str, Any]:
        """The queue's metadata, without Zaqar's own settings."""
        found = self.client_plugin().call("get", self._path()) or {}
        return {key: value for key, value in found.items() if not key.startswith(SETTING_PREFIX)}

    def href(self) -> str:
        """The queue's URL in Zaqar's API."""
        root = self.client_plugin().api_url()
        if root.endswith("/v%s" % API_VERSION):
            root = root[: -len("/v%s" % API_VERSION)]
        return "%s/v%s/queues/%s" % (root, API_VERSION, parse.quote(self.physical_resource_name()))

    def _resolve_attribute(self, name: str) -> Any:
        if name == QUEUE_ID:
            return self.resource_id
        if name == HREF:
            return self.href()
        return None

    def _show_resource(self) -> Any:
        if self.resource_id is None:
            return None
        return {METADATA: self._queue_metadata()}


def resource_mapping() -> dict[str, type]:
    """The types this module provides."""
    return {"OS::Zaqar::Queue": ZaqarQueue}
