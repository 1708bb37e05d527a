"""Resource attribute schemas and the attributes of one resource.

A :class:`Schema` declares one attribute (description, type, support status, cache mode);
``to_dict()`` is the form the resource type schema API shows. :class:`Attributes` is the
mapping ``get_attr`` reads: it asks the resource's resolver for a value and keeps it, unless
the attribute's cache mode is ``cache_none``. :func:`select_from_attribute` follows a
``get_attr`` path into a value.
"""

from collections.abc import Callable, Iterator, Mapping, Sequence
from typing import Any

from oslo_log import log as logging

from heat.common import exception
from heat.common.i18n import _
from heat.engine.support import SupportStatus

LOG = logging.getLogger(__name__)

_DEFAULT_SUPPORT = SupportStatus()


class Schema:
    """The declaration of one attribute; ``type`` (one of :attr:`TYPES`) may be left out."""

    TYPES = (STRING, MAP, LIST, INTEGER, BOOLEAN, NUMBER) = (
        "String",
        "Map",
        "List",
        "Integer",
        "Boolean",
        "Number",
    )
    CACHE_MODES = (CACHE_LOCAL, CACHE_NONE) = ("cache_local", "cache_none")

    def __init__(
        self,
        description: str | None = None,
        type: str | None = None,
        support_status: SupportStatus | None = None,
        cache_mode: str = CACHE_LOCAL,
    ) -> None:
        if type is not None and type not in self.TYPES:
            raise exception.InvalidSchemaError(message=_("Invalid type (%s)") % (type,))
        if cache_mode not in self.CACHE_MODES:
            message = _("Invalid cache mode (%s)") % (cache_mode,)
            raise exception.InvalidSchemaError(message=message)
        self.description = description
        self.type = type
        self.support_status = support_status or _DEFAULT_SUPPORT
        self.cache_mode = cache_mode

    def to_dict(self) -> dict[str, str]:
        """``{"description", "type"}`` (the type in lower case), each only when set."""
        result = {}
        if self.description is not None:
            result["description"] = self.description
        if self.type is not None:
            result["type"] = self.type.lower()
        return result

    def __repr__(self) -> str:
        return "Schema(%r)" % (self.to_dict(),)


CACHE_LOCAL = Schema.CACHE_LOCAL
CACHE_NONE = Schema.CACHE_NONE
SHOW = "show"
BASE_ATTRIBUTES = {SHOW: Schema(_("Detailed information about resource."), type=Schema.MAP)}

# Whether a resolved value has the declared type; a mismatch is only warned about.
_EXPECTED: dict[str, Callable[[Any], bool]] = {
    Schema.STRING: lambda value: isinstance(value, str),
    Schema.LIST: lambda value: isinstance(value, Sequence) and not isinstance(value, str),
    Schema.MAP: lambda value: isinstance(value, Mapping),
    Schema.INTEGER: lambda value: isinstance(value, int),
}


class Attributes(Mapping[str, Any]):
    """The attributes of ``resource_name``: ``attrs[name]`` is ``resolver(name)``, kept
    once it is not None (unless cached per ``cache_none``); an unknown name raises
    ``InvalidTemplateAttribute``."""

    def __init__(
        self,
        resource_name: str,
        schema: Mapping[str, Schema],
        resolver: Callable[[str], Any],
    ) -> None:
        self.resource_name = resource_name
        self.schema = dict(schema)
        self._resolver = resolver
        self._resolved: dict[str, Any] = {}
        self._has_new_resolved = False

    def reset_resolved_values(self) -> None:
        """Forget the values kept so far (the resource changed)."""
        self._has_new_resolved = bool(self._resolved)
        self._resolved = {}

    @property
    def cached_attrs(self) -> dict[str, Any]:
        """The values kept so far, by name (what the engine stores between engines)."""
        return self._resolved

    @cached_attrs.setter
    def cached_attrs(self, values: Mapping[str, Any] | None) -> None:
        self._resolved = dict(values or {})
        self._has_new_resolved = False

    def has_new_cached_attrs(self) -> bool:
        """Whether values were kept (or forgotten) since ``cached_attrs`` was last set."""
        return self._has_new_resolved

    def __getitem__(self, name: str) -> Any:
        if name not in self.schema:
            raise exception.InvalidTemplateAttribute(resource=self.resource_name, key=name)
        schema = self.schema[name]
        if schema.cache_mode == Schema.CACHE_NONE:
            return self._resolver(name)
        if name in self._resolved:
            return self._resolved[name]
        value = self._resolver(name)
        if value is not None:
            self._warn_on_type(name, schema, value)
            self._resolved[name] = value
            self._has_new_resolved = True
        return value

    def _warn_on_type(self, name: str, schema: Schema, value: Any) -> None:
        expected = _EXPECTED.get(schema.type or "")
        if expected is not None and not expected(value):
            LOG.warning(
                "Attribute %s of %s is not of type %s", name, self.resource_name, schema.type
            )

    def get(self, name: str, default: Any = None) -> Any:
        """``self[name]``, or ``default`` for a name not in the schema."""
        return self[name] if name in self.schema else default

    def __contains__(self, name: object) -> bool:
        return name in self.schema

    def __len__(self) -> int:
        return len(self.schema)

    def __iter__(self) -> Iterator[str]:
        return iter(self.schema)

    def __repr__(self) -> str:
        return "Attributes(%r, %s)" % (self.resource_name, sorted(self.schema))


def select_from_attribute(value: Any, path: Sequence[Any]) -> Any:
    """The item found by following ``path`` (map keys, list indexes) into ``value``; None
    when a step is missing or cannot be taken."""
    for key in path:
        if not _steppable(value, key):
            return None
        try:
            value = value[key]
        except (KeyError, IndexError, TypeError):
            return None
    return value


def _steppable(value: Any, key: Any) -> bool:
    return isinstance(value, (Mapping, Sequence)) and isinstance(key, (str, int))
