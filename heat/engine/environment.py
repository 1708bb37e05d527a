"""A stack's environment: parameters, parameter defaults, resource registry, event sinks.

A user environment (what a request gives, stored with the stack) chains its registry
to the global environment (plugins and ``environment_dir`` files), which it is given
rather than finding it in a module global. A dict without any known section is the
legacy form: all of it is ``parameters``.
"""

import os
from collections.abc import Iterable, Mapping
from typing import Any

from oslo_log import log as logging

from heat.common import environment_format as env_fmt
from heat.common import exception
from heat.common.i18n import _
from heat.engine.environment_merge import merge_environments
from heat.engine.resource_info import TemplateResourceInfo
from heat.engine.resource_registry import ResourceRegistry

__all__ = [
    "Environment",
    "get_child_environment",
    "global_environment",
    "merge_environments",
    "read_global_environment",
]

LOG = logging.getLogger(__name__)


def _sections(env: Mapping[str, Any]) -> dict[str, Any]:
    if env_fmt.PARAMETERS in env:
        return dict(env)
    legacy = {key: value for key, value in env.items() if key not in env_fmt.SECTIONS}
    sections = {key: value for key, value in env.items() if key in env_fmt.SECTIONS}
    return {**sections, env_fmt.PARAMETERS: legacy}


class Environment:
    """One environment; ``user_env`` ones chain to ``global_env`` for resource types and
    event sink classes. A ready ``registry`` may be given (then ``env_dict`` has no
    ``resource_registry`` section)."""

    registry: ResourceRegistry

    def __init__(
        self,
        env_dict: Mapping[str, Any] | None = None,
        user_env: bool = True,
        global_env: "Environment | None" = None,
        registry: ResourceRegistry | None = None,
    ) -> None:
        self.user_env = user_env
        self.global_env = global_env if user_env else None
        self.params: dict[str, Any] = {}
        self.param_defaults: dict[str, Any] = {}
        self.encrypted_param_names: list[str] = []
        self.param_merge_strategies: dict[str, str] = {}
        self.event_sink_classes: Mapping[str, type] | None = (
            self.global_env.event_sink_classes if self.global_env is not None else None
        )
        self._event_sinks: list[dict] = []
        self.registry = registry or ResourceRegistry(
            global_registry=self.global_env.registry if self.global_env is not None else None,
            user=user_env,
            param_defaults=self.param_defaults,
        )
        self.load(_sections(env_dict or {}))

    def load(self, env: Mapping[str, Any]) -> None:
        """Add the sections of the environment dict ``env`` to this one."""
        self.registry.load(env.get(env_fmt.RESOURCE_REGISTRY) or {})
        self.params.update(env.get(env_fmt.PARAMETERS) or {})
        self.param_defaults.update(env.get(env_fmt.PARAMETER_DEFAULTS) or {})
        self.param_merge_strategies.update(env.get(env_fmt.PARAMETER_MERGE_STRATEGIES) or {})
        for name in env.get(env_fmt.ENCRYPTED_PARAM_NAMES) or []:
            if name not in self.encrypted_param_names:
                self.encrypted_param_names.append(name)
        for sink in env.get(env_fmt.EVENT_SINKS) or []:
            self._check_event_sink(sink)
            self._event_sinks.append(dict(sink))

    def _check_event_sink(self, sink: Any) -> None:
        if not isinstance(sink, Mapping) or not isinstance(sink.get("type"), str):
            message = _("each event sink must be a mapping with a type, not %r") % (sink,)
        elif self.event_sink_classes is not None and sink["type"] not in self.event_sink_classes:
            message = _('unknown event sink type "%s"') % sink["type"]
        else:
            return
        raise exception.StackValidationFailed(path=[env_fmt.EVENT_SINKS], message=message)

    @property
    def event_sinks(self) -> list[dict]:
        """The event sink definitions (``{type, ...options}``) as given."""
        return [dict(sink) for sink in self._event_sinks]

    def get_event_sinks(self) -> list:
        """One sink object per definition, built by its type's class with the options."""
        classes = self.event_sink_classes or {}
        sinks = []
        for definition in self._event_sinks:
            options = {key: value for key, value in definition.items() if key != "type"}
            sinks.append(classes[definition["type"]](**options))
        return sinks

    def user_env_as_dict(self) -> dict[str, Any]:
        """The user's part of the environment as a dict (values as given, none redacted)."""
        return {
            env_fmt.RESOURCE_REGISTRY: self.registry.as_dict(),
            env_fmt.PARAMETERS: self.params,
            env_fmt.PARAMETER_DEFAULTS: self.param_defaults,
            env_fmt.EVENT_SINKS: self.event_sinks,
        }

    def env_as_dict(self) -> dict[str, Any]:
        """What is stored with a stack: the user environment and the encrypted names."""
        return {
            **self.user_env_as_dict(),
            env_fmt.ENCRYPTED_PARAM_NAMES: list(self.encrypted_param_names),
        }

    def register_class(self, resource_type: str, resource_class: type, path=None) -> None:
        """Make the plugin ``resource_class`` implement ``resource_type``."""
        self.registry.register_class(resource_type, resource_class, path=path)

    def get_class(self, resource_type: str, resource_name: str | None = None, files=None):
        """The class implementing ``resource_type``; EntityNotFound when unknown."""
        return self.registry.get_class(resource_type, resource_name, files=files)

    def get_class_to_instantiate(self, resource_type: Any, resource_name: str | None = None):
        """The class a resource of ``resource_type`` is made from."""
        return self.registry.get_class_to_instantiate(resource_type, resource_name)

    def get_resource_info(self, resource_type: str, resource_name=None, registry_type=None):
        """The registry entry implementing ``resource_type``."""
        return self.registry.get_resource_info(resource_type, resource_name, registry_type)

    def get_types(self, **filters: Any) -> list:
        """Registered type names (see ResourceRegistry.get_types)."""
        return self.registry.get_types(**filters)


