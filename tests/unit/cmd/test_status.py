"""``heat-status upgrade check`` run as a real process on SQLite databases."""

import json
import pathlib
import subprocess
import sys

import sqlalchemy as sa

from heat.db import migration
from tests.fixtures.databases import sqlite_url

BIN = pathlib.Path(sys.executable).parent

SUCCESS, FAILURE = 0, 2  # oslo.upgradecheck's exit codes


def write_config(tmp_path, database_url=None, extra=""):
    config_file = tmp_path / "heat.conf"
    section = "[database]\nconnection = %s\n" % database_url if database_url else "[DEFAULT]\n"
    config_file.write_text(section + extra)
    return config_file


def heat_status(config_file, *options):
    """``heat-status upgrade check --json``: its exit code and ``{check: (result, details)}``."""
    command = [str(BIN / "heat-status"), "--config-file", str(config_file), "upgrade", "check"]
    done = subprocess.run([*command, "--json", *options], capture_output=True, text=True)
    report = json.loads(done.stdout)
    checks = {c["check"]: (c["result"], c["details"]) for c in report["checks"]}
    return done.returncode, checks


def test_a_database_made_by_heat_manage_db_sync_passes(tmp_path):
    config_file = write_config(tmp_path, sqlite_url(tmp_path))
    heat_manage = [str(BIN / "heat-manage"), "--config-file", str(config_file), "db_sync"]
    subprocess.run(heat_manage, check=True, capture_output=True)
    code, checks = heat_status(config_file)
    assert code == SUCCESS
    assert checks == {
        "Policy File JSON to YAML Migration": (SUCCESS, None),
        "Database connection": (SUCCESS, None),
        "Database schema": (SUCCESS, None),
    }


def test_a_database_without_schema_fails(tmp_path):
    code, checks = heat_status(write_config(tmp_path, sqlite_url(tmp_path)))
    assert code == FAILURE
    expected = (FAILURE, "The database has no schema: run heat-manage db_sync.")
    assert checks["Database schema"] == expected


def test_a_database_behind_the_newest_revision_fails_naming_both(tmp_path):
    url = sqlite_url(tmp_path)
    engine = sa.create_engine(url)
    migration.db_sync(engine, "c6214ca60943")
    engine.dispose()
    code, checks = heat_status(write_config(tmp_path, url))
    assert code == FAILURE
    details = checks["Database schema"][1]
    assert "c6214ca60943" in details and migration.head_revision() in details


def test_a_missing_connection_fails_naming_the_files_read(tmp_path):
    config_file = write_config(tmp_path)
    code, checks = heat_status(config_file)
    assert code == FAILURE
    assert checks["Database connection"] == (
        FAILURE,
        "[database] connection is not set (config files read: %s)" % config_file,
    )


def test_the_table_output_names_each_check(tmp_path):
    config_file = write_config(tmp_path, sqlite_url(tmp_path))
    command = [str(BIN / "heat-status"), "--config-file", str(config_file), "upgrade", "check"]
    done = subprocess.run(command, capture_output=True, text=True)
    assert done.returncode == FAILURE
    assert "Check: Database schema" in done.stdout and "Result: Failure" in done.stdout


def test_a_json_policy_file_fails(tmp_path):
    (tmp_path / "policy.json").write_text('{"stacks:index": ""}')
    extra = "[oslo_policy]\npolicy_file = %s\n" % (tmp_path / "policy.json")
    code, checks = heat_status(write_config(tmp_path, sqlite_url(tmp_path), extra))
    assert code == FAILURE
    result, details = checks["Policy File JSON to YAML Migration"]
    assert result == FAILURE and "oslopolicy-convert-json-to-yaml" in details
