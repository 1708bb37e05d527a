"""Loading templates for tests the way the engine does: the installed plugins, a real
Environment and a StackDefinition."""

from pathlib import Path
from typing import Any

import yaml

from heat.common import template_format
from heat.common.identifier import HeatIdentifier
from heat.engine.environment import Environment
from heat.engine.stack_definition import StackDefinition
from heat.engine.template import TemplateRegistry

REGISTRY = TemplateRegistry.from_entry_points()
TEMPLATES = Path(__file__).resolve().parents[2] / "templates"


def hot(version: str = "2021-04-16", **sections: Any) -> dict[str, Any]:
    """A HOT document of ``version`` with ``sections``."""
    return {"heat_template_version": version, **sections}


def definition(
    document: dict[str, Any],
    params: dict[str, Any] | None = None,
    files: dict[str, str] | None = None,
    env: dict[str, Any] | None = None,
    **kwargs: Any,
) -> StackDefinition:
    """The StackDefinition of ``document`` with the user's ``params`` and environment, for a
    stack ``test_stack`` not stored yet (no id)."""
    environment = Environment(dict(env or {}, parameters=params or {}))
    template = REGISTRY.load(document, files=files, env=environment)
    kwargs.setdefault("identifier", HeatIdentifier("test_tenant", "test_stack", None))
    return StackDefinition(template, **kwargs)


def fixture(name: str) -> dict[str, Any]:
    """The template file ``tests/templates/<name>`` parsed as the API parses it."""
    return template_format.parse((TEMPLATES / name).read_text())


def fixture_files(*names: str) -> dict[str, str]:
    """``{name: text}`` of fixture files, as a client sends them in ``files``."""
    return {name: (TEMPLATES / name).read_text() for name in names}


def environment(name: str) -> dict[str, Any]:
    """The environment file ``tests/templates/<name>``."""
    return yaml.safe_load((TEMPLATES / name).read_text())
