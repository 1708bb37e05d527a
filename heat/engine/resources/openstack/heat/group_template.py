"""Building the nested template of a resource group: member names, definitions, template.

Members are named by their index ("0", "1", ...), skipping names that were removed once
(they are never reused). A member's definition is the group's ``resource_def`` with the
index variable in its property strings replaced by the member's name. Definitions are
plain template data, so members of the stored nested template compare equal to new ones
exactly when nothing changed.
"""

import itertools
from collections.abc import Iterable, Mapping, Sequence
from typing import Any

TEMPLATE_VERSION = "2015-04-30"
MEMBER_KEYS = (TYPE, PROPERTIES, METADATA, DEPENDS_ON) = (
    "type",
    "properties",
    "metadata",
    "depends_on",
)

Members = list[tuple[str, dict[str, Any]]]


def member_names(count: int, skipped: Iterable[str] = ()) -> list[str]:
    """The first ``count`` index names not in ``skipped``."""
    excluded = set(skipped)
    candidates = (str(index) for index in itertools.count())
    return list(itertools.islice((name for name in candidates if name not in excluded), count))


def by_index(names: Iterable[str]) -> list[str]:
    """Member names in index order (names that are not numbers last, by name)."""
    return sorted(names, key=lambda name: (0, int(name)) if name.isdigit() else (1, name))


def substitute_index(value: Any, index_var: str, name: str) -> Any:
    """``value`` with ``index_var`` replaced by ``name`` in every string it holds (map
    keys are left alone)."""
    if isinstance(value, str):
        return value.replace(index_var, name)
    if isinstance(value, Mapping):
        return {key: substitute_index(item, index_var, name) for key, item in value.items()}
    if isinstance(value, Sequence):
        return [substitute_index(item, index_var, name) for item in value]
    return value


def definition(
    resource_type: str,
    properties: Mapping[str, Any] | None = None,
    metadata: Mapping[str, Any] | None = None,
    depends_on: Sequence[str] = (),
) -> dict[str, Any]:
    """A member's HOT resource snippet; properties whose value is not known (None) and
    empty sections are left out, so that equal members have equal snippets."""
    snippet: dict[str, Any] = {TYPE: resource_type}
    known = {key: value for key, value in (properties or {}).items() if value is not None}
    if known:
        snippet[PROPERTIES] = known
    if metadata:
        snippet[METADATA] = dict(metadata)
    if depends_on:
        snippet[DEPENDS_ON] = list(depends_on)
    return snippet


def indexed_definition(resource_def: Mapping[str, Any], index_var: str, name: str) -> dict:
    """The definition of the member ``name`` from a group's ``resource_def``."""
    properties = substitute_index(resource_def.get(PROPERTIES) or {}, index_var, name)
    return definition(resource_def[TYPE], properties, resource_def.get(METADATA))


def make_template(members: Members) -> dict[str, Any]:
    """A HOT template whose resources are ``members`` (``(name, snippet)`` pairs)."""
    return {
        "heat_template_version": TEMPLATE_VERSION,
        "resources": {name: snippet for name, snippet in members},
    }


def stored_members(template: Any) -> dict[str, dict[str, Any]]:
    """``{name: snippet}`` of the resources of a stored nested template object."""
    resources = template.section(template.RESOURCES) if template is not None else {}
    return {name: dict(snippet) for name, snippet in resources.items()}
