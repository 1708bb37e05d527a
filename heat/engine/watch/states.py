"""The states of a watch rule, the events that change them, and what each state fires.

``TRANSITIONS`` is the whole state machine: for each event, the states a rule may be in
and the states it may reach. Evaluation and overrides (SetAlarmState) move between
NORMAL, ALARM and NODATA; suspending a stack suspends its rules, resuming it brings them
back as NODATA until the next evaluation. CEILOMETER_CONTROLLED rules (2014 Heat's hand-off
to Ceilometer) are left alone by everything.
"""

from heat.common import exception
from heat.common.i18n import _
from heat.rpc import api as rpc_api

NORMAL = rpc_api.WATCH_STATE_OK
ALARM = rpc_api.WATCH_STATE_ALARM
NODATA = rpc_api.WATCH_STATE_NODATA
SUSPENDED = rpc_api.WATCH_STATE_SUSPENDED
CEILOMETER_CONTROLLED = rpc_api.WATCH_STATE_CEILOMETER_CONTROLLED

EVALUATED = (NORMAL, ALARM, NODATA)
# Rules in these states are not evaluated and take no samples.
INACTIVE = (SUSPENDED, CEILOMETER_CONTROLLED)

EVALUATE, OVERRIDE, SUSPEND, RESUME = "evaluate", "override", "suspend", "resume"
TRANSITIONS: dict[str, tuple[tuple[str, ...], tuple[str, ...]]] = {
    EVALUATE: (EVALUATED, EVALUATED),
    OVERRIDE: (EVALUATED, EVALUATED),
    SUSPEND: ((*EVALUATED, SUSPENDED), (SUSPENDED,)),
    RESUME: ((SUSPENDED,), (NODATA,)),
}
# Events after which the actions of the state reached fire.
FIRING_EVENTS = frozenset({EVALUATE, OVERRIDE})

# The key of the rule document listing the actions of each state.
ACTIONS_KEY = {ALARM: "AlarmActions", NORMAL: "OKActions", NODATA: "InsufficientDataActions"}
# The CloudWatch names of the states, for history entries.
AWS_NAMES = {NORMAL: "OK", ALARM: "ALARM", NODATA: "INSUFFICIENT_DATA"}


def current(state: str | None) -> str:
    """The state of a rule row (rows written before states were kept count as NODATA)."""
    return state or NODATA


def check(event: str, old: str, new: str) -> None:
    """Invalid unless ``event`` may take a rule from ``old`` to ``new``."""
    sources, targets = TRANSITIONS[event]
    if old not in sources or new not in targets:
        raise exception.Invalid(
            reason=_("A watch rule in state %(old)s cannot %(event)s to %(new)s")
            % {"old": old, "event": event, "new": new}
        )


def aws_name(state: str) -> str:
    """The CloudWatch name of an engine state (other states keep their own name)."""
    return AWS_NAMES.get(state, state)
