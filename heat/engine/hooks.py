"""Breakpoints: a resource waits before or after an action until a signal clears the hook.

The environment's ``resource_registry.resources.<name>.hooks`` sets them. A waiting resource
keeps ``<hook>: "True"`` in its data, which ``{"unset_hook": "<hook>"}`` signals remove.
"""

from collections.abc import Generator
from typing import Any

from heat.common import exception
from heat.common.i18n import _

HOOKS = (PRE_CREATE, PRE_UPDATE, PRE_DELETE, POST_CREATE, POST_UPDATE, POST_DELETE) = (
    "pre-create",
    "pre-update",
    "pre-delete",
    "post-create",
    "post-update",
    "post-delete",
)


def is_set(resource: Any, hook: str) -> bool:
    """Whether ``resource`` is waiting on ``hook`` (read afresh: a signal clears it from
    another thread)."""
    return resource.stack.store.resource_data(resource).get(hook) == "True"


def wait_for(resource: Any, hook: str, action: str) -> Generator[None, None, None]:
    """If the environment sets ``hook`` on the resource, record it and wait until cleared."""
    if not resource.stack.env.registry.matches_hook(resource.name, hook):
        return
    resource.data_set(hook, "True")
    reason = _("%(action)s paused until Hook %(hook)s is cleared") % {
        "action": action,
        "hook": hook,
    }
    resource.stack.store.record_note(resource, None, reason)
    resource.stack.store.flush()
    while is_set(resource, hook):
        yield


def clear(resource: Any, hook: Any) -> None:
    """Clear ``hook`` on a waiting resource and record that in an event (what
    ``openstack stack hook clear`` users wait for); InvalidBreakPointHook for an unknown
    hook or one the resource is not waiting on."""
    if hook not in HOOKS:
        raise exception.InvalidBreakPointHook(message=_('Invalid hook type "%s"') % hook)
    if not is_set(resource, hook):
        raise exception.InvalidBreakPointHook(
            message=_('The "%(hook)s" hook is not defined on %(resource)s')
            % {"hook": hook, "resource": resource.name}
        )
    resource.data_delete(hook)
    resource.stack.store.record_note(resource, None, _("Hook %s is cleared") % hook)
    resource.stack.store.flush()
