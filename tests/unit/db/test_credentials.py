"""User credentials and raw templates through heat.db.api."""

import pytest

from heat.common import exception
from heat.common.context import RequestContext
from heat.db import api as db_api
from heat.db.sqlalchemy import models
from tests.unit.db import rows


def test_password_is_stored_encrypted(user_context):
    creds = db_api.user_creds_create(user_context)
    stored = rows.get(models.UserCreds, creds["id"])
    assert stored.password != "s3cret"
    assert stored.decrypt_method == "cryptography_decrypt_v1"


def test_get_returns_the_password_decrypted(user_context):
    creds = db_api.user_creds_create(user_context)
    fetched = db_api.user_creds_get(user_context, creds["id"])
    assert fetched["password"] == "s3cret"
    assert fetched["username"] == "alice"
    assert "decrypt_method" not in fetched


def test_create_returns_the_secret_in_clear(user_context):
    assert db_api.user_creds_create(user_context)["password"] == "s3cret"


def test_trust_replaces_the_password(database):
    context = RequestContext(
        project_id="p", password="pw", trust_id="trust-1", trustor_user_id="trustor"
    )
    creds = db_api.user_creds_create(context)
    stored = rows.get(models.UserCreds, creds["id"])
    assert stored.password is None and stored.trust_id != "trust-1"
    fetched = db_api.user_creds_get(context, creds["id"])
    assert (fetched["trust_id"], fetched["trustor_user_id"]) == ("trust-1", "trustor")


def test_another_key_cannot_read_the_password(user_context, conf):
    creds = db_api.user_creds_create(user_context)
    conf.set_override("auth_encryption_key", "another key, thirty-two bytes ok")
    db_api.configure(conf)
    with pytest.raises(exception.InvalidEncryptionKey):
        db_api.user_creds_get(user_context, creds["id"])


def test_get_unknown_credentials_returns_none(user_context):
    assert db_api.user_creds_get(user_context, 404) is None


def test_delete_removes_the_credentials(user_context):
    creds = db_api.user_creds_create(user_context)
    db_api.user_creds_delete(user_context, creds["id"])
    assert db_api.user_creds_get(user_context, creds["id"]) is None


def test_delete_unknown_credentials_raises_not_found(user_context):
    with pytest.raises(exception.NotFound):
        db_api.user_creds_delete(user_context, 404)


def test_raw_template_round_trips(user_context):
    created = db_api.raw_template_create(
        user_context, {"template": {"a": 1}, "environment": {"parameters": {}}, "files": {}}
    )
    fetched = db_api.raw_template_get(user_context, created.id)
    assert (fetched.template, fetched.environment) == ({"a": 1}, {"parameters": {}})


def test_unknown_raw_template_raises_not_found(user_context):
    with pytest.raises(exception.NotFound):
        db_api.raw_template_get(user_context, 404)
