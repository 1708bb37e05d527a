"""Parsing of template and environment documents given as JSON or YAML text.

YAML timestamps stay strings (``heat_template_version: 2021-04-16`` is a version key, not
a date). A template must be a mapping with a format version key and at most
``max_template_size`` bytes; an environment must be a mapping of known sections.
"""

import json

import yaml

from heat.common import exception
from heat.common.i18n import _

VERSION_KEYS = ("heat_template_version", "HeatTemplateFormatVersion", "AWSTemplateFormatVersion")
ENVIRONMENT_SECTIONS = {
    "parameters": dict,
    "parameter_defaults": dict,
    "resource_registry": dict,
    "event_sinks": list,
    "encrypted_param_names": list,
    "parameter_merge_strategies": dict,
}


class _Loader(yaml.SafeLoader):
    """A safe YAML loader that reads timestamps as plain strings."""


_Loader.add_constructor("tag:yaml.org,2002:timestamp", _Loader.construct_yaml_str)


def _load(text: str):
    if text.lstrip().startswith("{"):
        return json.loads(text)
    return yaml.load(text, Loader=_Loader)  # noqa: S506 - _Loader is a SafeLoader


def parse(text: str, max_size: int | None = None) -> dict:
    """The template in ``text``; ``ValueError`` when it is not one, RequestLimitExceeded
    when it is too large."""
    if max_size is not None and len(text.encode("utf-8")) > max_size:
        reason = _("Template size (%(size)s bytes) exceeds maximum allowed size (%(limit)s bytes).")
        raise exception.RequestLimitExceeded(
            message=reason % {"size": len(text.encode("utf-8")), "limit": max_size}
        )
    try:
        template = _load(text)
    except (yaml.YAMLError, ValueError) as error:
        raise ValueError(str(error))
    if not isinstance(template, dict):
        raise ValueError(_("The template is not a JSON object or YAML mapping."))
    if not any(key in template for key in VERSION_KEYS):
        raise ValueError(_("Template format version not found."))
    return template


def parse_environment(text: str) -> dict:
    """The environment in ``text`` (empty text is an empty environment)."""
    try:
        environment = _load(text) if text.strip() else {}
    except (yaml.YAMLError, ValueError) as error:
        raise ValueError(str(error))
    if environment is None:
        environment = {}
    if not isinstance(environment, dict):
        raise ValueError(_("The environment is not a JSON object or YAML mapping."))
    validate_environment(environment)
    return environment


def validate_environment(environment: dict) -> None:
    """``ValueError`` naming the first unknown section or a section of the wrong type."""
    for section, value in environment.items():
        expected = ENVIRONMENT_SECTIONS.get(section)
        if expected is None:
            raise ValueError(_('environment has wrong section "%s"') % section)
        if value is not None and not isinstance(value, expected):
            raise ValueError(_('The environment section "%s" has the wrong type.') % section)


def default_for_missing(environment: dict) -> dict:
    """``environment`` with every section present (empty when it was missing)."""
    for section, kind in ENVIRONMENT_SECTIONS.items():
        if environment.get(section) is None:
            environment[section] = kind()
    return environment
