"""``encrypt_parameters_and_properties``: hidden parameters and resolved properties are
stored encrypted with ``auth_encryption_key`` and read back in clear."""

import json

import sqlalchemy as sa

from heat.db import api as db_api
from heat.db.sqlalchemy import models
from tests.unit.engine.stacks.conftest import create, hot

SECRET = "correct horse battery staple"
TEMPLATE = hot(
    {"a": {"type": "Test::Thing", "properties": {"value": {"get_param": "secret"}}}},
    parameters={"secret": {"type": "string", "hidden": True}, "plain": {"type": "string"}},
)


def _encrypting(conf, enabled):
    conf.set_override("encrypt_parameters_and_properties", enabled)
    db_api.configure(conf)
    return conf


def _stored(stack_id):
    with db_api.get_engine().connect() as connection:
        template_id = connection.scalar(
            sa.select(models.Stack.raw_template_id).where(models.Stack.id == stack_id)
        )
        environment = connection.scalar(
            sa.select(models.RawTemplate.environment).where(models.RawTemplate.id == template_id)
        )
        properties = connection.execute(
            sa.select(models.ResourcePropertiesData.data, models.ResourcePropertiesData.encrypted)
        ).all()
    return environment, properties


def test_hidden_parameters_and_properties_are_stored_encrypted(conf, engine, context):
    _encrypting(conf, True)
    params = {"parameters": {"secret": SECRET, "plain": "visible"}}
    identity, stack = create(engine, context, TEMPLATE, params=params)
    assert stack["stack_status"] == "COMPLETE"
    environment, properties = _stored(identity["stack_id"])
    assert environment["parameters"]["plain"] == "visible"
    assert environment["encrypted_param_names"] == ["secret"]
    assert environment["parameters"]["secret"][0] == "cryptography_decrypt_v1"
    assert properties and all(encrypted for _, encrypted in properties)
    assert SECRET not in json.dumps([environment, [data for data, _ in properties]])


def test_encrypted_values_are_read_back_in_clear(conf, engine, context):
    _encrypting(conf, True)
    params = {"parameters": {"secret": SECRET, "plain": "visible"}}
    identity, _ = create(engine, context, TEMPLATE, params=params)
    stack = engine.runtime.load_stack(context, identity)
    assert stack.parameters["secret"] == SECRET
    assert stack.resources["a"].properties["value"] == SECRET


def test_without_the_option_values_are_stored_in_clear(conf, engine, context):
    _encrypting(conf, False)
    params = {"parameters": {"secret": SECRET, "plain": "visible"}}
    identity, _ = create(engine, context, TEMPLATE, params=params)
    environment, properties = _stored(identity["stack_id"])
    assert environment["parameters"]["secret"] == SECRET
    assert environment["encrypted_param_names"] == []
    assert not any(encrypted for _, encrypted in properties)
