"""heat-manage run in-process on an SQLite database."""

import io

import pytest

from heat.cmd import manage
from heat.common.context import get_admin_context
from heat.db import api as db_api
from heat.db.sqlalchemy import models
from tests.fixtures.databases import sqlite_url

HEAD = "6b2d1e8f4a90"
ENGINE = {"host": "h", "hostname": "node", "binary": "heat-engine", "topic": "engine"}


@pytest.fixture
def heat_manage(tmp_path, capsys):
    """Run heat-manage with a config pointing at a fresh database; return its stdout."""
    config_file = tmp_path / "heat.conf"
    config_file.write_text("[database]\nconnection = %s\n" % sqlite_url(tmp_path))

    def run(*arguments):
        capsys.readouterr()
        manage.main(["--config-file", str(config_file), *arguments])
        return capsys.readouterr().out

    return run


@pytest.fixture
def synced(heat_manage):
    heat_manage("db_sync")
    return heat_manage


def _stack(status="IN_PROGRESS"):
    context = get_admin_context()
    template = db_api.raw_template_create(context, {"template": {}})
    return db_api.stack_create(
        context, {"raw_template_id": template.id, "disable_rollback": True, "status": status}
    )


def test_help_lists_the_commands(capsys):
    with pytest.raises(SystemExit) as exit_info:
        manage.main(["--help"])
    assert exit_info.value.code == 0
    assert "purge_deleted" in capsys.readouterr().out


def test_db_version_of_a_fresh_database_is_none(heat_manage):
    assert heat_manage("db_version").splitlines()[-1] == "None"


def test_db_sync_brings_the_schema_to_the_newest_revision(synced):
    assert synced("db_version").splitlines()[-1] == HEAD


def test_db_sync_stops_at_the_version_given(heat_manage):
    heat_manage("db_sync", "c6214ca60943")
    assert heat_manage("db_version").splitlines()[-1] == "c6214ca60943"


def test_service_list_shows_each_engine_and_its_status(synced):
    db_api.service_create(get_admin_context(), dict(ENGINE, engine_id="e-up", report_interval=60))
    lines = synced("service", "list").splitlines()
    assert lines[0].split()[:3] == ["Hostname", "Binary", "Engine_Id"]
    assert lines[1].split()[:6] == ["node", "heat-engine", "e-up", "h", "engine", "up"]


def test_service_clean_removes_the_engines_that_are_down(synced):
    context = get_admin_context()
    db_api.service_create(context, dict(ENGINE, engine_id="e-up", report_interval=60))
    db_api.service_create(
        context,
        dict(
            ENGINE,
            engine_id="e-down",
            report_interval=1,
            created_at=models.utcnow().replace(year=2020),
        ),
    )
    output = synced("service", "clean")
    assert "e-down" in output and "e-up" not in output
    assert [s["engine_id"] for s in db_api.service_get_all(context)] == ["e-up"]


def test_purge_deleted_removes_old_deleted_stacks(synced):
    stack = _stack()
    context = get_admin_context()
    db_api.stack_update(context, stack.id, {"deleted_at": models.utcnow().replace(year=2020)})
    synced("purge_deleted", "-g", "days", "-b", "5", "30")
    assert db_api.stack_get(context, stack.id, show_deleted=True) is None


def test_reset_stack_status_after_yes_resets_the_stack(synced, monkeypatch):
    stack = _stack()
    monkeypatch.setattr("sys.stdin", io.StringIO("y\n"))
    assert "Continue ? [y/N]" in synced("reset_stack_status", stack.id)
    assert db_api.stack_get(get_admin_context(), stack.id).status == "FAILED"


def test_reset_stack_status_without_yes_changes_nothing(synced, monkeypatch):
    stack = _stack()
    monkeypatch.setattr("sys.stdin", io.StringIO("\n"))
    synced("reset_stack_status", stack.id)
    assert db_api.stack_get(get_admin_context(), stack.id).status == "IN_PROGRESS"


def test_errors_exit_with_a_message(synced, monkeypatch):
    monkeypatch.setattr("sys.stdin", io.StringIO("y\n"))
    with pytest.raises(SystemExit, match="ERROR: The Stack \\(missing\\) could not be found"):
        synced("reset_stack_status", "missing")


def _resource(stack, **values):
    values = {"name": "server", "stack_id": stack.id, "action": "CREATE", **values}
    return db_api.resource_create(get_admin_context(), values)


def test_resource_data_list_prints_each_key_with_secrets_decrypted(synced):
    resource = _resource(_stack("COMPLETE"))
    context = get_admin_context()
    db_api.resource_data_set(context, resource.id, "password", "s3cret", redact=True)
    db_api.resource_data_set(context, resource.id, "user", "alice")
    output = synced("resource_data_list", str(resource.id))
    assert [line.split() for line in output.splitlines()] == [
        ["password", "s3cret"],
        ["user", "alice"],
    ]
    assert output.splitlines()[1] == "%-16s %-64s" % ("user", "alice")


def test_resource_data_list_of_a_resource_without_data_is_an_error(synced):
    resource = _resource(_stack("COMPLETE"))
    with pytest.raises(SystemExit, match="ERROR: no resource data found"):
        synced("resource_data_list", str(resource.id))


def test_migrate_properties_data_with_nothing_to_migrate_says_so(synced):
    _resource(_stack("COMPLETE"))
    assert "nothing to migrate" in synced("migrate_properties_data")


def test_migrate_properties_data_moves_data_kept_in_resource_rows(synced):
    resource = _resource(_stack("COMPLETE"), properties_data={"size": 3})
    assert "of 1 resources" in synced("migrate_properties_data")
    moved = db_api.resource_get(get_admin_context(), resource.id)
    assert moved.properties_data is None
    assert db_api.resource_prop_data_get(get_admin_context(), moved.rsrc_prop_data_id) == {
        "size": 3
    }
    assert "nothing to migrate" in synced("migrate_properties_data")


def test_update_params_is_listed_with_its_arguments(capsys):
    with pytest.raises(SystemExit):
        manage.main(["update_params", "--help"])
    usage = capsys.readouterr().out
    assert "{encrypt,decrypt}" in usage and "previous_encryption_key" in usage


def test_without_a_database_connection_it_exits_naming_the_option(tmp_path):
    config_file = tmp_path / "heat.conf"
    config_file.write_text("[DEFAULT]\n")
    expected = "heat-manage: \\[database\\] connection is not set \\(config files read: %s\\)"
    with pytest.raises(SystemExit, match=expected % config_file):
        manage.main(["--config-file", str(config_file), "db_version"])


def test_migrate_convergence_1_without_an_engine_says_none_answered(tmp_path):
    config_file = tmp_path / "heat.conf"
    config_file.write_text(
        "[DEFAULT]\ntransport_url = inproc://\nrpc_response_timeout = 1\n"
        "[database]\nconnection = %s\n" % sqlite_url(tmp_path)
    )
    with pytest.raises(SystemExit, match="ERROR: No heat-engine answered within 1 seconds"):
        manage.main(["--config-file", str(config_file), "migrate_convergence_1", "5b1c"])
