"""Finding a resource of a stack by its reference id (``Stack.resource_by_refid``)."""

import types

import pytest

from heat.common.context import RequestContext
from heat.engine import environment
from heat.engine import resource_states as states
from heat.engine.resource import Resource
from heat.engine.stack import EngineSettings, Stack
from heat.engine.template import TemplateRegistry

TEMPLATES = TemplateRegistry.from_entry_points()


@pytest.fixture
def stack(tmp_path):
    """A stack (not stored) of two plain resources, ``a`` and ``b``."""
    conf = types.SimpleNamespace(environment_dir=str(tmp_path / "absent"))
    global_env = environment.global_environment(conf, {"Test::Plain": Resource})
    document = {
        "heat_template_version": "2021-04-16",
        "resources": {"a": {"type": "Test::Plain"}, "b": {"type": "Test::Plain"}},
    }
    env = environment.Environment({}, global_env=global_env)
    template = TEMPLATES.load(document, files={}, env=env)
    return Stack(RequestContext(project_id="project-a"), "refs", template, EngineSettings())


def _created(resource, physical_id):
    resource.action, resource.status = states.CREATE, states.COMPLETE
    resource.resource_id = physical_id


def test_a_resource_is_found_by_its_reference_id(stack):
    _created(stack["a"], "id-a")
    _created(stack["b"], "id-b")
    assert stack.resource_by_refid("id-b") is stack["b"]


def test_a_resource_is_found_by_its_name(stack):
    _created(stack["a"], "id-a")
    assert stack.resource_by_refid("a") is stack["a"]


def test_a_resource_not_created_yet_is_found_by_its_name(stack):
    assert stack.resource_by_refid("b") is stack["b"]


@pytest.mark.parametrize(
    "state",
    [
        (states.CREATE, states.FAILED),
        (states.DELETE, states.IN_PROGRESS),
        (states.DELETE, states.COMPLETE),
        (states.SUSPEND, states.COMPLETE),
        (states.ROLLBACK, states.COMPLETE),
    ],
)
def test_a_resource_failed_deleted_or_suspended_is_not_found(stack, state):
    _created(stack["a"], "id-a")
    stack["a"].action, stack["a"].status = state
    assert stack.resource_by_refid("id-a") is None


def test_an_unknown_reference_finds_nothing(stack):
    _created(stack["a"], "id-a")
    assert stack.resource_by_refid("id-z") is None
