"""The resource registry: which class or template implements each resource type.

Entries come from plugins (``register_class``) and from the ``resource_registry``
section of environments (``load``): ``{type: other type | template}``, ``{glob*: other*}``,
``null`` to remove an entry, and ``resources: {<name or pattern>: {type: impl, hooks: ...,
restricted_actions: ..., <nested resource>: {...}}}`` for single resources. A user
registry is looked up before the global one it chains to; within one registry the order
is per-resource entry, exact type, then globs (the longest prefix first).
"""

import copy
import fnmatch
import itertools
from collections.abc import Iterator, Mapping
from typing import Any

from heat.common import exception
from heat.common.i18n import _
from heat.engine import resource_info, resource_types
from heat.engine.resource_info import (
    ClassResourceInfo,
    GlobResourceInfo,
    ResourceInfo,
    TemplateResourceInfo,
)

RESOURCES = "resources"
HOOKS = "hooks"
RESTRICTED_ACTIONS = "restricted_actions"
HOOK_TYPES = ("pre-create", "pre-update", "pre-delete", "post-create", "post-update", "post-delete")
RESTRICTED_ACTION_TYPES = ("update", "replace")


def _rebound(level: dict[str, Any], registry: "ResourceRegistry") -> dict[str, Any]:
    """A copy of a registry level whose entries belong to ``registry``."""
    copied: dict[str, Any] = {}
    for key, value in level.items():
        if isinstance(value, dict):
            copied[key] = _rebound(value, registry)
        elif isinstance(value, ResourceInfo):
            copied[key] = copy.copy(value)
            copied[key].registry = registry
        else:
            copied[key] = value
    return copied


def _as_list(value: Any) -> list | None:
    if isinstance(value, str):
        return [value]
    if isinstance(value, list) and all(isinstance(item, str) for item in value):
        return value
    return None


def _check_items(entry: list[str], value: Any, allowed: tuple, error: type, kind: str) -> Any:
    items = _as_list(value)
    bad = [item for item in items if item not in allowed] if items is not None else [value]
    if bad:
        message = _(
            'Invalid %(kind)s type "%(value)s" in resource_registry entry "%(entry)s", '
            "acceptable %(kind)s types are: %(allowed)s"
        ) % {"kind": kind, "value": bad[0], "entry": ".".join(entry), "allowed": ", ".join(allowed)}
        raise error(message=message)
    return value


