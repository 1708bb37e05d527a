"""The engine of the stack tests (SQLite, fake transport, the test resource types)."""

from tests.unit.engine.stacks.conftest import (  # noqa: F401 (fixtures used by name)
    conf,
    context,
    engine,
)
