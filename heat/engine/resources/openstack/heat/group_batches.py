"""Planning batched changes of a resource group: rolling updates and batched creation.

A batched change moves the nested stack towards its target in steps. Each step is one
update of the nested stack to a template with a given number of members (its capacity),
of which at most a given number receive the new definition (new members count among
them). Removed members go first, then members are updated from the highest index down,
and while ``min_in_service`` asks for it, extra members are created for the time of the
change so that enough stay in service.
"""

import time
from collections.abc import Callable, Iterator, Mapping

from heat.engine.resources.openstack.heat.group_template import Members


def pause(seconds: float) -> Iterator[None]:
    """A task that waits ``seconds`` between two batches."""
    deadline = time.monotonic() + seconds
    while time.monotonic() < deadline:
        yield


def plan(target: int, current: int, batch_size: int, min_in_service: int) -> list[tuple[int, int]]:
    """``(capacity, new definitions)`` of each step taking ``current`` members, none of them
    up to date, to ``target`` members all up to date."""
    steps = []
    up_to_date = 0
    while up_to_date < current or current != target:
        kept_in_service = min(min_in_service, target, current)
        batch = min(batch_size, max(target - up_to_date, 0))
        capacity = batch + max(min(current, target - batch), kept_in_service)
        steps.append((capacity, batch))
        # New members beyond the larger of the two sizes are temporary: they do not count.
        up_to_date += batch - max(capacity - max(current, target), 0)
        current = capacity
    return steps


def _removal_order(existing: Mapping[str, dict], names: list[str], target: int) -> list[str]:
    """Existing member names, those to remove first and those to keep longest last."""
    position = {name: index for index, name in enumerate(names)}

    def priority(name: str) -> int:
        if name not in position:
            return 0
        if position[name] < target:
            return target - position[name]
        return len(names)

    return sorted(existing, key=priority)


def step_members(
    existing: Mapping[str, dict],
    names: list[str],
    target: int,
    new_count: int,
    new_definition: Callable[[str], dict],
) -> Members:
    """The members after one step: ``len(names)`` of them, of which ``new_count`` (new
    members first) have ``new_definition(name)``; the others keep their ``existing``
    definition."""
    capacity = len(names)
    ordered = _removal_order(existing, names, target)
    kept = ordered[max(len(ordered) - capacity, 0) :] if capacity else []
    to_create = [name for name in names if name not in existing][: capacity - len(kept)]
    updates_left = new_count - len(to_create)
    members: Members = []
    for name in kept:
        wanted = new_definition(name)
        if updates_left > 0 and existing[name] != wanted:
            updates_left -= 1
            members.append((name, wanted))
        else:
            members.append((name, existing[name]))
    members.extend((name, new_definition(name)) for name in to_create)
    return members
