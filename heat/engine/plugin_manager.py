"""Loading resource plugins from the plugin packages and the plugin directories.

Every module of each package (recursively) and every ``*.py`` file under each plugin
directory is imported, in name order. A module contributes the ``{type: class}`` items of
its ``resource_mapping()`` and, when it has one, of ``available_resource_mapping()`` (which
returns ``{}`` when a client library it needs is missing). A module that cannot be imported,
or whose mapping function fails, is logged and skipped: one broken plugin must not stop the
engine.

The files of plugin directories are modules of the package ``heat.engine.plugins``, whose
path is the plugin directories, as in OpenStack Heat: a plugin's subdirectory is a package
(its ``__init__.py`` runs first), so plugin modules may import one another, relatively or as
``heat.engine.plugins.<name>``. As there, ``setup.py`` files and ``tests`` directories are
not plugins and are never imported.
"""

import importlib
import importlib.util
import os
import pkgutil
import sys
import types
from collections.abc import Iterable, Iterator, Mapping
from types import ModuleType
from typing import Any

from oslo_log import log as logging

LOG = logging.getLogger(__name__)

DEFAULT_PACKAGES = ("heat.engine.resources",)
MAPPING_FUNCTIONS = ("resource_mapping", "available_resource_mapping")
# The package name the modules of plugin directories are imported under.
PLUGIN_DIR_PACKAGE = "heat.engine.plugins"
# What plugin directories hold that is not plugin code: packaging, tests, caches.
SKIPPED_FILES = ("setup.py",)
SKIPPED_DIRECTORIES = ("tests",)
SKIPPED_DIRECTORY_PREFIXES = (".", "__pycache__")


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
    """Every ``*.py`` file under ``directory`` (recursively, in name order; not ``setup.py``
    nor what is under a ``tests`` directory), imported as a module of
    :data:`PLUGIN_DIR_PACKAGE`; nothing for a missing directory."""
    if not os.path.isdir(directory):
        return
    search_path = _plugin_package().__path__
    if directory not in search_path:
        search_path.append(directory)
    for root, subdirectories, files in os.walk(directory):
        subdirectories[:] = sorted(
            name for name in subdirectories if not name.startswith(SKIPPED_DIRECTORY_PREFIXES)
        )
        subdirectories[:] = [name for name in subdirectories if name not in SKIPPED_DIRECTORIES]
        for file_name in sorted(files):
            if file_name.endswith(".py") and file_name not in SKIPPED_FILES:
                path = os.path.join(root, file_name)
                module = _import_file(_module_name(directory, path), path)
                if module is not None:
                    yield module


def _plugin_package() -> ModuleType:
    """The package of the plugin directories' modules (made on first use)."""
    package = sys.modules.get(PLUGIN_DIR_PACKAGE)
    if package is None:
        package = types.ModuleType(PLUGIN_DIR_PACKAGE, "Modules of the plugin directories.")
        package.__path__ = []
        sys.modules[PLUGIN_DIR_PACKAGE] = package
    return package


def _module_name(directory: str, path: str) -> str:
    relative = os.path.splitext(os.path.relpath(path, directory))[0].split(os.sep)
    if relative[-1] == "__init__":
        relative.pop()
    return ".".join([PLUGIN_DIR_PACKAGE, *relative])


def _parent_package(name: str, path: str) -> ModuleType | None:
    """The package ``name`` is a module of, imported first: the subdirectory's
    ``__init__.py``, or a namespace of the subdirectory when it has none."""
    parent_name = name.rpartition(".")[0]
    if parent_name == PLUGIN_DIR_PACKAGE:
        return _plugin_package()
    directory = os.path.dirname(path)
    if os.path.basename(path) == "__init__.py":
        directory = os.path.dirname(directory)
    init = os.path.join(directory, "__init__.py")
    if os.path.isfile(init):
        return _import_file(parent_name, init)
    existing = sys.modules.get(parent_name)
    if existing is not None and directory in getattr(existing, "__path__", []):
        return existing
    grandparent = _parent_package(parent_name, directory)
    if grandparent is None:
        return None
    namespace = types.ModuleType(parent_name)
    namespace.__path__ = [directory]
    sys.modules[parent_name] = namespace
    setattr(grandparent, parent_name.rpartition(".")[2], namespace)
    return namespace


def _import(name: str) -> ModuleType | None:
    try:
        return importlib.import_module(name)
    except Exception:  # noqa: BLE001 - plugin code is a boundary: it may fail in any way
        LOG.exception("Failed to import the resource plugin module %s", name)
        return None


def _import_file(name: str, path: str) -> ModuleType | None:
    """The module ``name`` of the file ``path``, executed once: a module a plugin imported
    already from that file is the same module."""
    existing = sys.modules.get(name)
    if existing is not None and getattr(existing, "__file__", None) == path:
        return existing
    parent = _parent_package(name, path)
    if parent is None:
        return None
    search_locations = [os.path.dirname(path)] if path.endswith("__init__.py") else None
    spec = importlib.util.spec_from_file_location(
        name, path, submodule_search_locations=search_locations
    )
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
    setattr(parent, name.rpartition(".")[2], module)
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
