"""heat-manage as a real process against SQLite, MariaDB and PostgreSQL."""

import subprocess

import pytest

from heat.common.context import get_admin_context
from heat.db import api as db_api
from heat.db.sqlalchemy import models
from tests.functional.processes import BIN, write_config

HEAD = "6b2d1e8f4a90"
ENGINE = {"host": "h", "hostname": "node", "binary": "heat-engine", "topic": "engine"}


@pytest.fixture
def heat_manage(tmp_path, database_url):
    """Run ``heat-manage --config-file <conf> ...`` on the test database; return stdout."""
    config_file = write_config(tmp_path / "heat.conf", {"database": {"connection": database_url}})

    def run(*arguments, stdin=""):
        result = subprocess.run(
            [str(BIN / "heat-manage"), "--config-file", str(config_file), *arguments],
            input=stdin,
            capture_output=True,
            text=True,
            timeout=120,
        )
        assert result.returncode == 0, result.stdout + result.stderr
        return result.stdout

    return run


def _stack(**values):
    context = get_admin_context()
    template = db_api.raw_template_create(context, {"template": {}})
    values = {"raw_template_id": template.id, "disable_rollback": True, **values}
    return db_api.stack_create(context, values)


def test_db_sync_then_db_version(heat_manage):
    heat_manage("db_sync")
    assert heat_manage("db_version").splitlines()[-1] == HEAD


def test_service_list_and_clean(heat_manage, migrated_database):
    context = get_admin_context()
    db_api.service_create(context, dict(ENGINE, engine_id="engine-up", report_interval=60))
    long_ago = models.utcnow().replace(year=2020)
    db_api.service_create(
        context, dict(ENGINE, engine_id="engine-down", report_interval=60, created_at=long_ago)
    )
    listing = heat_manage("service", "list")
    assert "engine-up" in listing and "engine-down" in listing
    assert "engine-down" in heat_manage("service", "clean")
    assert [s["engine_id"] for s in db_api.service_get_all(context)] == ["engine-up"]


def test_purge_deleted(heat_manage, migrated_database):
    old = _stack(deleted_at=models.utcnow().replace(year=2020))
    recent = _stack(deleted_at=models.utcnow())
    heat_manage("purge_deleted", "30", "--granularity", "days", "--batch_size", "10")
    context = get_admin_context()
    assert db_api.stack_get(context, old.id, show_deleted=True) is None
    assert db_api.stack_get(context, recent.id, show_deleted=True) is not None


def test_purge_deleted_prunes_alarms_of_purged_stacks_and_old_samples(
    heat_manage, migrated_database
):
    context = get_admin_context()
    long_ago = models.utcnow().replace(year=2020)
    purged, live = _stack(deleted_at=long_ago), _stack()
    rules = [
        db_api.watch_rule_create(context, {"name": name, "tenant": "p", "stack_id": stack.id})
        for name, stack in (("purged", purged), ("live", live))
    ]
    samples = [(rules[0], None), (rules[1], long_ago), (rules[1], None)]
    for rule, created_at in samples:
        values = {"watch_rule_id": rule["id"], "data": {}, "created_at": created_at}
        db_api.watch_data_create(context, values)
    heat_manage("purge_deleted", "30")
    assert db_api.watch_rule_get(context, rules[0]["id"]) is None
    assert len(db_api.watch_data_get_all_by_watch_rule_id(context, rules[1]["id"])) == 1


def test_reset_stack_status(heat_manage, migrated_database):
    stack = _stack(status="IN_PROGRESS")
    heat_manage("reset_stack_status", stack.id, stdin="y\n")
    reset = db_api.stack_get(get_admin_context(), stack.id)
    assert (reset.status, reset.status_reason) == ("FAILED", "Stack status manually reset")
