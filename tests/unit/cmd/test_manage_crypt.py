"""``heat-manage update_params encrypt|decrypt`` run in-process on an SQLite database."""

import pytest

from heat.cmd import manage
from heat.cmd.manage_crypt import hidden_parameter_names
from heat.common.context import get_admin_context
from heat.db import api as db_api
from heat.db.sqlalchemy import models
from tests.fixtures.databases import sqlite_url

TEMPLATE = {
    "heat_template_version": "2021-04-16",
    "parameters": {"secret": {"type": "string", "hidden": True}, "plain": {"type": "string"}},
}
ENVIRONMENT = {"parameters": {"secret": "s3cret", "plain": "visible"}}


@pytest.fixture
def heat_manage(tmp_path):
    config_file = tmp_path / "heat.conf"
    config_file.write_text("[database]\nconnection = %s\n" % sqlite_url(tmp_path))
    manage.main(["--config-file", str(config_file), "db_sync"])
    return lambda *arguments: manage.main(["--config-file", str(config_file), *arguments])


def _rows(template_id, properties_id):
    context = get_admin_context()
    environment = db_api.raw_template_get(context, template_id).environment
    with db_api.get_engine().connect() as connection:
        properties = connection.execute(
            models.ResourcePropertiesData.__table__.select().where(
                models.ResourcePropertiesData.id == properties_id
            )
        ).one()
    return environment, properties


def _stored(heat_manage):
    context = get_admin_context()
    template = db_api.raw_template_create(
        context, {"template": TEMPLATE, "environment": ENVIRONMENT}
    )
    properties_id = db_api.resource_prop_data_create(context, {"value": "s3cret"})
    return template.id, properties_id


def test_encrypt_encrypts_hidden_parameters_and_properties(heat_manage):
    template_id, properties_id = _stored(heat_manage)
    heat_manage("update_params", "encrypt")
    environment, properties = _rows(template_id, properties_id)
    assert environment["parameters"]["plain"] == "visible"
    assert environment["parameters"]["secret"][0] == "cryptography_decrypt_v1"
    assert environment["encrypted_param_names"] == ["secret"]
    assert properties.encrypted is True
    assert properties.data["value"][0] == "cryptography_decrypt_v1"
    assert db_api.resource_prop_data_get(get_admin_context(), properties_id) == {"value": "s3cret"}


def test_decrypt_restores_the_values_in_clear(heat_manage):
    template_id, properties_id = _stored(heat_manage)
    heat_manage("update_params", "encrypt")
    heat_manage("update_params", "decrypt")
    environment, properties = _rows(template_id, properties_id)
    assert environment == {**ENVIRONMENT, "encrypted_param_names": []}
    assert (properties.encrypted, properties.data) == (False, {"value": "s3cret"})


def test_decrypt_with_a_wrong_key_fails_and_keeps_the_rows(heat_manage):
    template_id, properties_id = _stored(heat_manage)
    heat_manage("update_params", "encrypt")
    encrypted = _rows(template_id, properties_id)
    with pytest.raises(SystemExit, match="2 rows could not be converted"):
        heat_manage("update_params", "decrypt", "another key of thirty-two bytes!")
    assert _rows(template_id, properties_id) == encrypted


def test_hidden_parameters_of_hot_and_cfn_templates():
    cfn = {"Parameters": {"Password": {"Type": "String", "NoEcho": "true"}, "Name": {}}}
    assert hidden_parameter_names(cfn) == ["Password"]
    assert hidden_parameter_names(TEMPLATE) == ["secret"]