class ResourceRegistry:
    """Resource types of one environment; ``user`` registries chain to ``global_registry``."""

    def __init__(
        self,
        global_registry: "ResourceRegistry | None" = None,
        user: bool = False,
        param_defaults: dict | None = None,
        template_resource_class: type | None = None,
    ) -> None:
        self.global_registry = global_registry
        self.user = user
        self.param_defaults = {} if param_defaults is None else param_defaults
        self._template_resource_class = template_resource_class
        self._registry: dict[str, Any] = {RESOURCES: {}}
        # The glob entries (``OS::Nova::*``), longest first; rebuilt after a change.
        self._globs: list[GlobResourceInfo] | None = None
        # Counts changes, so that the user registries chained to this one see them.
        self._generation = 0
        # The class each (type, name) instantiates, found once while neither this registry
        # nor the global one changes: each resource of a big stack asks at every load.
        self._instantiable: dict[tuple, type] = {}
        self._instantiable_for = 0
        # The registries for_child made, by what distinguishes them.
        self._children: dict[tuple, ResourceRegistry] = {}

    @property
    def template_resource_class(self) -> type | None:
        """The class that makes provider templates into resources (the global one's if unset)."""
        if self._template_resource_class is None and self.global_registry is not None:
            return self.global_registry.template_resource_class
        return self._template_resource_class

    @template_resource_class.setter
    def template_resource_class(self, value: type | None) -> None:
        self._changed()
        self._template_resource_class = value

    def _changed(self) -> None:
        self._globs = None
        self._instantiable = {}
        self._generation += 1

    def load(self, snippet: Mapping) -> None:
        """Add the entries of an environment's ``resource_registry`` section."""
        if not isinstance(snippet, Mapping):
            raise exception.StackValidationFailed(
                path=["resource_registry"], message=_("must be a mapping")
            )
        self._load([], snippet)

    def _load(self, path: list[str], snippet: Mapping) -> None:
        for key, value in snippet.items():
            entry = path + [str(key)]
            if value is None:
                self._remove(entry)
            elif key == HOOKS:
                hooks = _check_items(
                    entry, value, HOOK_TYPES, exception.InvalidBreakPointHook, "hook"
                )
                self._set(entry, hooks)
            elif key == RESTRICTED_ACTIONS:
                actions = _check_items(
                    entry,
                    value,
                    RESTRICTED_ACTION_TYPES,
                    exception.InvalidRestrictedAction,
                    "restricted action",
                )
                self._set(entry, actions)
            elif isinstance(value, Mapping) and entry[0] == RESOURCES:
                self._load(entry, value)
            elif isinstance(value, str) and not (entry[0] == RESOURCES and len(entry) <= 2):
                self._set(entry, resource_info.make_info(self, entry, value, self.user))
            else:
                raise exception.StackValidationFailed(
                    path=["resource_registry"] + entry,
                    message=_("expected a resource type, a template or a mapping, not %r")
                    % (value,),
                )

    def _set(self, path: list[str], value: Any) -> None:
        self._changed()
        level = self._registry
        for key in path[:-1]:
            if not isinstance(level.get(key), dict):
                level[key] = {}
            level = level[key]
        level[path[-1]] = value

    def _level(self, path: list[str]) -> dict | None:
        level: Any = self._registry
        for key in path[:-1]:
            level = level.get(key)
            if not isinstance(level, dict):
                return None
        return level

    def _remove(self, path: list[str]) -> None:
        self._changed()
        level = self._level(path)
        if level is None:
            return
        name = path[-1]
        if not name.endswith("*"):
            level.pop(name, None)
            return
        for key in [key for key, value in level.items() if isinstance(value, ResourceInfo)]:
            if key.startswith(name[:-1]):
                del level[key]

    def register_class(self, resource_type: str, resource_class: type, path=None) -> None:
        """Make ``resource_class`` (a plugin) implement ``resource_type``."""
        path = [resource_type] if path is None else list(path)
        self._set(path, resource_info.make_info(self, path, resource_class, self.user))

    def iterable_by(self, resource_type: str, resource_name: str | None = None) -> Iterator:
        """This registry's entries (not the global one's) that apply, in lookup order."""
        if resource_info.is_template_name(resource_type):
            if self.user:
                yield TemplateResourceInfo(self, [resource_type], resource_type, True)
            return
        if resource_name:
            yield from self._overrides(resource_type, resource_name)
        exact = self._registry.get(resource_type)
        if isinstance(exact, ResourceInfo):
            yield exact
        yield from (info for info in self._glob_entries() if info.matches(resource_type))

    def _glob_entries(self) -> list[GlobResourceInfo]:
        if self._globs is None:
            globs = [info for info in self._registry.values() if isinstance(info, GlobResourceInfo)]
            self._globs = sorted(globs, key=lambda info: len(info.name), reverse=True)
        return self._globs

    def _overrides(self, resource_type: str, resource_name: str) -> Iterator[ResourceInfo]:
        resources = self._registry[RESOURCES]
        entries = [resources.get(resource_name)] + [
            entry
            for pattern, entry in sorted(resources.items())
            if pattern != resource_name and fnmatch.fnmatchcase(resource_name, pattern)
        ]
        for entry in entries:
            info = entry.get(resource_type) if isinstance(entry, dict) else None
            if isinstance(info, ResourceInfo):
                yield info

    def find(
        self,
        resource_type: str,
        resource_name: str | None = None,
        registry_type: type | None = None,
        ignore: ResourceInfo | None = None,
        seen: frozenset = frozenset(),
    ) -> Any:
        """The class or template entry implementing ``resource_type`` (``seen``: the types
        already followed, to stop circular mappings); EntityNotFound when there is none."""
        if resource_type not in seen:
            seen = seen | {resource_type}
            global_entries = (
                self.global_registry.iterable_by(resource_type, resource_name)
                if self.global_registry is not None
                else ()
            )
            for info in itertools.chain(
                self.iterable_by(resource_type, resource_name), global_entries
            ):
                try:
                    match = info.resolve(resource_type, resource_name, seen)
                except exception.EntityNotFound:
                    continue
                if registry_type is not None and not isinstance(match, registry_type):
                    continue
                if ignore is None or match != ignore:
                    return match
        raise exception.EntityNotFound(entity="Resource Type", name=resource_type)

    def get_resource_info(
        self,
        resource_type: str,
        resource_name: str | None = None,
        registry_type: type | None = None,
        ignore: ResourceInfo | None = None,
    ) -> Any:
        """The entry implementing ``resource_type`` (for ``resource_name``, if given)."""
        return self.find(resource_type, resource_name, registry_type, ignore)

    def get_class(
        self, resource_type: str, resource_name: str | None = None, files: dict | None = None
    ) -> type:
        """The class implementing ``resource_type``; EntityNotFound when unknown."""
        return self.find(resource_type, resource_name).get_class(files=files)

    def get_class_to_instantiate(self, resource_type: Any, resource_name: str | None = None):
        """The class a resource of ``resource_type`` is made from; StackValidationFailed with
        the reason when the type is missing, not a string or unknown."""
        if resource_type == "":
            message = _('Resource "%s" has no type') % resource_name
        elif resource_type is None:
            message = _('Non-empty resource type is required for resource "%s"') % resource_name
        elif not isinstance(resource_type, str):
            message = _('Resource "%s" type is not a string') % resource_name
        else:
            try:
                return self._instantiable_class(resource_type, resource_name)
            except exception.EntityNotFound as error:
                message = str(error)
        raise exception.StackValidationFailed(message=message)

    def _instantiable_class(self, resource_type: str, resource_name: str | None) -> type:
        global_generation = self.global_registry._generation if self.global_registry else 0
        if self._instantiable_for != global_generation:
            self._instantiable = {}
            self._instantiable_for = global_generation
        key = (resource_type, resource_name if self._has_resource_entries() else None)
        found = self._instantiable.get(key)
        if found is None:
            found = self.find(resource_type, resource_name).get_class_to_instantiate()
            self._instantiable[key] = found
        return found

    def _has_resource_entries(self) -> bool:
        """Whether an entry of a ``resources`` section may map a type per resource name."""
        return bool(self._registry[RESOURCES]) or bool(
            self.global_registry and self.global_registry._registry[RESOURCES]
        )

    def _resource_entries(self, resource_name: str) -> Iterator[dict]:
        for pattern, entry in self._registry[RESOURCES].items():
            if isinstance(entry, dict) and fnmatch.fnmatchcase(resource_name, pattern):
                yield entry

    def matches_hook(self, resource_name: str, hook: str) -> bool:
        """Whether this registry sets ``hook`` (e.g. ``pre-create``) on ``resource_name``."""
        return any(
            hook in (_as_list(entry.get(HOOKS)) or [])
            for entry in self._resource_entries(resource_name)
        )

    def get_rsrc_restricted_actions(self, resource_name: str) -> set[str]:
        """The actions (``update``, ``replace``) refused for ``resource_name``."""
        actions: set[str] = set()
        for entry in self._resource_entries(resource_name):
            actions.update(_as_list(entry.get(RESTRICTED_ACTIONS)) or [])
        return actions

    def remove_item(self, info: ResourceInfo) -> None:
        """Drop the entry at ``info``'s path (a nested stack must not map its type to itself)."""
        self._changed()
        level = self._level(info.path)
        if level is not None:
            level.pop(info.name, None)

    def for_child(
        self,
        resource_name: str | None = None,
        item_to_remove: ResourceInfo | None = None,
        shared: bool = True,
    ) -> "ResourceRegistry":
        """A nested stack's registry: these entries, the per-resource ones narrowed to those
        nested under ``resource_name`` (and under patterns matching it), without
        ``item_to_remove``. A ``shared`` one is never changed afterwards, so alike copies
        are one object, built once: the nested stacks of a big tree share their registries."""
        narrowed = self._narrowed(resource_name) if resource_name else self._registry[RESOURCES]
        key = (
            tuple((name, id(entry)) for name, entry in narrowed.items()),
            None if item_to_remove is None else tuple(item_to_remove.path),
        )
        child = self._children.get(key) if shared else None
        if child is None:
            child = ResourceRegistry(
                self.global_registry, self.user, self.param_defaults, self._template_resource_class
            )
            child._registry = _rebound(self._registry, child)
            child._registry[RESOURCES] = _rebound(narrowed, child)
            if item_to_remove is not None:
                child.remove_item(item_to_remove)
            if shared:
                self._children[key] = child
        return child

    def _narrowed(self, resource_name: str) -> dict[str, Any]:
        resources = self._registry[RESOURCES]
        entries = [
            entry
            for pattern, entry in resources.items()
            if pattern != resource_name and fnmatch.fnmatchcase(resource_name, pattern)
        ] + [resources.get(resource_name)]
        narrowed: dict[str, Any] = {}
        for entry in entries:
            if isinstance(entry, dict):
                narrowed.update({k: v for k, v in entry.items() if isinstance(v, dict)})
        return narrowed

    def as_dict(self) -> dict[str, Any]:
        """The entries that came from the user's environment, as they were given."""

        def user_entries(level: dict) -> dict:
            result: dict[str, Any] = {}
            for key, value in level.items():
                if isinstance(value, dict):
                    result[key] = user_entries(value)
                elif not isinstance(value, ResourceInfo):
                    result[key] = value
                elif value.user_resource:
                    result[key] = value.value
            return result

        return user_entries(self._registry)

    def get_types(
        self,
        support_status: str | None = None,
        type_name: str | None = None,
        version: str | None = None,
        with_description: bool = False,
        include=None,
    ) -> list:
        """Names (or ``{resource_type, description}``) of the types registered here, hidden
        ones left out; ``include(name, cls)`` may filter further (availability, policy)."""
        infos = {
            name: info
            for name, info in self._registry.items()
            if isinstance(info, (ClassResourceInfo, TemplateResourceInfo))
        }
        return resource_types.list_types(
            infos,
            self.template_resource_class,
            support_status,
            type_name,
            version,
            with_description,
            include,
        )
