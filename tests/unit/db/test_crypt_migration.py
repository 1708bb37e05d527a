"""Re-encryption of stored rows (``heat-manage update_params``) on every database backend."""

import pytest

from heat.common import crypt
from heat.db import api as db_api
from heat.db.sqlalchemy import crypt_migration

KEY = "0123456789abcdef0123456789abcdef"


@pytest.fixture
def conf(conf, database_url):
    conf.set_override("connection", database_url, group="database")
    return conf


def _encrypt_marked(template, environment, key):
    if template.get("kind") != "convert":
        return None
    return crypt.encrypted_parameters(environment, ["secret"], key)


def test_environments_are_converted_and_others_left(admin_context):
    environment = {"parameters": {"secret": "s", "plain": "p"}}
    rows = {
        kind: db_api.raw_template_create(
            admin_context, {"template": {"kind": kind}, "environment": environment}
        ).id
        for kind in ("convert", "leave")
    }
    errors = crypt_migration.convert_environments(admin_context, _encrypt_marked, KEY, batch_size=1)
    assert errors == []
    stored = db_api.raw_template_get(admin_context, rows["convert"]).environment
    assert stored["encrypted_param_names"] == ["secret"]
    assert stored["parameters"]["secret"][0] == crypt.CURRENT_METHOD
    assert crypt.decrypted_parameters(stored, KEY)["parameters"] == environment["parameters"]
    assert db_api.raw_template_get(admin_context, rows["leave"]).environment == environment


def test_properties_are_encrypted_then_decrypted_in_batches(admin_context):
    ids = [db_api.resource_prop_data_create(admin_context, {"n": n}) for n in range(3)]
    assert crypt_migration.convert_properties_data(admin_context, KEY, True, batch_size=2) == []
    with db_api.get_engine().connect() as connection:
        rows = connection.exec_driver_sql(
            "SELECT encrypted FROM resource_properties_data ORDER BY id"
        ).all()
    assert [bool(row[0]) for row in rows] == [True, True, True]
    assert crypt_migration.convert_properties_data(admin_context, KEY, False, batch_size=2) == []
    assert db_api.resource_prop_data_get_many(admin_context, ids) == {
        properties_id: {"n": n} for n, properties_id in enumerate(ids)
    }
