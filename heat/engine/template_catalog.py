"""What the engine tells clients about template formats: versions and their functions."""

from typing import Any

from heat.common import exception
from heat.common.i18n import _


def list_versions(registry) -> list[dict[str, Any]]:
    """``{"version", "type", "aliases"}`` of every template version, newest HOT first."""
    return registry.versions()


def list_functions(registry, template_version: str, with_condition: bool = False) -> list[dict]:
    """The functions of ``template_version`` ("<key>.<version>") with their descriptions,
    in the order of the version's table.

    Removed functions are left out; ``with_condition`` adds the condition functions (a
    condition function of a name the table has takes its place, as in Heat).
    """
    key, _dot, version = template_version.partition(".")
    template_class = registry.class_for_version(key, version)
    if template_class is None:
        raise exception.NotFound(message=_("Template with version %s not found") % template_version)
    functions = dict(template_class.functions)
    if with_condition:
        functions.update(template_class.condition_functions)
    return [
        {"functions": name, "description": function_class.description}
        for name, function_class in functions.items()
        if function_class is not None
    ]
