"""Actions, statuses and the state changes allowed for resources and stacks, as data.

Every state write goes through :func:`check_transition`, so a resource never jumps from,
say, DELETE_COMPLETE back to CREATE_IN_PROGRESS without the engine meaning it.
"""

from heat.common import exception

ACTIONS = (INIT, CREATE, DELETE, UPDATE, ROLLBACK, SUSPEND, RESUME, ADOPT, SNAPSHOT, CHECK) = (
    "INIT",
    "CREATE",
    "DELETE",
    "UPDATE",
    "ROLLBACK",
    "SUSPEND",
    "RESUME",
    "ADOPT",
    "SNAPSHOT",
    "CHECK",
)
RESTORE = "RESTORE"
STACK_ACTIONS = ACTIONS[1:] + (RESTORE,)
STATUSES = (IN_PROGRESS, FAILED, COMPLETE) = ("IN_PROGRESS", "FAILED", "COMPLETE")

# An action may start from any settled state except these.
_CANNOT_START = {
    CREATE: {(DELETE, COMPLETE)},
    UPDATE: {(DELETE, COMPLETE), (INIT, COMPLETE)},
    SUSPEND: {(DELETE, COMPLETE), (INIT, COMPLETE)},
    RESUME: {(DELETE, COMPLETE), (INIT, COMPLETE)},
    CHECK: {(DELETE, COMPLETE)},
    SNAPSHOT: {(DELETE, COMPLETE)},
}


def check_transition(current: tuple[str, str], action: str, status: str) -> None:
    """Raise Invalid unless ``current`` may become ``(action, status)``.

    IN_PROGRESS may follow any state its action may start from; COMPLETE and FAILED only
    follow the same action, except CHECK results (mark unhealthy sets them directly).
    """
    if action not in ACTIONS + (RESTORE,) or status not in STATUSES:
        raise exception.Invalid(reason="unknown state %s_%s" % (action, status))
    if status == IN_PROGRESS:
        if current in _CANNOT_START.get(action, set()):
            raise exception.Invalid(
                reason="cannot start %s from %s_%s" % (action, current[0], current[1])
            )
        return
    if current[0] != action and action not in (INIT, CHECK):
        raise exception.Invalid(
            reason="%s_%s cannot follow %s_%s" % (action, status, current[0], current[1])
        )


def state_name(action: str, status: str) -> str:
    """``ACTION_STATUS``."""
    return "%s_%s" % (action, status)
