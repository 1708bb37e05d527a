"""Loading resource plugins from the plugin packages and the plugin directories.

Every module of each package (recursively) and every ``*.py`` file under each plugin
directory is imported, in name order. A module contributes the ``{type: class}`` items of
its ``resource_mapping()`` and, when it has one, of ``available_resource_mapping()`` (which
returns ``{}`` when a client library it needs is missing). A module that cannot be imported,
or whose mapping function fails, is logged and skipped: one broken plugin must not stop the
engine.
"""

import importlib
import importlib.util
import os
import pkgutil
import sys
from collections.abc import Iterable, Iterator, Mapping
from types import ModuleType
from typing import Any

from oslo_log import log as logging

LOG = logging.getLogger(__name__)

DEFAULT_PACKAGES = ("heat.engine.resources",)
MAPPING_FUNCTIONS = ("resource_mapping", "available_resource_mapping")
# The package name the modules of plugin directories are imported under.
PLUGIN_DIR_PACKAGE = "heat.engine.plugins"


def load_resource_classes(
    plugin_dirs: Iterable[str], packages: Iterable[str] = DEFAULT_PACKAGES
) -> list[tuple[str, type]]:
    """``(type name, class)`` pairs of every plugin module of ``packages`` then of
    ``plugin_dirs`` (missing directories are ignored); a type mapped again by a later module
    takes the later class, with a warning."""
    classes: dict[str, type] = {}
    for module in _all_modules(packages, plugin_dirs):
        for type_name, resource_class in _mapped_classes(module):
            previous = classes.get(type_name)
            if previous is not None and previous is not resource_class:
                LOG.warning(
                    "Resource type %s of %s replaces %s from an earlier plugin module",
                    type_name,
                    module.__name__,
                    previous,
                )
            classes[type_name] = resource_class
    return list(classes.items())


def _all_modules(packages: Iterable[str], plugin_dirs: Iterable[str]) -> Iterator[ModuleType]:
    for package_name in packages:
        yield from package_modules(package_name)
    for directory in plugin_dirs:
        yield from directory_modules(directory)


def package_modules(package_name: str) -> Iterator[ModuleType]:
    """The package ``package_name`` and all its modules and subpackages, imported."""
    package = _import(package_name)
    if package is None:
        return
    yield package
    path = getattr(package, "__path__", None)
    if path is None:
        return
    # Failures are logged when the module is imported again below.
    walk = pkgutil.walk_packages(path, prefix=package_name + ".", onerror=lambda name: None)
    for info in walk:
        module = _import(info.name)
        if module is not None:
            yield module


def directory_modules(directory: str) -> Iterator[ModuleType]:
    """Every ``*.py`` file under ``directory`` (recursively, in name order), imported as a
    module of :data:`PLUGIN_DIR_PACKAGE`; nothing for a missing directory."""
    if not os.path.isdir(directory):
        return
    for root, subdirectories, files in os.walk(directory):
        subdirectories[:] = sorted(
            name for name in subdirectories if not name.startswith((".", "__pycache__"))
        )
        for file_name in sorted(files):
            if file_name.endswith(".py"):
                path = os.path.join(root, file_name)
                module = _import_file(_module_name(directory, path), path)
                if module is not None:
                    yield module


def _module_name(directory: str, path: str) -> str:
    relative = os.path.splitext(os.path.relpath(path, directory))[0]
    return ".".join([PLUGIN_DIR_PACKAGE, *relative.split(os.sep)])


def _import(name: str) -> ModuleType | None:
    try:
        return importlib.import_module(name)
    except Exception:  # noqa: BLE001 - plugin code is a boundary: it may fail in any way
        LOG.exception("Failed to import the resource plugin module %s", name)
        return None


def _import_file(name: str, path: str) -> ModuleType | None:
    spec = importlib.util.spec_from_file_location(name, path)
    if spec is None or spec.loader is None:
        LOG.error("Cannot load the resource plugin file %s", path)
        return None
    module = importlib.util.module_from_spec(spec)
    sys.modules[name] = module
    try:
        spec.loader.exec_module(module)
    except Exception:  # noqa: BLE001 - plugin code is a boundary: it may fail in any way
        sys.modules.pop(name, None)
        LOG.exception("Failed to import the resource plugin file %s", path)
        return None
    return module


def _mapped_classes(module: ModuleType) -> Iterator[tuple[str, Any]]:
    for function_name in MAPPING_FUNCTIONS:
        mapping_function = getattr(module, function_name, None)
        if not callable(mapping_function):
            continue
        try:
            mapping = mapping_function()
        except Exception:  # noqa: BLE001 - plugin code is a boundary: it may fail in any way
            LOG.exception("Failed to load %s from %s", function_name, module.__name__)
            continue
        if not isinstance(mapping, Mapping):
            LOG.error("%s of %s did not return a mapping", function_name, module.__name__)
            continue
        yield from mapping.items()
