"""``OS::Heat::WaitCondition``: a resource whose create waits for signals to a handle.

It is created once ``count`` SUCCESS signals reached its handle (an
``OS::Heat::WaitConditionHandle`` or any wait condition handle of the stack); a FAILURE
signal fails it with the failure reasons, and so does the end of ``timeout`` seconds
(``<n> of <count> received``). Updating it waits for ``count`` signals again. Its ``data``
is the data of every signal by unique id, as JSON.
"""

import json
from typing import Any

from oslo_log import log as logging

from heat.common.i18n import _
from heat.engine import attributes, constraints, properties, resource, support
from heat.engine.resources.wait_condition import BaseWaitConditionHandle, Waiter

LOG = logging.getLogger(__name__)

HANDLE_UUID = "handle_uuid"

HANDLE_DESCRIPTION = _(
    "A reference to the wait condition handle used to signal this wait condition."
)
TIMEOUT_DESCRIPTION = _(
    "The number of seconds to wait for the correct number of signals to arrive."
)
COUNT_DESCRIPTION = _(
    "The number of success signals that must be received before the stack creation "
    "process continues."
)
DATA_DESCRIPTION = _(
    "JSON string containing data associated with wait condition signals sent to the handle."
)


def count_schema() -> properties.Schema:
    """The schema of the number of signals to wait for."""
    return properties.Schema(
        properties.Schema.INTEGER,
        COUNT_DESCRIPTION,
        constraints=[constraints.Range(min=1)],
        default=1,
        update_allowed=True,
    )


def timeout_schema(kind: str) -> properties.Schema:
    """The schema of the seconds to wait, a NUMBER or an INTEGER."""
    return properties.Schema(
        kind, TIMEOUT_DESCRIPTION, required=True, constraints=[constraints.Range(1, 43200)]
    )


def data_schema() -> attributes.Schema:
    """The schema of the attribute holding the signals' data."""
    return attributes.Schema(
        DATA_DESCRIPTION, cache_mode=attributes.Schema.CACHE_NONE, type=attributes.Schema.STRING
    )


class HeatWaitCondition(resource.Resource):
    """Waits, while being created, for enough SUCCESS signals to its handle.

    Servers signal the handle when their software is ready; resources that depend on the
    wait condition are created only then. Too few signals in time, or a FAILURE signal,
    fail it.
    """

    support_status = support.SupportStatus(version="2014.2")

    HANDLE, TIMEOUT, COUNT, DATA = "handle", "timeout", "count", "data"

    properties_schema = {
        HANDLE: properties.Schema(properties.Schema.STRING, HANDLE_DESCRIPTION, required=True),
        TIMEOUT: timeout_schema(properties.Schema.NUMBER),
        COUNT: count_schema(),
    }

    attributes_schema = {DATA: data_schema()}

    def _handle(self) -> Any:
        """The handle the ``handle`` property refers to, or None."""
        return self.stack.resource_by_refid(self.properties[self.HANDLE])

    def _valid_handle(self) -> BaseWaitConditionHandle:
        handle = self._handle()
        if isinstance(handle, BaseWaitConditionHandle):
            return handle
        LOG.debug("%s refers to %r, which is no wait condition handle", self.name, handle)
        name = handle.name if handle is not None else self.properties[self.HANDLE]
        raise ValueError(_("%s is not a valid wait condition handle.") % name)

    def _waiter(self, handle: BaseWaitConditionHandle) -> Waiter:
        # Which handle this is: a replacement of it has the same name and reference.
        self.data_set(HANDLE_UUID, handle.uuid or "")
        return Waiter(handle, self.properties[self.COUNT], float(self.properties[self.TIMEOUT]))

    def handle_create(self) -> Waiter:
        """Start waiting for the handle's signals."""
        return self._waiter(self._valid_handle())

    def check_create_complete(self, waiter: Waiter) -> bool:
        """Whether enough signals arrived (the wait's failures are raised)."""
        return waiter.done()

    def handle_update(self, json_snippet: Any, tmpl_diff: dict, prop_diff: dict) -> Waiter:
        """Wait for ``count`` signals again (those received already count)."""
        return self._waiter(self._valid_handle())

    def check_update_complete(self, waiter: Waiter) -> bool:
        """Whether enough signals arrived (the wait's failures are raised)."""
        return waiter.done()

    def handle_delete(self) -> None:
        """Forget the signals the handle waited on received (not those of a handle that
        has replaced it since)."""
        handle = self._handle()
        if handle is not None and handle.uuid == self.data().get(HANDLE_UUID):
            handle.metadata_set({})

    def _resolve_attribute(self, name: str) -> Any:
        handle = self._handle()
        if not isinstance(handle, BaseWaitConditionHandle):
            return ""
        if name == self.DATA:
            return json.dumps(handle.signal_data())
        return None


def resource_mapping() -> dict[str, Any]:
    """The types this module provides."""
    return {"OS::Heat::WaitCondition": HeatWaitCondition}
