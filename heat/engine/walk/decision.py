"""What an update does to one resource, decided in one place for the update and its preview.

A resource of the new definition is added (no row yet, or never created), unchanged,
updated in place, or replaced; one only the existing definition has is deleted. A plugin
may still ask for a replacement while it updates (``UpdateReplace`` from its
``handle_update``): that is the plugin's knowledge of its service, not a second decision.
"""

import dataclasses
from typing import Any

from heat.engine import resource_states as states

ADDED, UNCHANGED, UPDATED, REPLACED, DELETED = (
    "added",
    "unchanged",
    "updated",
    "replaced",
    "deleted",
)
KINDS = (UNCHANGED, UPDATED, REPLACED, ADDED, DELETED)
# The definition fields besides properties whose change an update makes.
FIELDS = ("metadata", "update_policy", "deletion_policy", "resource_type")


@dataclasses.dataclass(frozen=True)
class Change:
    """What happens to a resource; for updated and replaced ones, the new values of the
    properties (``prop_diff``) and of the other fields (``tmpl_diff``) that differ."""

    kind: str
    prop_diff: dict[str, Any] = dataclasses.field(default_factory=dict)
    tmpl_diff: dict[str, Any] = dataclasses.field(default_factory=dict)


def is_new(resource: Any, old: Any) -> bool:
    """Whether the update creates ``resource``: it has no row, or was never created."""
    return resource.id is None or old is None or old.action == states.INIT


def decide(resource: Any, old: Any) -> Change:
    """How ``resource`` (new definition, with its row's state) differs from ``old`` (its
    stored properties): unchanged, updated or replaced. A failed resource is replaced; a
    plugin's ``needs_update`` may force an update or rule one out."""
    if is_new(resource, old):
        return Change(ADDED)
    forced = resource.needs_update(old) if resource.status != states.FAILED else True
    if forced is False:
        return Change(UNCHANGED)
    prop_diff, tmpl_diff = differences(resource, old)
    if forced is None and not (prop_diff or tmpl_diff):
        return Change(UNCHANGED)
    replaced = _must_replace(resource, old, prop_diff, tmpl_diff)
    return Change(REPLACED if replaced else UPDATED, prop_diff, tmpl_diff)


def differences(resource: Any, old: Any) -> tuple[dict[str, Any], dict[str, Any]]:
    """``(prop_diff, tmpl_diff)``: new values of the properties and of the other definition
    fields that differ from ``old``'s."""
    before, after = old.t.freeze(), resource.t.freeze()
    prop_diff = {}
    for name in resource.properties_schema:
        new_value = resource.properties[name]
        if new_value != old_property(old, name):
            prop_diff[name] = new_value
    tmpl_diff = {}
    for field in FIELDS:
        old_value, new_value = definition_field(before, field), definition_field(after, field)
        if old_value != new_value:
            tmpl_diff[field] = new_value
    return prop_diff, tmpl_diff


def new_plugin(resource: Any, old: Any) -> bool:
    """Whether the new type is implemented by another plugin than the old one. As upstream,
    only then does a change of type force a replacement: a template resource given another
    template file (or a type mapped to the same plugin) is updated in place."""
    return type(resource) is not type(old)


def _must_replace(resource: Any, old: Any, prop_diff: dict, tmpl_diff: dict) -> bool:
    if resource.status == states.FAILED or new_plugin(resource, old):
        return True
    changed = set(prop_diff)
    if changed - resource.update_allowed_properties():
        return True
    return bool(resource.needs_replace_with_prop_diff(changed, resource.properties, old.properties))


def old_property(old: Any, name: str) -> Any:
    """The stored value of ``old``'s property ``name`` (None when it has none)."""
    try:
        return old.properties[name]
    except KeyError:
        return None


def definition_field(definition: Any, field: str) -> Any:
    """One of :data:`FIELDS` of a frozen resource definition."""
    if field == "resource_type":
        return definition.resource_type
    return getattr(definition, field)()
