"""Observing reality: what a resource's physical resource looks like now, in the terms of
its properties, so that an update can put back what was changed outside heat.

An update observes when it is asked to converge (``openstack stack update --converge``)
or when ``observe_on_update`` is set. Only resource types that can show their physical
resource take part; the others are compared with what they stored, as usual.
"""

from typing import Any

from oslo_log import log

from heat.common import exception

LOG = log.getLogger(__name__)


def observe(resource: Any) -> None:
    """Replace the resource's stored property values by the live ones where they differ.

    UpdateReplace when its physical resource is gone (or was never made); any other failure
    to look is logged and the stored values are kept."""
    if not resource.can_show_live_state():
        return
    if not resource.resource_id:
        raise exception.UpdateReplace(resource.name)
    try:
        live = resource.get_live_state(resource.properties)
    except Exception as error:  # noqa: BLE001 - a failed look must not fail the update
        if is_gone(resource, error):
            raise exception.UpdateReplace(resource.name) from error
        LOG.warning("The live state of %s could not be read: %s", resource.name, error)
        return
    stored = resource.properties
    drifted = {
        name: value
        for name, value in (live or {}).items()
        if name in stored.schema and stored_value(stored, name) != value
    }
    if drifted:
        stored.data = {**stored.data, **drifted}


def stored_value(properties: Any, name: str) -> Any:
    """The stored value of property ``name`` (None when it cannot be read)."""
    try:
        return properties[name]
    except (KeyError, ValueError, exception.StackValidationFailed):
        return None


def is_gone(resource: Any, error: Exception) -> bool:
    """Whether ``error`` says the resource's physical resource is gone."""
    if isinstance(error, exception.EntityNotFound):
        return True
    client_name = resource.default_client_name
    return bool(client_name) and resource.client_plugin(client_name).is_not_found(error)
