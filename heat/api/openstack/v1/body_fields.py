"""Type, length and shape checks of request body fields, at the API edge.

Every check answers a 400 with Heat's error body naming the field, so that a wrong-typed
value never reaches the engine or the database (where it would be a 500). A missing or
``null`` field is None for the caller to default. Strings bound for database columns
may not hold NUL characters, which PostgreSQL cannot store.
"""

from collections.abc import Mapping
from typing import Any

import webob.exc

from heat.common.i18n import _

NAME_LENGTH = 255
ID_LENGTH = 36


def invalid(field: str, expectation: str) -> webob.exc.HTTPBadRequest:
    """The 400 of a body field that is not what it should be."""
    return webob.exc.HTTPBadRequest(
        _('The "%(field)s" field must be %(expectation)s.')
        % {"field": field, "expectation": expectation}
    )


def json_object(body: Mapping, field: str) -> dict | None:
    """A JSON object field."""
    value = body.get(field)
    if value is not None and not isinstance(value, dict):
        raise invalid(field, _("a JSON object"))
    return value


def string(body: Mapping, field: str, max_length: int | None = None) -> str | None:
    """A string field, at most ``max_length`` characters and free of NUL characters."""
    value = body.get(field)
    if value is None:
        return None
    return checked_string(field, value, max_length)


def required_string(body: Mapping, field: str, max_length: int | None = None) -> str:
    """A string field that must be given."""
    value = body.get(field)
    if value is None:
        raise invalid(field, _("a string"))
    return checked_string(field, value, max_length)


def checked_string(field: str, value: Any, max_length: int | None = None) -> str:
    """``value`` when it is a string fit for a database column, else the 400 of ``field``."""
    if not isinstance(value, str):
        raise invalid(field, _("a string"))
    if max_length is not None and len(value) > max_length:
        raise invalid(field, _("at most %d characters long") % max_length)
    if "\x00" in value:
        raise invalid(field, _("free of NUL characters"))
    return value


def string_list(body: Mapping, field: str, max_length: int | None = None) -> list[str] | None:
    """A list-of-strings field."""
    value = body.get(field)
    if value is None:
        return None
    if not isinstance(value, list) or not all(isinstance(item, str) for item in value):
        raise invalid(field, _("a list of strings"))
    for item in value:
        checked_string(field, item, max_length)
    return value


def string_map(body: Mapping, field: str) -> dict[str, str] | None:
    """A JSON object field whose values are all strings (file contents by name)."""
    value = json_object(body, field)
    if value is not None and not all(isinstance(item, str) for item in value.values()):
        raise invalid(field, _("a JSON object of strings"))
    return value


def one_of_types(body: Mapping, field: str, types: tuple[type, ...], expectation: str) -> Any:
    """A field of one of ``types`` (``bool`` is never taken for an ``int``)."""
    value = body.get(field)
    if value is None:
        return None
    if isinstance(value, bool) and bool not in types:
        raise invalid(field, expectation)
    if not isinstance(value, types):
        raise invalid(field, expectation)
    return value
