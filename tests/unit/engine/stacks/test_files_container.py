"""A request naming a files_container where Swift cannot be used: a 404 NotFound naming
the container and why, before anything is made. (Against the lab's Swift:
tests/functional/lab/swift_files.)"""

import pytest

from heat.common import exception
from tests.unit.engine.stacks.conftest import hot


def test_a_container_without_swift_is_named_with_the_reason(engine, context):
    template = hot({"thing": {"type": "OS::Heat::None"}})
    with pytest.raises(exception.NotFound) as raised:
        engine.create_stack(context, "web", template, {}, {}, {}, files_container="shared")
    assert str(raised.value).startswith("Could not fetch files from container shared, reason:")
    assert engine.list_stacks(context) == []
