"""``heat-manage migrate_convergence_1``: run in-process against an engine of the same
process (``inproc://``) on SQLite; the migrated stack is then updated and deleted by the
convergence engine."""

import logging
import time

import pytest
import yaml
from oslo_config import cfg
from oslo_log import log

from heat.cmd import engine_setup, manage
from heat.common import config, exception
from heat.common.context import RequestContext
from heat.db import api as db_api
from heat.db import migration
from tests.fixtures.databases import sqlite_url

CHILD = {"heat_template_version": "2021-04-16", "resources": {"x": {"type": "OS::Heat::None"}}}
FILES = {"child.yaml": yaml.safe_dump(CHILD)}


def template(length=8, extra=False):
    resources = {
        "a": {"type": "OS::Heat::RandomString", "properties": {"length": length}},
        "b": {"type": "OS::Heat::Value", "properties": {"value": {"get_attr": ["a", "value"]}}},
        "child": {"type": "child.yaml"},
    }
    if extra:
        resources["c"] = {"type": "OS::Heat::None"}
    return {"heat_template_version": "2021-04-16", "resources": resources}


@pytest.fixture
def config_file(tmp_path):
    path = tmp_path / "heat.conf"
    path.write_text(
        "[DEFAULT]\ntransport_url = inproc://\nrpc_response_timeout = 10\n"
        "convergence_engine = false\nenvironment_dir = %s\n[database]\nconnection = %s\n"
        % (tmp_path / "no-env", sqlite_url(tmp_path))
    )
    return path


@pytest.fixture
def engine(config_file):
    """A legacy-engine EngineService (new stacks are legacy ones) on the test database."""
    conf = config.register(cfg.ConfigOpts())
    log.register_options(conf)
    conf(["--config-file", str(config_file)], project="heat", default_config_files=[])
    db_api.configure(conf)
    migration.db_sync(db_api.get_engine())
    service = engine_setup.build_engine(conf)
    service.start()
    yield service
    service.stop()


@pytest.fixture
def context():
    return RequestContext(project_id="project-a", user_id="user-a", username="alice")


@pytest.fixture
def heat_manage(config_file, capsys):
    """Run heat-manage; its output. The logging it sets up is undone after, so that the
    engine running on does not log to the test's closed output."""
    root = logging.getLogger()

    def run(*arguments):
        handlers, level = list(root.handlers), root.level
        capsys.readouterr()
        try:
            manage.main(["--config-file", str(config_file), *arguments])
        finally:
            root.handlers[:], root.level = handlers, level
        return capsys.readouterr().out

    return run


def row(context, stack_id):
    return db_api.stack_get(context, stack_id, show_deleted=True, eager_load=False)


def settled(context, stack_id, action, timeout=20.0):
    """The stack row once ``action`` has ended on it."""
    deadline = time.monotonic() + timeout
    while True:
        found = row(context, stack_id)
        if found.action == action and found.status != "IN_PROGRESS":
            return found
        assert time.monotonic() < deadline, "stack still %s %s" % (found.action, found.status)
        time.sleep(0.05)


def legacy_stack(engine, context):
    """A legacy stack with a nested stack, created and then updated by the legacy engine."""
    identity = engine.create_stack(context, "web", template(), {}, FILES, {})
    assert settled(context, identity["stack_id"], "CREATE").status == "COMPLETE"
    engine.update_stack(context, identity, template(extra=True), {}, FILES, {})
    updated = settled(context, identity["stack_id"], "UPDATE")
    assert updated.status == "COMPLETE" and not updated.convergence
    return identity


def child_id(engine, context, identity):
    return engine.describe_stack_resource(context, identity, "child")["physical_resource_id"]


def test_a_migrated_stack_is_a_convergence_stack_with_its_nested_stacks(
    engine, context, heat_manage
):
    identity = legacy_stack(engine, context)
    stack_id = identity["stack_id"]
    previous_template = row(context, stack_id).prev_raw_template_id
    assert previous_template is not None
    stray = {"name": "gone", "stack_id": stack_id, "action": "CREATE", "status": "COMPLETE"}
    db_api.resource_create(context, stray)
    assert "ERROR" not in heat_manage("migrate_convergence_1", stack_id)
    stack = row(context, stack_id)
    assert stack.convergence and stack.current_traversal and stack.prev_raw_template_id is None
    with pytest.raises(exception.NotFound):
        db_api.raw_template_get(context, previous_template)
    assert row(context, child_id(engine, context, identity)).convergence
    current = db_api.resource_get_all_by_stack(context, stack_id)
    resources = {name: db_api.resource_get(context, r.id) for name, r in current.items()}
    assert set(resources) == {"a", "b", "c", "child"}
    assert {r.current_template_id for r in resources.values()} == {stack.raw_template_id}
    assert resources["b"].requires == [resources["a"].id]


def test_the_convergence_engine_updates_and_deletes_a_migrated_stack(engine, context, heat_manage):
    identity = legacy_stack(engine, context)
    stack_id = identity["stack_id"]
    heat_manage("migrate_convergence_1", stack_id)
    migrated_traversal = row(context, stack_id).current_traversal
    engine.update_stack(context, identity, template(length=12), {}, FILES, {})
    updated = settled(context, stack_id, "UPDATE")
    assert updated.status == "COMPLETE", updated.status_reason
    assert updated.current_traversal != migrated_traversal
    value = engine.describe_stack_resource(context, identity, "b")["attributes"]["value"]
    assert len(value) == 12
    assert set(db_api.resource_get_all_by_stack(context, stack_id)) == {"a", "b", "child"}
    child = child_id(engine, context, identity)
    engine.delete_stack(context, identity)
    deleted = settled(context, stack_id, "DELETE")
    assert deleted.status == "COMPLETE", deleted.status_reason
    assert row(context, child).deleted_at is not None


def test_a_convergence_stack_is_left_as_it_is(engine, context, heat_manage):
    identity = legacy_stack(engine, context)
    heat_manage("migrate_convergence_1", identity["stack_id"])
    traversal = row(context, identity["stack_id"]).current_traversal
    heat_manage("migrate_convergence_1", identity["stack_id"])
    assert row(context, identity["stack_id"]).current_traversal == traversal


def test_a_nested_stack_is_refused(engine, context, heat_manage):
    identity = legacy_stack(engine, context)
    child = child_id(engine, context, identity)
    with pytest.raises(SystemExit, match="ERROR: Migration of nested stack %s is not" % child):
        heat_manage("migrate_convergence_1", child)


def test_a_stack_not_complete_is_refused(engine, context, heat_manage):
    identity = legacy_stack(engine, context)
    db_api.stack_update(context, identity["stack_id"], {"status": "FAILED"})
    expected = "ERROR: Stack web has an action \\(UPDATE\\) in progress or failed state."
    with pytest.raises(SystemExit, match=expected):
        heat_manage("migrate_convergence_1", identity["stack_id"])
    assert not row(context, identity["stack_id"]).convergence


def test_an_unknown_stack_is_reported(engine, heat_manage):
    with pytest.raises(SystemExit, match="ERROR: Stack with id missing can not be found."):
        heat_manage("migrate_convergence_1", "missing")