def get_child_environment(
    parent_env: Environment,
    child_params: Mapping[str, Any] | None,
    item_to_remove: Any = None,
    child_resource_name: str | None = None,
) -> Environment:
    """The environment of a nested stack: the parent's user environment (registry, defaults,
    sinks) with its parameters replaced by ``child_params`` (flat parameters or a whole
    environment loaded on top), without ``item_to_remove`` (the template entry the nested
    stack implements) and with per-resource entries narrowed to ``child_resource_name``."""
    flat = child_params is not None and not any(key in child_params for key in env_fmt.SECTIONS)
    if not isinstance(item_to_remove, TemplateResourceInfo):
        item_to_remove = None
    # Sections loaded over the parent's change the registry: then the child gets its own.
    shared = child_params is None or flat
    registry = parent_env.registry.for_child(child_resource_name, item_to_remove, shared)
    inherited = {
        env_fmt.PARAMETERS: dict(child_params) if flat and child_params else {},
        env_fmt.PARAMETER_DEFAULTS: parent_env.param_defaults,
        env_fmt.EVENT_SINKS: parent_env.event_sinks,
    }
    child = Environment(inherited, global_env=parent_env.global_env, registry=registry)
    if child_params is not None and not flat:
        child.load(child_params)
    return child


def global_environment(
    conf: Any,
    plugin_classes: Mapping[str, type] | Iterable[tuple[str, type]] = (),
    event_sink_classes: Mapping[str, type] | None = None,
    template_resource_class: type | None = None,
) -> Environment:
    """The global environment: the plugin classes (``{type: class}`` or pairs), then every
    file of ``conf.environment_dir`` in name order."""
    env = Environment(user_env=False)
    env.event_sink_classes = dict(event_sink_classes or {})
    env.registry.template_resource_class = template_resource_class
    pairs = plugin_classes.items() if isinstance(plugin_classes, Mapping) else plugin_classes
    for resource_type, resource_class in pairs:
        env.register_class(resource_type, resource_class)
    read_global_environment(env, conf.environment_dir)
    return env


def read_global_environment(env: Environment, directory: str) -> None:
    """Load every file of ``directory`` into ``env`` in name order; a file that cannot be
    read or parsed is logged and skipped, so one bad file does not stop the engine."""
    try:
        names = sorted(os.listdir(directory))
    except OSError as error:
        LOG.warning("Cannot read the environment directory %s: %s", directory, error)
        return
    for name in names:
        path = os.path.join(directory, name)
        if not os.path.isfile(path):
            continue
        try:
            with open(path, encoding="utf-8") as env_file:
                env.load(env_fmt.parse(env_file.read()))
        except (OSError, ValueError, exception.HeatException) as error:
            LOG.error("Failed to load the global environment file %s: %s", path, error)
            continue
        LOG.info("Loaded the global environment file %s", path)
