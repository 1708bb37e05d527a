"""Notifications of stack state changes on oslo.messaging's notifier.

Event types are ``orchestration.stack.<action>.start|end|error``; the payload describes the
stack as upstream does (tenant, user, identity, name, state, reason, times, tags). Scaling
groups add ``orchestration.autoscaling.start|end|error`` around each adjustment, with the
adjustment, its type, the group's capacity, the group's name and a message.
"""

from typing import Any

import oslo_messaging as messaging

from heat.engine import api_format
from heat.engine import resource_states as states

_PHASES = {states.IN_PROGRESS: "start", states.COMPLETE: "end", states.FAILED: "error"}


class StackNotifier:
    """Sends a notification per stack state change (nothing when no driver is set)."""

    def __init__(self, conf: Any, host: str):
        transport = messaging.get_notification_transport(conf)
        self.level = (conf.default_notification_level or "INFO").lower()
        publisher = conf.default_publisher_id or "orchestration.%s" % host
        self._notifier = messaging.Notifier(transport, publisher_id=publisher)

    def stack_state(self, stack: Any, action: str, status: str, reason: str) -> None:
        """Notify ``orchestration.stack.<action>.<phase>`` for a new stack state."""
        event_type = "orchestration.stack.%s.%s" % (action.lower(), _PHASES[status])
        level = "error" if status == states.FAILED else self.level
        getattr(self._notifier, level)(stack.context, event_type, payload(stack, reason))

    def autoscaling(self, stack: Any, phase: str, **details: Any) -> None:
        """Notify ``orchestration.autoscaling.<phase>`` (start, end or error) of a group of
        ``stack``; ``details`` are adjustment, adjustment_type, capacity, groupname, message."""
        level = "error" if phase == "error" else self.level
        body = {**payload(stack, stack.status_reason), **details}
        getattr(self._notifier, level)(stack.context, "orchestration.autoscaling.%s" % phase, body)


def payload(stack: Any, reason: str) -> dict[str, Any]:
    """What a stack notification carries."""
    state = stack.state_data
    context = stack.context
    return {
        "tenant_id": state.tenant_id,
        "user_id": getattr(context, "user_id", None),
        "username": state.username,
        "user_identity": getattr(context, "user_id", None),
        "stack_identity": stack.id,
        "stack_name": stack.name,
        "state": states.state_name(state.action, state.status),
        "state_reason": reason,
        "create_at": api_format.time(state.created_time),
        "updated_at": api_format.time(state.updated_time),
        "description": api_format.template_description(stack),
        "tags": list(state.tags) if state.tags else None,
    }
