"""The seam between the engine's stack operations and the way a stack's actions run.

An operation (:mod:`heat.engine.stack_creation`, :mod:`heat.engine.stack_lifecycle`,
:mod:`heat.engine.stack_update_request`) loads and checks the stack, then asks the
stack's strategy to carry the action out. A stack keeps the strategy it was created with
(its row's ``convergence`` flag, set from ``[DEFAULT] convergence_engine``): ``legacy``
(:mod:`.legacy`: one thread per action under the whole-stack lock) or ``convergence``
(:mod:`.convergence`: work items per resource, on any engine).
"""

from typing import Any, Protocol

from heat.engine.walk import convergence, legacy


class Strategy(Protocol):
    """Starts a stack action and returns; the action goes on in the background."""

    name: str

    def create(self, runtime: Any, context: Any, stack: Any) -> None:
        """Create the stored, new ``stack`` (rolling back on failure unless disabled)."""

    def adopt(self, runtime: Any, context: Any, stack: Any, data: Any) -> None:
        """Adopt the physical resources ``data`` names into the stored, new ``stack``."""

    def update(self, runtime: Any, context: Any, current: Any, new: Any, action: str) -> None:
        """Move ``current`` to ``new``'s definition (``action`` UPDATE or RESTORE), rolling
        back on failure unless disabled."""

    def delete(self, runtime: Any, context: Any, stack: Any) -> None:
        """Stop what runs on ``stack``, then delete it."""

    def cancel(self, runtime: Any, context: Any, stack: Any, rollback: bool) -> None:
        """Cancel the create or update in progress, rolling back when ``rollback``."""

    def suspend(self, runtime: Any, context: Any, stack: Any) -> None:
        """Suspend every resource, those that need others first."""

    def resume(self, runtime: Any, context: Any, stack: Any) -> None:
        """Resume every resource."""

    def check(self, runtime: Any, context: Any, stack: Any) -> None:
        """Check every resource against its service."""


LEGACY: Strategy = legacy.Legacy()
CONVERGENCE: Strategy = convergence.Convergence()


def of_stack(stack: Any) -> Strategy:
    """The strategy that runs ``stack``'s actions."""
    return CONVERGENCE if stack.state_data.convergence else LEGACY
