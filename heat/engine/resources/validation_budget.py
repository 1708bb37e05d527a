"""How many nested resources one validation may build before it stops descending.

Validating a stack validates its nested stacks, theirs in turn, and so on: provider
templates of 30 resources each, four levels deep, would build 810,000 resources before
any of them is stored and counted against ``max_resources_per_stack``. The outermost
nested-stack validation opens a budget of that many resources, shared through a context
variable by every validation below it; once spent, deeper nested stacks are left to be
checked when they are created, where the stored resources are counted and the tree fails
with "Maximum resources per stack exceeded." as upstream's does.
"""

import contextlib
import contextvars
from collections.abc import Iterator


class _Budget:
    """The resources the current validation may still build."""

    def __init__(self, remaining: int) -> None:
        self.remaining = remaining


_CURRENT: contextvars.ContextVar[_Budget | None] = contextvars.ContextVar(
    "nested_validation_budget", default=None
)


@contextlib.contextmanager
def opened(limit: int) -> Iterator[None]:
    """Give the validation inside a budget of ``limit`` resources (none when negative,
    Heat's "no limit"); a validation nested in another shares the enclosing budget."""
    if limit < 0 or _CURRENT.get() is not None:
        yield
        return
    token = _CURRENT.set(_Budget(limit))
    try:
        yield
    finally:
        _CURRENT.reset(token)


def spend(count: int) -> bool:
    """Take ``count`` resources from the current budget; False when that leaves it spent,
    so that the caller does not descend into them."""
    budget = _CURRENT.get()
    if budget is None:
        return True
    budget.remaining -= count
    return budget.remaining >= 0


def exhausted() -> bool:
    """Whether the current budget is spent: nothing more is to be built for validation."""
    budget = _CURRENT.get()
    return budget is not None and budget.remaining < 0
