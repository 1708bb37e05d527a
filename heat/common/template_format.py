"""Parsing of template documents given as JSON or YAML text.

A template must be a mapping with a format version key and at most ``max_template_size``
bytes. The environment helpers here are kept for the API; they delegate to
:mod:`heat.common.environment_format`.
"""

import json
from typing import Any

from heat.common import document_format, environment_format, exception
from heat.common.i18n import _

VERSION_KEYS = ("heat_template_version", "HeatTemplateFormatVersion", "AWSTemplateFormatVersion")


def check_size(text: str, max_size: int | None) -> None:
    """RequestLimitExceeded naming the limit when ``text`` is longer than ``max_size``;
    as upstream, the length counted is in characters although the message says bytes."""
    if max_size is None:
        return
    size = len(text)
    if size > max_size:
        reason = _("Template size (%(size)s bytes) exceeds maximum allowed size (%(limit)s bytes).")
        raise exception.RequestLimitExceeded(message=reason % {"size": size, "limit": max_size})


def simple_parse(text: str, url: str | None = None) -> dict[str, Any]:
    """The mapping in ``text`` without looking for a version key (empty text is ``{}``);
    ``ValueError`` naming ``url`` (or the root stack) when it cannot be read."""
    try:
        template = document_format.load(text)
    except ValueError as error:
        where = url or "[root stack]"
        raise ValueError(
            _("Error parsing template %(where)s %(error)s") % {"where": where, "error": error}
        )
    if template is None:
        template = {}
    if not isinstance(template, dict):
        raise ValueError(_("The template is not a JSON object or YAML mapping."))
    return template


def parse(text: str, max_size: int | None = None, url: str | None = None) -> dict[str, Any]:
    """The template in ``text``; ``ValueError`` when it is not one, RequestLimitExceeded
    when it is larger than ``max_size`` bytes."""
    check_size(text, max_size)
    template = simple_parse(text, url)
    if not any(key in template for key in VERSION_KEYS):
        raise ValueError(_("Template format version not found."))
    return template


def convert_json_to_yaml(text: str) -> str:
    """The JSON template ``text`` as YAML with the same keys in the same order."""
    return document_format.dump(json.loads(text))


def parse_environment(text: str) -> dict[str, Any]:
    """The environment in ``text`` (see :func:`heat.common.environment_format.parse`)."""
    return environment_format.parse(text)


def validate_environment(environment: dict[str, Any]) -> None:
    """``ValueError`` naming the first unknown, empty or wrongly typed section."""
    environment_format.validate(environment)


def default_for_missing(environment: dict[str, Any]) -> dict[str, Any]:
    """``environment`` with every section present (empty when it was missing)."""
    return environment_format.default_for_missing(environment)
