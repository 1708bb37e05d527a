"""Cooldown of a scaling group, kept in the group's metadata as OpenStack Heat keeps it.

``scaling_in_progress`` is true while an adjustment runs; ``cooldown_end`` maps the time
(ISO 8601, UTC) before which no new adjustment starts to the reason of the last one.
Claiming and finishing are compare-and-swap writes of the metadata, so two engines that
receive signals at once cannot both start adjusting the same group.
"""

import datetime
from typing import Any

from oslo_log import log as logging
from oslo_utils import timeutils

from heat.engine.resource import NoActionRequired

LOG = logging.getLogger(__name__)

IN_PROGRESS, COOLDOWN_END, LEGACY_COOLDOWN = "scaling_in_progress", "cooldown_end", "cooldown"


def _seconds(cooldown: float | None) -> float:
    return max(0.0, cooldown or 0)


def _cooling_down(metadata: dict[str, Any], cooldown: float) -> bool:
    now = timeutils.utcnow()
    if COOLDOWN_END in metadata:
        end = next(iter(metadata[COOLDOWN_END]), "")
        return now.isoformat() < end
    # Groups scaled by Heat before cooldown_end existed keep {last adjustment: reason}.
    last = next(iter(metadata.get(LEGACY_COOLDOWN) or {}), None)
    if last is None or not cooldown:
        return False
    return not timeutils.is_older_than(last, cooldown)


def claim(resource: Any, cooldown: float | None) -> None:
    """Mark ``resource`` as scaling; NoActionRequired while it scales or cools down."""

    def merge(metadata: dict[str, Any]) -> dict[str, Any]:
        if metadata.get(IN_PROGRESS):
            LOG.info("Can not perform scaling action: %s is already scaling", resource.name)
            raise NoActionRequired(resource.name, "due to scaling activity")
        if _cooling_down(metadata, _seconds(cooldown)):
            LOG.info("Can not perform scaling action: %s is in cooldown", resource.name)
            raise NoActionRequired(resource.name, "due to cooldown, cooldown %s" % cooldown)
        return {**metadata, IN_PROGRESS: True}

    resource.metadata_merge(merge)


def finish(resource: Any, cooldown: float | None, reason: str, size_changed: bool) -> None:
    """End the scaling of ``resource``; a change of size starts its cooldown."""

    def merge(metadata: dict[str, Any]) -> dict[str, Any]:
        merged = {**metadata, IN_PROGRESS: False}
        if size_changed:
            end = timeutils.utcnow() + datetime.timedelta(seconds=_seconds(cooldown))
            previous = next(iter(metadata.get(COOLDOWN_END) or {}), "")
            merged[COOLDOWN_END] = {max(previous, end.isoformat()): reason}
        return merged

    resource.metadata_merge(merge)


def reset(resource: Any) -> None:
    """Forget an adjustment left unfinished (by an engine that stopped mid-way)."""
    if resource.metadata_get(refresh=True).get(IN_PROGRESS):
        resource.metadata_merge(lambda metadata: {**metadata, IN_PROGRESS: False})
