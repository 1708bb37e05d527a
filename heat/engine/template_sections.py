"""Checking and building the entries of the ``resources`` and ``outputs`` sections.

Shared by every template format: a format names its keys in ``RESOURCE_KEYS`` and
``OUTPUT_KEYS`` (field -> key as written in that format), so the messages quote the
keys the user wrote. Structural checks work on raw data; building parses each field with
the template's functions, its errors naming ``<section>.<name>.<key>``.
"""

import collections.abc
from typing import Any

from heat.common import exception
from heat.common.i18n import _
from heat.engine import function
from heat.engine.output import OutputDefinition
from heat.engine.rsrc_defn import ResourceDefinition

# Field -> (raw types accepted, name of the type in messages). A mapping also stands for a
# function call, which the field's parsing turns into a Function.
_FIELD_TYPES: dict[str, tuple[tuple[type, ...], str]] = {
    "type": ((str,), "string"),
    "properties": ((collections.abc.Mapping,), "object"),
    "metadata": ((collections.abc.Mapping,), "object"),
    "depends_on": ((str, list), "list or string"),
    "deletion_policy": ((str, collections.abc.Mapping), "string"),
    "update_policy": ((collections.abc.Mapping,), "object"),
    "description": ((str,), "string"),
    "external_id": ((str, collections.abc.Mapping), "string"),
    "condition": ((str, bool, collections.abc.Mapping), "string or boolean"),
}


def check_resource(template: Any, name: str, snippet: Any) -> None:
    """Raise StackValidationFailed when the raw entry ``name`` is not a resource definition
    of ``template``'s format (keys, types of values, deletion policy)."""
    path = [template.RESOURCES, name]
    if not isinstance(snippet, collections.abc.Mapping):
        message = _('"%(section)s" must contain a map of resource maps. Found a [%(type)s] instead')
        raise exception.StackValidationFailed(
            path=path,
            message=message % {"section": template.RESOURCES, "type": type(snippet).__name__},
        )
    keys = template.RESOURCE_KEYS
    invalid = [key for key in snippet if key not in keys.values()]
    if invalid:
        message = _("Invalid keyword(s) inside a resource definition: %s") % ", ".join(invalid)
        raise exception.StackValidationFailed(path=path, message=message)
    if keys["type"] not in snippet:
        message = _('Resource %(name)s is missing "%(type_key)s"')
        raise exception.StackValidationFailed(
            path=path, message=message % {"name": name, "type_key": keys["type"]}
        )
    for field, key in keys.items():
        if key in snippet:
            _check_field(template, name, field, key, snippet[key])


def _check_field(template: Any, name: str, field: str, key: str, value: Any) -> None:
    path = [template.RESOURCES, name, key]
    types, typename = _FIELD_TYPES[field]
    if not isinstance(value, types):
        message = _("Resource %(name)s %(key)s type must be %(typename)s")
        raise exception.StackValidationFailed(
            path=path, message=message % {"name": name, "key": key, "typename": typename}
        )
    if field == "depends_on" and isinstance(value, list):
        if not all(isinstance(item, str) for item in value):
            message = _("Resource %(name)s %(key)s must be a list of strings")
            raise exception.StackValidationFailed(
                path=path, message=message % {"name": name, "key": key}
            )
    if field == "deletion_policy" and isinstance(value, str):
        if value not in template.deletion_policies:
            message = _('Invalid deletion policy "%s"') % value
            raise exception.StackValidationFailed(path=path, message=message)


def resource_enabled(template: Any, stack: Any, name: str, snippet: Any) -> bool:
    """Whether the condition of the raw entry ``name`` holds (true without a condition)."""
    key = template.RESOURCE_KEYS.get("condition")
    if key is None or not isinstance(snippet, collections.abc.Mapping) or key not in snippet:
        return True
    path = [template.RESOURCES, name, key]
    condition = template.parse_condition(stack, snippet[key], ".".join(path))
    return evaluate_condition(stack, function.resolve(condition), path)


def evaluate_condition(stack: Any, condition: Any, path: list[str]) -> bool:
    """The value of a resolved ``condition`` field: a boolean or a condition name of
    ``stack``; an unknown name raises StackValidationFailed at ``path``."""
    if isinstance(condition, bool):
        return condition
    if not isinstance(condition, str) or not stack.has_condition(condition):
        message = _('Invalid condition "%s"') % (condition,)
        raise exception.StackValidationFailed(path=path, message=message)
    return stack.condition(condition)


def resource_definition(template: Any, stack: Any, name: str, snippet: Any) -> ResourceDefinition:
    """The ResourceDefinition of the raw entry ``name``, its fields parsed against ``stack``."""
    check_resource(template, name, snippet)
    keys = template.RESOURCE_KEYS
    prefix = "%s.%s" % (template.RESOURCES, name)

    def parsed(field: str, parse: Any = template.parse) -> Any:
        key = keys.get(field)
        if key is None or key not in snippet:
            return None
        return parse(stack, snippet[key], "%s.%s" % (prefix, key))

    depends_on = snippet.get(keys["depends_on"])
    deletion_policy = parsed("deletion_policy")
    if isinstance(deletion_policy, str):
        deletion_policy = template.deletion_policies[deletion_policy]
    return ResourceDefinition(
        name,
        snippet[keys["type"]],
        properties=parsed("properties"),
        metadata=parsed("metadata"),
        depends_on=[depends_on] if isinstance(depends_on, str) else depends_on,
        deletion_policy=deletion_policy,
        update_policy=parsed("update_policy"),
        description=snippet.get(keys["description"]),
        external_id=parsed("external_id"),
        condition=parsed("condition", template.parse_condition),
    )


def check_output(template: Any, name: str, snippet: Any) -> None:
    """Raise StackValidationFailed when the raw output ``name`` is not a map with a value
    and only the keys of ``template``'s format."""
    path = [template.OUTPUTS, name]
    error = "Output validation error"
    if not isinstance(snippet, collections.abc.Mapping):
        message = _("Output definitions must be a map. Found a %s instead")
        raise exception.StackValidationFailed(
            error=error, path=path, message=message % type(snippet).__name__
        )
    for key in snippet:
        if key not in template.OUTPUT_KEYS.values():
            message = _('"%s" is not a valid keyword inside a output definition') % key
            raise exception.StackValidationFailed(error=error, path=path, message=message)
    if template.OUTPUT_KEYS["value"] not in snippet:
        message = _("Each output definition must contain a %s key.")
        raise exception.StackValidationFailed(
            error=error, path=path, message=message % template.OUTPUT_KEYS["value"]
        )


def output_definition(template: Any, stack: Any, name: str, snippet: Any) -> OutputDefinition:
    """The OutputDefinition of the raw output ``name``; its value is None when its condition
    is false, and is not parsed then."""
    check_output(template, name, snippet)
    keys = template.OUTPUT_KEYS
    description = snippet.get(keys["description"])
    condition = None
    condition_key = keys.get("condition")
    if condition_key is not None and condition_key in snippet:
        path = [template.OUTPUTS, name, condition_key]
        condition = template.parse_condition(stack, snippet[condition_key], ".".join(path))
        if not evaluate_condition(stack, function.resolve(condition), path):
            return OutputDefinition(name, None, description, condition)
    value_path = "%s.%s.%s" % (template.OUTPUTS, name, keys["value"])
    value = template.parse(stack, snippet[keys["value"]], value_path)
    return OutputDefinition(name, value, description, condition)
