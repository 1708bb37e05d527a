"""Multi-step handlers written as generators.

A handler returns a generator that yields whenever it must wait for a service; the
matching ``check_<action>_complete`` advances it one step per poll with :func:`advance`.
This keeps a sequence such as "detach, extend, attach again" one readable function.
"""

from collections.abc import Iterator

Steps = Iterator[None]
_DONE = object()


def advance(steps: Steps | None) -> bool:
    """Run ``steps`` to its next yield; True once it has finished (or there is none)."""
    if steps is None:
        return True
    return next(steps, _DONE) is _DONE
