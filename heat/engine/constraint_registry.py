"""The custom constraints by name, as installed in the ``heat.constraints`` entry point group.

Each entry point names a :class:`heat.engine.constraints.BaseCustomConstraint` subclass; the
registry builds one instance per name (``cls(name)``) on first use. Tests and services that
want another set build their own :class:`ConstraintRegistry`; :func:`default_registry` is
the read-only set of the installed entry points, loaded once.
"""

import functools
import logging
from collections.abc import Callable, Mapping
from typing import TYPE_CHECKING, Any

import stevedore

if TYPE_CHECKING:
    from heat.engine.constraints import BaseCustomConstraint

LOG = logging.getLogger(__name__)

NAMESPACE = "heat.constraints"

ConstraintFactory = Callable[[str], "BaseCustomConstraint"]


class ConstraintRegistry:
    """Custom constraint checks by name, each built once from its factory (usually its class)."""

    def __init__(self, factories: Mapping[str, ConstraintFactory]):
        self._factories = dict(factories)
        self._instances: dict[str, BaseCustomConstraint] = {}

    @classmethod
    def from_entry_points(cls, namespace: str = NAMESPACE) -> "ConstraintRegistry":
        """The constraints installed in ``namespace`` (ones that fail to load are logged)."""
        manager: stevedore.ExtensionManager[Any] = stevedore.ExtensionManager(
            namespace,
            invoke_on_load=False,
            on_load_failure_callback=_log_load_failure,
        )
        return cls({extension.name: extension.plugin for extension in manager})

    def get(self, name: str) -> "BaseCustomConstraint | None":
        """The check registered as ``name``, or None when there is none."""
        instance = self._instances.get(name)
        if instance is None and name in self._factories:
            # Two threads may both build it; the first stored instance wins, either is fine.
            instance = self._instances.setdefault(name, self._factories[name](name))
        return instance

    def names(self) -> list[str]:
        """The registered names, sorted."""
        return sorted(self._factories)

    def __contains__(self, name: object) -> bool:
        return name in self._factories


def _log_load_failure(manager: Any, entry_point: Any, error: BaseException) -> None:
    LOG.warning("Custom constraint %s could not be loaded: %s", entry_point.name, error)


@functools.cache
def default_registry() -> ConstraintRegistry:
    """The installed ``heat.constraints`` entry points (loaded on first call, then kept)."""
    return ConstraintRegistry.from_entry_points()
