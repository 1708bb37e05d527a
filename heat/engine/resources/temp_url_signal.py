"""TEMP_URL_SIGNAL: a server signals a resource by PUTting to a Swift temporary URL.

The object (named after the resource, in a container named after the stack) holds
:data:`~heat.engine.clients.os.swift.IN_PROGRESS` until the first signal. The container
keeps every version written to it, so each PUT is one more signal, and the signals are
read again from the versions each time: an empty body, or a JSON object with ``status``,
``reason``, ``data`` and ``id`` (a signal with an id already seen replaces the earlier
one). The object, its versions and the container (once empty) go with the resource.
``OS::Heat::SwiftSignalHandle`` is this transport as a resource of its own.
"""

import json
from typing import Any

from heat.common import exception
from heat.common.i18n import _
from heat.engine.clients.os.swift import IN_PROGRESS

SIGNAL_KEYS = (DATA, REASON, STATUS, UNIQUE_ID) = ("data", "reason", "status", "id")
URL = "swift_signal_url"


def url(resource: Any) -> str:
    """The PUT URL of the resource's signal object, made once."""
    found = resource.data().get(URL)
    if found:
        return str(found)
    made = resource.client_plugin("swift").get_signal_url(
        resource.stack.id, resource.physical_resource_name()
    )
    resource.data_set(URL, made, redact=True)
    return made


def signals(resource: Any, name: str | None = None) -> list[dict[str, Any]]:
    """The signals written to the object ``name`` (the resource's own by default) of the
    stack's container so far (see :func:`signals_from_bodies`)."""
    return signals_from_bodies(bodies(resource, name or resource.physical_resource_name()))


def bodies(resource: Any, name: str) -> list[str]:
    """The bodies of every version of the object ``name``, as Swift lists them."""
    swift, plugin = resource.client("swift"), resource.client_plugin("swift")
    container = resource.stack.id
    try:
        listing = [each.name for each in swift.objects(container) if name in each.name]
    except Exception as error:  # no container yet is no signal yet
        plugin.ignore_not_found(error)
        return []
    found = []
    for obj_name in listing:
        try:
            found.append(swift.download_object(obj_name, container=container).decode())
        except Exception as error:  # a version removed since the listing
            plugin.ignore_not_found(error)
    return found


def signals_from_bodies(written: list[str]) -> list[dict[str, Any]]:
    """The signals of the object versions' bodies, in order, with every key: a signal
    without an id is numbered by its place among the signals, one repeating an id replaces
    the earlier one; the object's initial content is no signal."""
    found: list[dict[str, Any]] = []
    sent = [body for body in written if body != IN_PROGRESS]
    for number, body in enumerate(sent, start=1):
        signal = _parse(body)
        if UNIQUE_ID in signal:
            found = [kept for kept in found if kept.get(UNIQUE_ID) != signal[UNIQUE_ID]]
        signal.setdefault(DATA, None)
        unique_id = signal.setdefault(UNIQUE_ID, number)
        signal.setdefault(REASON, "Signal %s received" % unique_id)
        signal.setdefault(STATUS, "SUCCESS")
        found.append(signal)
    return found


def _parse(body: str) -> dict[str, Any]:
    if body == "":
        return {}
    try:
        signal = json.loads(body)
    except ValueError:
        raise exception.Error(_("Failed to parse JSON data: %s") % body) from None
    if not isinstance(signal, dict):
        raise exception.Error(_("Failed to parse JSON data: %s") % body)
    return signal


def delete(resource: Any, name: str | None = None) -> None:
    """Delete the object ``name`` (by default the resource's own, if it made one) and all
    its versions, then the stack's container unless other resources' objects are in it."""
    if name is None and not resource.data().get(URL):
        return
    swift, plugin = resource.client("swift"), resource.client_plugin("swift")
    container, name = resource.stack.id, name or resource.physical_resource_name()
    try:
        names = [each.name for each in swift.objects(container)]
    except Exception as error:  # no container: nothing was made
        plugin.ignore_not_found(error)
        names = []
    for each in names:
        if name in each:
            swift.delete_object(each, container=container, ignore_missing=True)
    try:
        swift.delete_container(container, ignore_missing=True)
    except Exception as error:  # the container still holds other resources' objects
        if not plugin.is_conflict(error):
            raise
    resource.data_delete(URL)
