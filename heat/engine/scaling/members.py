"""The members of a scaling group: their definitions and which go first.

A member's definition is the group's ``resource`` property, a HOT resource snippet; every
member has the same one, except while a rolling update is half-way. Members get random
short names that are never reused. Shrinking removes failed members first, then the
oldest; a rolling update gives the new definition to the oldest kept members first.
"""

import datetime
import uuid
from collections.abc import Callable, Iterable, Mapping
from typing import Any

from heat.common import exception
from heat.common.i18n import _
from heat.engine import resource_states as states
from heat.engine.resource import short_id

Members = list[tuple[str, dict[str, Any]]]
SNIPPET_KEYS = ("type", "properties", "metadata", "depends_on", "deletion_policy", "update_policy")


def new_name() -> str:
    """A name for a new member: 12 random lowercase characters."""
    return short_id(str(uuid.uuid4()))


def definition(resource: Mapping[str, Any], path: list[str]) -> dict[str, Any]:
    """The member snippet the ``resource`` property at ``path`` defines; properties whose
    value is not known (None) and empty sections are left out, so equal definitions give
    equal snippets."""
    invalid = [key for key in resource if key not in SNIPPET_KEYS]
    if invalid:
        message = _("Invalid keyword(s) inside a resource definition: %s") % ", ".join(invalid)
        raise exception.StackValidationFailed(path=path, message=message)
    if not isinstance(resource.get("type"), str) or not resource["type"]:
        message = _('The resource definition is missing "type"')
        raise exception.StackValidationFailed(path=path, message=message)
    snippet = {
        key: value
        for key, value in resource.items()
        if key != "properties" and value not in (None, {}, [])
    }
    properties = resource.get("properties") or {}
    known = {key: value for key, value in properties.items() if value is not None}
    if known:
        snippet["properties"] = known
    return snippet


def _age(member: Any) -> tuple:
    created = member.created_time or datetime.datetime.max
    return (member.status != states.FAILED, created, member.name)


def removal_order(members: Iterable[Any]) -> list[str]:
    """Member names, those to remove first (failed, then oldest) first."""
    return [member.name for member in sorted(members, key=_age)]


def stored(nested: Any) -> Members:
    """The members of a group's nested stack (None before it exists) with their stored
    definitions, in removal order."""
    if nested is None:
        return []
    snippets = nested.t.section(nested.t.RESOURCES)
    order = removal_order(nested.resources.values())
    return [(name, dict(snippets[name])) for name in order if name in snippets]


def in_service(members: Iterable[Any]) -> list[Any]:
    """The members that have not failed, oldest first (the order attributes list them in)."""
    return sorted((member for member in members if member.status != states.FAILED), key=_age)


def resized(
    existing: Members,
    wanted: dict[str, Any],
    count: int,
    replace: int = 0,
    make_name: Callable[[], str] = new_name,
) -> Members:
    """``count`` members from ``existing`` (in removal order): the first ones dropped, new
    ones made with ``wanted``, and at most ``replace`` members (new ones included) given
    ``wanted`` instead of an outdated definition."""
    kept = existing[max(len(existing) - count, 0) :] if count else []
    created = count - len(kept)
    replace -= created
    members: Members = []
    for name, snippet in kept:
        if snippet != wanted and replace > 0:
            replace -= 1
            members.append((name, wanted))
        else:
            members.append((name, snippet))
    members.extend((make_name(), wanted) for _index in range(created))
    return members
