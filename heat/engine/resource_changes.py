"""What an update preview says of each changed resource, beyond its kind of change: every
property (and other definition field) whose value changes, old and new, whether that
change forces a replacement, why a replaced resource is replaced, and what requires it.

Values drawn from a hidden parameter of either template are masked, so a preview shows
no more than ``stack show`` does.
"""

import json
from typing import Any

from heat.engine.parameters import HIDDEN_TEXT
from heat.engine.resource_states import FAILED
from heat.engine.walk import decision

# Why a resource is replaced rather than updated in place.
REASON_PROPERTIES = "properties"  # a property that cannot change in place changed
REASON_TYPE = "resource_type"  # the template gives it a type of another plugin
REASON_FAILED = "failed"  # a failed resource is always made anew
REASON_PLUGIN = "resource_plugin"  # the type decided it from the new values


def hidden_values(*stacks: Any) -> set[str]:
    """The text of every non-empty hidden parameter value of ``stacks``."""
    texts = (
        str(stack.parameters[name]) for stack in stacks for name in stack.parameters.hidden_names()
    )
    return {text for text in texts if text}


def masked(value: Any, hidden: set[str]) -> Any:
    """``value``, or the hidden mark when a hidden parameter's value shows in it."""
    if not hidden:
        return value
    text = value if isinstance(value, str) else json.dumps(value, default=str)
    return HIDDEN_TEXT if any(secret in text for secret in hidden) else value


def describe(
    resource: Any, old: Any, change: decision.Change, hidden: set[str], required_by: list[str]
) -> dict[str, Any]:
    """The ``changes`` of an updated or replaced resource."""
    in_place = resource.update_allowed_properties()
    properties = [
        {
            "name": name,
            "old": masked(decision.old_property(old, name), hidden),
            "new": masked(value, hidden),
            "replaces": name not in in_place,
        }
        for name, value in sorted(change.prop_diff.items())
    ]
    fields = [
        {
            "name": field,
            "old": masked(decision.definition_field(old.t.freeze(), field), hidden),
            "new": masked(value, hidden),
        }
        for field, value in sorted(change.tmpl_diff.items())
    ]
    described: dict[str, Any] = {
        "properties": properties,
        "fields": fields,
        "required_by": required_by,
    }
    if change.kind == decision.REPLACED:
        described["replacement"] = _replacement(resource, old, change, properties)
    return described


def _replacement(
    resource: Any, old: Any, change: decision.Change, properties: list
) -> dict[str, Any]:
    if resource.status == FAILED:
        return {"reason": REASON_FAILED, "properties": []}
    if decision.new_plugin(resource, old):
        return {"reason": REASON_TYPE, "properties": []}
    forcing = [entry["name"] for entry in properties if entry["replaces"]]
    if forcing:
        return {"reason": REASON_PROPERTIES, "properties": forcing}
    return {"reason": REASON_PLUGIN, "properties": sorted(change.prop_diff)}
