"""``OS::Heat::TestResource``: a resource that stores a string, with knobs for tests.

Its properties make actions wait (``wait_secs``, ``action_wait_secs``), fail (``fail``),
be replaced (``update_replace``, ``update_replace_value``), slow down validation
(``constraint_prop_secs``) or attribute reads (``attr_wait_secs``). Waiting is done by
the completion checks answering "not yet" while the engine yields, never by sleeping in a
handler.
"""

import time
from typing import Any, NamedTuple

from oslo_log import log as logging

from heat.common import exception
from heat.common.i18n import _
from heat.engine import attributes, constraints, properties, resource, scheduler, support
from heat.engine import resource_states as states
from heat.engine.rsrc_defn import ResourceDefinition

LOG = logging.getLogger(__name__)

PROPERTIES = (
    VALUE,
    UPDATE_REPLACE,
    FAIL,
    CLIENT_NAME,
    ENTITY_NAME,
    WAIT_SECS,
    ACTION_WAIT_SECS,
    ATTR_WAIT_SECS,
    CONSTRAINT_PROP_SECS,
    UPDATE_REPLACE_VALUE,
) = (
    "value",
    "update_replace",
    "fail",
    "client_name",
    "entity_name",
    "wait_secs",
    "action_wait_secs",
    "attr_wait_secs",
    "constraint_prop_secs",
    "update_replace_value",
)
ACTION_TIMES = (CREATE_WAIT_SECS, UPDATE_WAIT_SECS, DELETE_WAIT_SECS) = (
    "create",
    "update",
    "delete",
)
OUTPUT = "output"


class Wait(NamedTuple):
    """The token of an action that completes ``seconds`` after ``started`` (monotonic
    clock); a negative ``seconds`` never completes."""

    started: float
    seconds: float


ACTION_WAIT_DESCRIPTIONS = {
    CREATE_WAIT_SECS: _("Seconds to wait after a create. Defaults to the global wait_secs."),
    UPDATE_WAIT_SECS: _("Seconds to wait after an update. Defaults to the global wait_secs."),
    DELETE_WAIT_SECS: _("Seconds to wait after a delete. Defaults to the global wait_secs."),
}


