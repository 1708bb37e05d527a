"""OS::Heat::RandomString: a random string honouring class and sequence minimums."""

import string
from collections import Counter

import pytest
import sqlalchemy as sa

from heat.common import exception
from heat.db import api as db_api
from heat.db.sqlalchemy import models
from heat.engine.resources.openstack.heat import random_string as plugin

DIGITS = set(string.digits)
ALPHANUMERIC = set(string.ascii_letters + string.digits)


def resource(**properties):
    return {"secret": {"type": "OS::Heat::RandomString", "properties": properties}}


def created_value(engine, **properties):
    return engine.create(resource(**properties))["secret"].FnGetAtt("value")


def test_the_type_is_mapped_to_the_class():
    assert plugin.resource_mapping() == {"OS::Heat::RandomString": plugin.RandomString}


def test_the_default_is_32_letters_and_digits(engine):
    value = created_value(engine)
    assert len(value) == 32
    assert set(value) <= ALPHANUMERIC


def test_the_reference_id_is_the_value(engine):
    secret = engine.create(resource(length=12))["secret"]
    assert secret.FnGetRefId() == secret.FnGetAtt("value")


def test_the_reference_id_before_create_is_the_name(engine):
    assert engine.stack(resource())["secret"].FnGetRefId() == "secret"


def test_the_value_survives_a_reload(engine):
    stack = engine.create(resource())
    assert engine.reload(stack)["secret"].FnGetAtt("value") == stack["secret"].FnGetAtt("value")


def test_the_value_is_stored_encrypted(engine):
    secret = engine.create(resource())["secret"]
    query = sa.select(models.ResourceData.redact, models.ResourceData.value).where(
        models.ResourceData.resource_id == secret.id
    )
    with db_api.get_engine().connect() as connection:
        redact, stored = connection.execute(query).one()
    assert redact
    assert stored != secret.FnGetAtt("value")


def test_class_minimums_are_met(engine):
    classes = [{"class": "digits", "min": 4}, {"class": "lowercase", "min": 4}]
    value = created_value(engine, length=8, character_classes=classes)
    assert len([char for char in value if char in DIGITS]) == 4
    assert len([char for char in value if char in string.ascii_lowercase]) == 4


def test_sequences_add_to_the_default_class(engine):
    value = created_value(engine, length=4, character_sequences=[{"sequence": "!", "min": 3}])
    counts = Counter(value)
    assert counts["!"] == 3
    assert len([char for char in value if char in ALPHANUMERIC]) == 1


def test_the_deprecated_sequence_replaces_the_default_class(engine):
    value = created_value(engine, length=64, sequence="digits")
    assert set(value) <= DIGITS


def test_the_deprecated_sequence_adds_to_given_classes(engine):
    classes = [{"class": "lowercase", "min": 10}]
    value = created_value(engine, length=20, sequence="digits", character_classes=classes)
    assert set(value) <= DIGITS | set(string.ascii_lowercase)
    assert any(char in DIGITS for char in value)


def test_a_length_below_the_minimums_fails_validation(engine):
    classes = [{"class": "digits", "min": 3}]
    stack = engine.stack(resource(length=2, character_classes=classes))
    with pytest.raises(exception.StackValidationFailed) as raised:
        stack.validate()
    assert str(raised.value) == (
        "Length property cannot be smaller than combined character class and character "
        "sequence minimums"
    )


def test_a_length_above_512_fails_validation(engine):
    with pytest.raises(exception.StackValidationFailed, match="length"):
        engine.stack(resource(length=513)).validate()


def test_a_new_salt_replaces_the_value(engine):
    stack = engine.create(resource(salt="one"))
    updated = engine.update(stack, resource(salt="two"))
    assert updated["secret"].FnGetAtt("value") != stack["secret"].FnGetAtt("value")


def test_generate_fills_the_length_from_all_pools():
    value = plugin.generate(50, [("a", 1), ("b", 1)])
    assert len(value) == 50
    assert set(value) == {"a", "b"}


def test_generate_takes_each_minimum():
    value = plugin.generate(6, [("x", 5), ("yz", 1)])
    assert Counter(value)["x"] >= 5
