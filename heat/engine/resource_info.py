"""Entries of a resource registry: what one resource type name stands for.

A type maps to a plugin class (:class:`ClassResourceInfo`), a provider template
(:class:`TemplateResourceInfo`), another type (:class:`MapResourceInfo`) or, for names
ending in ``*``, every type with that prefix (:class:`GlobResourceInfo`). Mappings are
followed through the registry that holds them, so an alias in a user environment may
point at a type of the global environment but not the reverse.

Provider templates become classes through the registry's ``template_resource_class``,
which must offer ``class_for_template(type_name, template_text, param_defaults)``.
"""

from typing import Any

from heat.common import exception, urlfetch
from heat.common.i18n import _

TEMPLATE_SUFFIXES = (".yaml", ".template")
USER_SCHEMES = ("http", "https")
GLOBAL_SCHEMES = ("file",)
DEFAULT_MAX_TEMPLATE_SIZE = 524288


def is_template_name(name: str) -> bool:
    """Whether the type name ``name`` is a template file name or URL rather than a type."""
    return name.endswith(TEMPLATE_SUFFIXES) or "://" in name


class ResourceInfo:
    """The entry at ``path`` (``[type]`` or ``["resources", name, ..., type]``) of a registry."""

    description = ""

    def __init__(self, registry: Any, path: list[str], value: Any, user_resource: bool) -> None:
        self.registry = registry
        self.path = list(path)
        self.name = self.path[-1]
        self.value = value
        self.user_resource = user_resource

    def resolve(self, resource_type: str, resource_name: str | None, seen: frozenset) -> Any:
        """The class or template entry that ``resource_type`` ends at through this entry;
        EntityNotFound when the chain leads nowhere."""
        return self

    def matches(self, resource_type: str) -> bool:
        """Whether this entry applies to ``resource_type``."""
        return resource_type == self.name

    def get_class(self, files: dict | None = None) -> type:
        """The resource class this entry stands for."""
        return self.resolve(self.name, None, frozenset()).get_class(files)

    def get_class_to_instantiate(self) -> type:
        """The class a resource of this type is an instance of."""
        return self.get_class()

    def __eq__(self, other: object) -> bool:
        if not isinstance(other, ResourceInfo):
            return NotImplemented
        return (type(self), self.path, self.value, self.user_resource) == (
            type(other),
            other.path,
            other.value,
            other.user_resource,
        )

    __hash__ = None  # type: ignore[assignment]

    def __repr__(self) -> str:
        return "[%s](User:%s) %s -> %s" % (
            "/".join(self.path),
            self.user_resource,
            self.name,
            getattr(self.value, "__name__", self.value),
        )


class ClassResourceInfo(ResourceInfo):
    """A type implemented by a plugin class registered from code."""

    description = "Plugin"

    def get_class(self, files: dict | None = None) -> type:
        return self.value


class TemplateResourceInfo(ResourceInfo):
    """A type implemented by a provider template, named by file name or URL."""

    description = "Template"

    @property
    def template_name(self) -> str:
        """The file name or URL of the template."""
        return self.value if is_template_name(self.value) else self.name

    def template_data(
        self,
        files: dict | None = None,
        max_size: int | None = None,
        timeout: float = urlfetch.DEFAULT_TIMEOUT,
    ) -> str:
        """The template text, from ``files`` when there, else fetched within ``timeout``
        seconds: user environments may name http(s) URLs, the global environment only local
        ``file://`` ones."""
        if files and self.template_name in files:
            return files[self.template_name]
        schemes = USER_SCHEMES if self.user_resource else GLOBAL_SCHEMES
        try:
            return urlfetch.get(
                self.template_name,
                max_size or DEFAULT_MAX_TEMPLATE_SIZE,
                timeout,
                allowed_schemes=schemes,
            )
        except OSError as error:
            reason = _('Could not fetch remote template "%(name)s": %(error)s')
            raise exception.NotFound(message=reason % {"name": self.template_name, "error": error})

    def get_class(self, files: dict | None = None) -> type:
        factory = self.get_class_to_instantiate()
        text = self.template_data(files)
        return factory.class_for_template(  # type: ignore[attr-defined]
            self.name, text, self.registry.param_defaults
        )

    def get_class_to_instantiate(self) -> type:
        factory = self.registry.template_resource_class
        if factory is None:
            raise exception.NotSupported(feature=_("Provider template %s") % self.template_name)
        return factory


class MapResourceInfo(ResourceInfo):
    """An alias: the type is implemented by whatever ``value`` names."""

    description = "Mapping"

    def resolve(self, resource_type: str, resource_name: str | None, seen: frozenset) -> Any:
        return self.registry.find(self.value, resource_name, seen=seen)


class GlobResourceInfo(ResourceInfo):
    """``Prefix*``: every type starting with the prefix maps to ``value``, whose own ``*``
    (if any) is replaced by the rest of the type name."""

    description = "Wildcard Mapping"

    def target(self, resource_type: str) -> str:
        """The type name ``resource_type`` maps to."""
        if not self.value.endswith("*"):
            return self.value
        return self.value[:-1] + resource_type[len(self.name) - 1 :]

    def matches(self, resource_type: str) -> bool:
        return resource_type != self.value and resource_type.startswith(self.name[:-1])

    def resolve(self, resource_type: str, resource_name: str | None, seen: frozenset) -> Any:
        return self.registry.find(self.target(resource_type), resource_name, seen=seen)


def make_info(registry: Any, path: list[str], value: Any, user_resource: bool) -> ResourceInfo:
    """The kind of entry that ``value`` registered at ``path`` makes."""
    name = path[-1]
    if is_template_name(name) or (isinstance(value, str) and is_template_name(value)):
        return TemplateResourceInfo(registry, path, value, user_resource)
    if not isinstance(value, str):
        return ClassResourceInfo(registry, path, value, user_resource)
    if name.endswith("*"):
        return GlobResourceInfo(registry, path, value, user_resource)
    return MapResourceInfo(registry, path, value, user_resource)
