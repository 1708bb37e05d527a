"""``OS::Heat::SwiftSignalHandle`` and ``OS::Heat::SwiftSignal``: a wait condition whose
signals are objects a server PUTs to a Swift temporary URL, with no credentials.

The handle makes an object in a container named after the stack id, which keeps every
version written to it, and its reference is the object's PUT URL. Each PUT is a signal: an
empty body or a JSON object with ``status`` (SUCCESS or FAILURE), ``reason``, ``data`` and
``id`` (a signal with an id already seen replaces the earlier one). The signal waits, while
being created, for ``count`` SUCCESS signals within ``timeout`` seconds; a FAILURE fails it.
"""

import json
import time
from typing import Any
from urllib import parse

from oslo_log import log as logging

from heat.common import exception
from heat.common.i18n import _
from heat.engine import attributes, constraints, properties, resource, support
from heat.engine.resources import temp_url_signal
from heat.engine.resources.temp_url_signal import DATA, REASON, STATUS, UNIQUE_ID
from heat.engine.resources.wait_condition import FAILURE, SUCCESS, timeout_message

LOG = logging.getLogger(__name__)

ENDPOINT_DATA = "endpoint"


class SwiftSignalFailure(exception.Error):
    """A FAILURE signal arrived; the message joins the failure reasons."""


class SwiftSignalTimeout(exception.Error):
    """Too few SUCCESS signals arrived in time."""


class SwiftSignalHandle(resource.Resource):
    """A Swift temporary URL that servers PUT their signals to.

    The same as ``OS::Heat::WaitConditionHandle`` for a template, but the signals are kept
    in Swift, so a server needs neither credentials nor a route to heat's API.
    """

    support_status = support.SupportStatus(version="2014.2")
    default_client_name = "swift"

    ATTRIBUTES = (TOKEN, ENDPOINT, CURL_CLI) = ("token", "endpoint", "curl_cli")

    attributes_schema = {
        TOKEN: attributes.Schema(
            _(
                "Tokens are not needed for Swift TempURLs. This attribute is being kept for "
                "compatibility with the OS::Heat::WaitConditionHandle resource."
            ),
            cache_mode=attributes.Schema.CACHE_NONE,
            type=attributes.Schema.STRING,
        ),
        ENDPOINT: attributes.Schema(
            _("Endpoint/url which can be used for signalling handle."),
            cache_mode=attributes.Schema.CACHE_NONE,
            type=attributes.Schema.STRING,
        ),
        CURL_CLI: attributes.Schema(
            _(
                "Convenience attribute, provides curl CLI command prefix, which can be used "
                "for signalling handle completion or failure. You can signal success by "
                'adding --data-binary \'{"status": "SUCCESS"}\' , or signal failure by '
                'adding --data-binary \'{"status": "FAILURE"}\'.'
            ),
            cache_mode=attributes.Schema.CACHE_NONE,
            type=attributes.Schema.STRING,
        ),
    }

    def handle_create(self) -> None:
        """Make the signal object and keep its PUT URL (the object's name is recorded
        first, so a delete that interrupts the create still finds the object)."""
        name = self.physical_resource_name()
        self.resource_id_set(name)
        url = self.client_plugin().get_signal_url(self.stack.id, name)
        self.data_set(ENDPOINT_DATA, url)

    def get_reference_id(self) -> str | None:
        return self.data().get(ENDPOINT_DATA)

    def _resolve_attribute(self, name: str) -> Any:
        if self.resource_id is None:
            return None
        if name == self.TOKEN:
            return ""
        url = self.data().get(ENDPOINT_DATA)
        if name == self.ENDPOINT:
            return url
        if name == self.CURL_CLI:
            return "curl -i -X PUT '%s'" % url
        return None

    def handle_delete(self) -> None:
        """Delete the object and all its versions, then the stack's container unless other
        handles still use it."""
        if self.resource_id is None:
            return
        temp_url_signal.delete(self, self.resource_id)
        self.data_delete(ENDPOINT_DATA)


