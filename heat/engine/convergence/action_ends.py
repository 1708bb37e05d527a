"""Word, within one engine, that a convergence stack's action has ended.

The step of a parent resource waits for its nested stack's traversal by reading the
nested stack's row now and then (:func:`heat.engine.walk.nested.settled`), since the
traversal may end on any engine. When it ends on the waiting step's own engine, as in
``heat-all``, the engine that ended it says so here, and the step reads the row at its
next wake-up instead of at its next look.
"""

import threading


class ActionEnds:
    """The stacks steps of this engine wait for, each with the flag set when its action
    ends here."""

    def __init__(self) -> None:
        self._guard = threading.Lock()
        self._watched: dict[str, tuple[threading.Event, int]] = {}

    def watch(self, stack_id: str) -> threading.Event:
        """A flag set when the stack's action ends on this engine (clear it once read);
        :meth:`unwatch` when done with it."""
        with self._guard:
            flag, watchers = self._watched.get(stack_id, (threading.Event(), 0))
            self._watched[stack_id] = (flag, watchers + 1)
            return flag

    def unwatch(self, stack_id: str) -> None:
        with self._guard:
            flag, watchers = self._watched.pop(stack_id, (threading.Event(), 1))
            if watchers > 1:
                self._watched[stack_id] = (flag, watchers - 1)

    def ended(self, stack_id: str) -> None:
        """The stack's action has just ended here: its watchers read its state."""
        with self._guard:
            watched = self._watched.get(stack_id)
        if watched is not None:
            watched[0].set()
