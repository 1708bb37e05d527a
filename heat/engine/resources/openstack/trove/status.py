"""What Trove's statuses of an instance mean to Heat: ready, failed (with the reason Heat
gives, followed by Trove's own fault when it tells one), or still changing."""

from typing import Any

from heat.common import exception
from heat.common.i18n import _

ERROR, FAILED, ACTIVE, HEALTHY = "ERROR", "FAILED", "ACTIVE", "HEALTHY"
# Trove answers ACTIVE once the database runs; since Ussuri it goes on to HEALTHY once the
# database answers, which a poll may see without having seen ACTIVE.
READY = (ACTIVE, HEALTHY)
BAD = (ERROR, FAILED)
REASONS = {
    FAILED: _(
        "The database instance was created, but heat failed to set up the datastore. If a "
        "database instance is in the FAILED state, it should be deleted and a new one should "
        "be created."
    ),
    ERROR: _("The last operation for the database instance failed due to an error."),
}


def is_ready(status: str | None) -> bool:
    """Whether an instance of ``status`` is done (made, resized...) and usable."""
    return status in READY


def check(item: dict[str, Any]) -> None:
    """ResourceInError when the instance (or a cluster's member) ``item`` failed: Heat's
    reason for its status and Trove's fault message, if any."""
    status = item.get("status")
    if status not in BAD:
        return
    reason = REASONS.get(str(status), _("Unknown"))
    fault = (item.get("fault") or {}).get("message")
    if fault:
        reason = "%s %s" % (reason, _("Trove says: %s") % fault)
    raise exception.ResourceInError(resource_status=status, status_reason=reason)