class TestResource(resource.Resource):
    """A resource which stores the string value that was provided.

    This resource is to be used only for testing. It has control knobs such as
    'update_replace', 'fail', 'wait_secs'.
    """

    support_status = support.SupportStatus(version="5.0.0")
    # It makes nothing outside the database: its writes can be batched.
    durable_writes = False

    properties_schema = {
        CONSTRAINT_PROP_SECS: properties.Schema(
            properties.Schema.NUMBER,
            _("Number value for delay during resolve constraint."),
            default=0,
            update_allowed=True,
            constraints=[constraints.CustomConstraint("test_constr")],
            support_status=support.SupportStatus(version="6.0.0"),
        ),
        ATTR_WAIT_SECS: properties.Schema(
            properties.Schema.NUMBER,
            _("Number value for timeout during resolving output value."),
            default=0,
            update_allowed=True,
            support_status=support.SupportStatus(version="6.0.0"),
        ),
        VALUE: properties.Schema(
            properties.Schema.STRING,
            _("The input string to be stored."),
            default="test_string",
            update_allowed=True,
        ),
        UPDATE_REPLACE_VALUE: properties.Schema(
            properties.Schema.STRING,
            _("Some value that can be stored but can not be updated."),
            support_status=support.SupportStatus(version="7.0.0"),
        ),
        FAIL: properties.Schema(
            properties.Schema.BOOLEAN,
            _("Value which can be set to fail the resource operation to test failure scenarios."),
            update_allowed=True,
            default=False,
        ),
        UPDATE_REPLACE: properties.Schema(
            properties.Schema.BOOLEAN,
            _("Value which can be set to trigger update replace for the particular resource."),
            update_allowed=True,
            default=False,
        ),
        WAIT_SECS: properties.Schema(
            properties.Schema.NUMBER,
            _("Seconds to wait after an action (-1 is infinite)."),
            update_allowed=True,
            default=0,
        ),
        ACTION_WAIT_SECS: properties.Schema(
            properties.Schema.MAP,
            _("Options for simulating waiting."),
            update_allowed=True,
            schema={
                action: properties.Schema(
                    properties.Schema.NUMBER, description, update_allowed=True
                )
                for action, description in ACTION_WAIT_DESCRIPTIONS.items()
            },
        ),
        CLIENT_NAME: properties.Schema(
            properties.Schema.STRING,
            _("Client to poll."),
            default="",
            update_allowed=True,
        ),
        ENTITY_NAME: properties.Schema(
            properties.Schema.STRING,
            _("Client entity to poll."),
            default="",
            update_allowed=True,
        ),
    }

    attributes_schema = {
        OUTPUT: attributes.Schema(
            _(
                "The string that was stored. This value is also available by referencing the "
                "resource."
            ),
            cache_mode=attributes.Schema.CACHE_NONE,
        ),
    }

    def _wait(self) -> Wait:
        """The wait of the current action: its ``action_wait_secs`` entry, else ``wait_secs``."""
        per_action = self.properties[ACTION_WAIT_SECS] or {}
        seconds = per_action.get(self.action.lower())
        if seconds is None:
            seconds = self.properties[WAIT_SECS]
        LOG.info("%s wait_secs:%s, action:%s", self.name, seconds, self.action.lower())
        return Wait(time.monotonic(), seconds)

    def validate(self) -> None:
        """The properties, and no entity polling: no client plugin exists to poll with."""
        super().validate()
        client_name = self.properties[CLIENT_NAME]
        if client_name and self.properties[ENTITY_NAME]:
            raise exception.ResourceTypeUnavailable(
                service_name=client_name,
                resource_type="OS::Heat::TestResource",
                reason="polling an entity needs the %s client plugin, which this "
                "deployment does not have" % client_name,
            )

    def handle_create(self) -> Wait:
        """Store the value and take a physical id, unless the resource is to fail."""
        if not self.properties[FAIL]:
            self.data_set("value", self.properties[VALUE])
            self.resource_id_set(self.physical_resource_name())
        return self._wait()

    def needs_replace_with_prop_diff(
        self, changed: set[str], after: properties.Properties, before: properties.Properties
    ) -> bool:
        """A new ``value`` replaces the resource when the new ``update_replace`` is true."""
        return VALUE in changed and bool(after[UPDATE_REPLACE])

    def handle_update(self, json_snippet: ResourceDefinition, tmpl_diff: dict, prop_diff: dict):
        """Take the new properties; store a new ``value`` (unless failing) and wait."""
        self.properties = self.make_properties(json_snippet)
        value = prop_diff.get(VALUE)
        if not value:
            return Wait(time.monotonic(), 0)
        if not self.properties[FAIL]:
            self.data_set("value", value)
        return self._wait()

    def handle_delete(self) -> Wait:
        """Wait the delete time; deleting never fails."""
        return self._wait()

    def handle_check(self) -> None:
        """Fail when the resource has no physical id (its create failed)."""
        if not self.resource_id:
            # A plain Exception, as in OpenStack Heat: its name shows in the status reason.
            raise Exception("Resource not created")

    def check_create_complete(self, token: Wait) -> bool:
        """See :meth:`_waited`."""
        return self._waited(token)

    def check_update_complete(self, token: Wait) -> bool:
        """See :meth:`_waited`."""
        return self._waited(token)

    def check_delete_complete(self, token: Wait) -> bool:
        """See :meth:`_waited`."""
        return self._waited(token)

    def _waited(self, token: Wait) -> bool:
        """Whether the wait is over; then a resource with ``fail`` set fails any action
        but delete."""
        waited = time.monotonic() - token.started
        if token.seconds < 0 or waited <= token.seconds:
            return False
        if self.properties[FAIL] and self.action != states.DELETE:
            raise ValueError("Test Resource failed %s" % self.name)
        return True

    def _resolve_attribute(self, name: str) -> Any:
        scheduler.sleep(self.properties[ATTR_WAIT_SECS])
        if name == OUTPUT:
            return self.data().get("value")
        return None


def resource_mapping() -> dict[str, type]:
    """The types this module provides."""
    return {"OS::Heat::TestResource": TestResource}