class SwiftSignal(resource.Resource):
    """Waits, while being created, for enough SUCCESS signals to a Swift signal handle.

    The same as ``OS::Heat::WaitCondition``, for the signals of an
    ``OS::Heat::SwiftSignalHandle``.
    """

    support_status = support.SupportStatus(version="2014.2")
    default_client_name = "swift"

    PROPERTIES = (HANDLE, TIMEOUT, COUNT) = ("handle", "timeout", "count")

    properties_schema = {
        HANDLE: properties.Schema(
            properties.Schema.STRING,
            description=_(
                "URL of TempURL where resource will signal completion and optionally upload data."
            ),
            required=True,
        ),
        TIMEOUT: properties.Schema(
            properties.Schema.NUMBER,
            description=_(
                "The maximum number of seconds to wait for the resource to signal "
                "completion. Once the timeout is reached, creation of the signal resource "
                "will fail."
            ),
            required=True,
            constraints=[constraints.Range(1, 43200)],
        ),
        COUNT: properties.Schema(
            properties.Schema.INTEGER,
            description=_(
                "The number of success signals that must be received before the stack "
                "creation process continues."
            ),
            default=1,
            constraints=[constraints.Range(1, 1000)],
        ),
    }

    attributes_schema = {
        DATA: attributes.Schema(
            _("JSON data that was uploaded via the SwiftSignalHandle."),
            type=attributes.Schema.STRING,
        )
    }

    def _path(self) -> str:
        return parse.urlparse(self.properties[self.HANDLE]).path

    def _object_name(self) -> str:
        return parse.unquote(self._path().split("/")[4])

    def _validate_handle_url(self) -> None:
        path = self._path()
        message = _('"%(url)s" is not a valid SwiftSignalHandle.  The %(part)s is invalid')
        if not self.client_plugin().is_valid_temp_url_path(path):
            raise ValueError(message % {"url": path, "part": "Swift TempURL path"})
        if path.split("/")[3] != self.stack.id:
            raise ValueError(message % {"url": path, "part": "container name"})

    def handle_create(self) -> float:
        """Check the handle is a temporary URL of this stack's container; the token is
        when the wait ends."""
        self._validate_handle_url()
        return time.monotonic() + float(self.properties[self.TIMEOUT])

    def check_create_complete(self, deadline: float) -> bool:
        """Whether ``count`` SUCCESS signals arrived; a FAILURE signal, an unknown status or
        the end of the wait fail the resource."""
        signals = self.get_signals()
        statuses = [signal[STATUS] for signal in signals]
        if time.monotonic() > deadline:
            reasons = [signal[REASON] for signal in signals if signal[STATUS] == SUCCESS]
            raise SwiftSignalTimeout(timeout_message(reasons, self.properties[self.COUNT]))
        for status in statuses:
            if status == FAILURE:
                reasons = [signal[REASON] for signal in signals if signal[STATUS] == FAILURE]
                raise SwiftSignalFailure(";".join(reasons))
            if status != SUCCESS:
                raise exception.Error(_("Unknown status: %s") % status)
        if len(statuses) >= self.properties[self.COUNT]:
            LOG.info("%s received its %d signals", self.name, len(statuses))
            return True
        return False

    def get_signals(self) -> list[dict[str, Any]]:
        """The signals written to the handle so far."""
        return temp_url_signal.signals(self, self._object_name())

    def _resolve_attribute(self, name: str) -> Any:
        if name != DATA:
            return None
        signals = self.get_signals()
        data = {signal[UNIQUE_ID]: signal[DATA] for signal in signals} if signals else None
        return json.dumps(data)


def resource_mapping() -> dict[str, type]:
    """The types this module provides."""
    return {
        "OS::Heat::SwiftSignalHandle": SwiftSignalHandle,
        "OS::Heat::SwiftSignal": SwiftSignal,
    }
