"""The operator's log of state changes: every stack and resource state at INFO, a failure at
WARNING with its reason, in OpenStack Heat's wording (``Stack CREATE COMPLETE (web): Stack
CREATE completed successfully``)."""

import logging
from typing import Any

from heat.engine import resource_states as states

LOG = logging.getLogger("heat.engine.state")


def _level(status: str) -> int:
    return logging.WARNING if status == states.FAILED else logging.INFO


def stack_state(stack: Any, action: str, status: str, reason: str) -> None:
    """Log that ``stack`` went to ``action`` ``status`` for ``reason``."""
    LOG.log(
        _level(status),
        "Stack %(action)s %(status)s (%(name)s): %(reason)s",
        {"action": action, "status": status, "name": stack.name, "reason": reason},
    )


def describe_resource(resource: Any) -> str:
    """``Type "name" [physical id] Stack "stack" [stack id]``, as upstream names a resource."""
    text = '%s "%s"' % (type(resource).__name__, resource.name)
    if resource.resource_id is not None:
        text += " [%s]" % resource.resource_id
    stack = resource.stack
    return text + ' Stack "%s" [%s]' % (stack.name, stack.id)


def resource_state(resource: Any, action: str, status: str, reason: str) -> None:
    """Log that ``resource`` went to ``action`` ``status`` for ``reason``."""
    LOG.log(
        _level(status),
        "%(resource)s %(action)s_%(status)s: %(reason)s",
        {
            "resource": describe_resource(resource),
            "action": action,
            "status": status,
            "reason": reason,
        },
    )
