"""The engine of the rules tests of other services' types: every installed type, and their
resources checked without the service or its catalog."""

import pytest

from tests.unit.engine.resources.conftest import Engine


@pytest.fixture
def service_engine(engine, global_env):
    """The plugin test engine with every installed type."""
    return Engine(engine.context, global_env, engine.settings)


def offline_resource(service_engine, type_name, **properties):
    """The resource ``it`` of a new stack, its service's lookups and availability not
    asked (no catalog here: only the type's own rules count)."""
    stack = service_engine.stack({"it": {"type": type_name, "properties": properties}})
    stack.strict_validate = False
    found = stack.resources["it"]
    found.check_service_available = lambda: None
    return found
