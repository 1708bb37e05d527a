"""Every change of a watch rule's state goes through :func:`change_state`.

It checks the change against :data:`heat.engine.watch.states.TRANSITIONS`, writes it only
if the rule is still in the state it was read in (another engine or an API call may have
moved it meanwhile), records why and when in the rule document, and adds the change to
the rule's history.
"""

from typing import Any

from heat.db import api as db_api
from heat.engine import api_format
from heat.engine.watch import history, rules, states


def _history_data(old: str, new: str, reason: str, reason_data: Any) -> dict[str, Any]:
    return {
        "version": "1.0",
        "oldState": {"stateValue": states.aws_name(old)},
        "newState": {
            "stateValue": states.aws_name(new),
            "stateReason": reason,
            "stateReasonData": reason_data,
        },
    }


def change_state(
    context: Any,
    rule: rules.Rule,
    event: str,
    new_state: str,
    reason: str,
    reason_data: Any = None,
) -> rules.Rule | None:
    """Move ``rule`` to ``new_state`` on ``event``; the rule after, or None when nothing
    changed (it is in that state already, or was moved by someone else meanwhile).
    Invalid when the state machine does not allow the change."""
    old = states.current(rule["state"])
    states.check(event, old, new_state)
    if old == new_state:
        return None
    details = {
        "StateReason": reason,
        "StateReasonData": reason_data,
        "StateUpdatedTimestamp": api_format.time(rules.now()),
    }
    changed = db_api.watch_rule_update(
        context, rule["id"], {"state": new_state}, details, expected={"state": rule["state"]}
    )
    if changed is None:
        return None
    summary = "Alarm updated from %s to %s" % (states.aws_name(old), states.aws_name(new_state))
    data = _history_data(old, new_state, reason, reason_data)
    history.record(context, changed, history.STATE, summary, data)
    return changed
