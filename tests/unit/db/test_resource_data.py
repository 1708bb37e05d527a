"""Resource data (per-resource key/values, redacted ones encrypted), on every backend."""

import pytest
from sqlalchemy import orm

from heat.common import exception
from heat.db import api as db_api
from heat.db.sqlalchemy import models
from tests.unit.db import rows


@pytest.fixture
def conf(conf, database_url):
    conf.set_override("connection", database_url, group="database")
    return conf


@pytest.fixture
def resource(user_context):
    stack = rows.make_stack(user_context)
    return db_api.resource_create(user_context, {"name": "server", "stack_id": stack.id})


def _stored(resource_id, key):
    """The row as stored, bypassing decryption."""
    with orm.Session(db_api.get_engine()) as session:
        return session.query(models.ResourceData).filter_by(resource_id=resource_id, key=key).one()


def test_set_then_get(user_context, resource):
    db_api.resource_data_set(user_context, resource.id, "name", "web-1")
    assert db_api.resource_data_get(user_context, resource.id, "name") == "web-1"


def test_set_again_replaces_the_value(user_context, resource):
    db_api.resource_data_set(user_context, resource.id, "name", "web-1")
    db_api.resource_data_set(user_context, resource.id, "name", "web-2")
    assert db_api.resource_data_get_all(user_context, resource.id) == {"name": "web-2"}
    assert rows.count(models.ResourceData, resource_id=resource.id) == 1


def test_redacted_value_is_stored_encrypted(user_context, resource):
    db_api.resource_data_set(user_context, resource.id, "password", "s3cret", redact=True)
    stored = _stored(resource.id, "password")
    assert stored.redact is True and stored.decrypt_method is not None
    assert stored.value != "s3cret"


def test_redacted_value_reads_back_in_clear(user_context, resource):
    db_api.resource_data_set(user_context, resource.id, "password", "s3cret", redact=True)
    assert db_api.resource_data_get(user_context, resource.id, "password") == "s3cret"


def test_unredacting_a_key_stores_it_in_clear(user_context, resource):
    db_api.resource_data_set(user_context, resource.id, "token", "t", redact=True)
    db_api.resource_data_set(user_context, resource.id, "token", "t")
    stored = _stored(resource.id, "token")
    assert (stored.value, stored.redact, stored.decrypt_method) == ("t", False, None)


def test_get_all_decrypts_every_value(user_context, resource):
    db_api.resource_data_set(user_context, resource.id, "password", "s3cret", redact=True)
    db_api.resource_data_set(user_context, resource.id, "name", "web-1")
    assert db_api.resource_data_get_all(user_context, resource.id) == {
        "password": "s3cret",
        "name": "web-1",
    }


def test_get_all_of_a_resource_without_data_is_empty(user_context, resource):
    assert db_api.resource_data_get_all(user_context, resource.id) == {}


def test_get_of_a_missing_key_raises_not_found(user_context, resource):
    with pytest.raises(exception.NotFound, match="No resource data found"):
        db_api.resource_data_get(user_context, resource.id, "missing")


def test_delete_removes_the_key(user_context, resource):
    db_api.resource_data_set(user_context, resource.id, "name", "web-1")
    db_api.resource_data_delete(user_context, resource.id, "name")
    assert db_api.resource_data_get_all(user_context, resource.id) == {}


def test_delete_of_a_missing_key_raises_not_found(user_context, resource):
    with pytest.raises(exception.NotFound):
        db_api.resource_data_delete(user_context, resource.id, "missing")


def test_data_of_one_resource_is_not_seen_by_another(user_context, resource):
    other = db_api.resource_create(user_context, {"name": "db", "stack_id": resource.stack_id})
    db_api.resource_data_set(user_context, resource.id, "name", "web-1")
    assert db_api.resource_data_get_all(user_context, other.id) == {}
