"""The engine of the Neutron rules tests, and their resources made without Neutron."""

import pytest

from tests.unit.engine.resources.conftest import Engine


@pytest.fixture
def neutron_engine(engine, global_env):
    """The plugin test engine with every installed type (the Neutron ones among them)."""
    return Engine(engine.context, global_env, engine.settings)


def rules_resource(neutron_engine, type_name, ids=None, **properties):
    """The resource ``it`` of a new stack, checked without a catalog and, when ``ids`` is
    given, naming ``(kind, value)`` by ``ids(kind, value)`` instead of looking it up."""
    stack = neutron_engine.stack({"it": {"type": type_name, "properties": properties}})
    stack.strict_validate = False  # names are looked up in Neutron only when strict
    found = stack.resources["it"]
    found.check_service_available = lambda: None  # no catalog here: only the rules count
    if ids is not None:
        found.neutron_id = ids
    return found
