"""Parsing of environment documents given as YAML or JSON text.

An environment is a mapping of known sections (``SECTIONS``); any other key and any
section left empty (``parameters:`` with no value) are errors, reported as ``ValueError``
for the API to turn into a 400. YAML is loaded safely and dates stay strings.
"""

from typing import Any

from heat.common import document_format
from heat.common.i18n import _

PARAMETERS = "parameters"
PARAMETER_DEFAULTS = "parameter_defaults"
RESOURCE_REGISTRY = "resource_registry"
EVENT_SINKS = "event_sinks"
ENCRYPTED_PARAM_NAMES = "encrypted_param_names"
PARAMETER_MERGE_STRATEGIES = "parameter_merge_strategies"

SECTIONS = (
    PARAMETERS,
    PARAMETER_DEFAULTS,
    RESOURCE_REGISTRY,
    EVENT_SINKS,
    ENCRYPTED_PARAM_NAMES,
    PARAMETER_MERGE_STRATEGIES,
)
SECTION_TYPES: dict[str, type] = {
    PARAMETERS: dict,
    PARAMETER_DEFAULTS: dict,
    RESOURCE_REGISTRY: dict,
    EVENT_SINKS: list,
    ENCRYPTED_PARAM_NAMES: list,
    PARAMETER_MERGE_STRATEGIES: dict,
}

OVERWRITE = "overwrite"
MERGE = "merge"
DEEP_MERGE = "deep_merge"
MERGE_STRATEGIES = (OVERWRITE, MERGE, DEEP_MERGE)
DEFAULT_STRATEGY_KEY = "default"


def parse(text: str) -> dict[str, Any]:
    """The environment in ``text`` (blank text is an empty environment); ``ValueError`` when
    it is not valid YAML/JSON, not a mapping, or has an unknown or empty section."""
    try:
        environment = document_format.load(text) if text.strip() else None
    except ValueError as error:
        raise ValueError(_("Error parsing environment: %s") % error)
    if environment is None:
        environment = {}
    if not isinstance(environment, dict):
        raise ValueError(_("The environment is not a valid YAML mapping data type."))
    return validate(environment)


def validate(environment: dict[str, Any]) -> dict[str, Any]:
    """``environment`` itself; ``ValueError`` naming the first unknown, empty or wrongly
    typed section."""
    for section, value in environment.items():
        if section not in SECTION_TYPES:
            raise ValueError(_('environment has wrong section "%s"') % section)
        if value is None:
            raise ValueError(_('environment has empty section "%s"') % section)
        if not isinstance(value, SECTION_TYPES[section]):
            kind = "list" if SECTION_TYPES[section] is list else "mapping"
            raise ValueError(
                _('environment section "%(section)s" must be a %(kind)s')
                % {"section": section, "kind": kind}
            )
    return environment


def default_for_missing(environment: dict[str, Any]) -> dict[str, Any]:
    """``environment`` with every section but the merge strategies present (empty when it
    was missing), as the engine expects an environment sent by the API."""
    for section in SECTIONS:
        if section != PARAMETER_MERGE_STRATEGIES and environment.get(section) is None:
            environment[section] = SECTION_TYPES[section]()
    return environment
