"""Termination protection: a flag on a root stack that refuses the deletion of any stack
in its tree until it is cleared, as CloudFormation's ``EnableTerminationProtection``.

The flag lives on the root alone, so a nested stack follows its root without copies to
keep in step; updates may still remove nested stacks from their parents.
"""

from typing import Any

from heat.common import exception
from heat.common.i18n import _
from heat.db import api as db_api


def set_protection(context: Any, stack: Any, enabled: Any) -> None:
    """Set or clear the protection of a root stack; a nested stack follows its root."""
    if not isinstance(enabled, bool):
        raise exception.Invalid(reason=_("termination protection is true or false"))
    if stack.state_data.owner_id:
        raise exception.NotSupported(
            feature=_("Changing the termination protection of nested stack %s") % stack.name
        )
    db_api.stack_update(context, stack.id, {"termination_protection": enabled})


def _root(context: Any, stack: Any) -> tuple[str, bool]:
    """(name, protected) of the stack's root; a root's flag is in its loaded state."""
    if not stack.state_data.owner_id:
        return stack.name, stack.state_data.termination_protection
    root = db_api.stack_get(context, stack.root_stack_id, eager_load=False)
    return (root.name or "", bool(root.termination_protection)) if root else ("", False)


def is_protected(context: Any, stack: Any) -> bool:
    """Whether the root of the stack's tree is protected."""
    return _root(context, stack)[1]


def refuse_if_protected(context: Any, stack: Any) -> None:
    """StackTerminationProtected when the stack's root is protected."""
    root_name, protected = _root(context, stack)
    if protected:
        raise exception.StackTerminationProtected(stack_name=stack.name, root_name=root_name)
