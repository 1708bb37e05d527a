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


def _root_row(context: Any, stack: Any) -> Any:
    return db_api.stack_get(context, stack.root_stack_id, eager_load=False)


def is_protected(context: Any, stack: Any) -> bool:
    """Whether the root of the stack's tree is protected."""
    root = _root_row(context, stack)
    return bool(root is not None and root.termination_protection)


def refuse_if_protected(context: Any, stack: Any) -> None:
    """StackTerminationProtected when the stack's root is protected."""
    root = _root_row(context, stack)
    if root is not None and root.termination_protection:
        raise exception.StackTerminationProtected(stack_name=stack.name, root_name=root.name)
