"""AWS::IAM::AccessKey against the real Keystone: an EC2 credential of the stack's user, made
through its User resource, its secret kept redacted, gone on delete."""

import json

import pytest
import sqlalchemy as sa
from keystoneauth1 import exceptions as ks_exceptions

from heat.common import exception
from heat.db import api as db_api
from heat.db.sqlalchemy import models
from heat.engine import stack_access

KEY_TEMPLATE = {
    "HeatTemplateFormatVersion": "2012-12-12",
    "Resources": {
        "user": {"Type": "AWS::IAM::User"},
        "key": {"Type": "AWS::IAM::AccessKey", "Properties": {"UserName": {"Ref": "user"}}},
    },
    "Outputs": {
        "access": {"Value": {"Ref": "key"}},
        "secret": {"Value": {"Fn::GetAtt": ["key", "SecretAccessKey"]}},
        "user_name": {"Value": {"Fn::GetAtt": ["key", "UserName"]}},
        "user_ref": {"Value": {"Ref": "user"}},
    },
}


@pytest.fixture
def key_stack(demo_stacks):
    """``(identity, keystone user id, outputs)`` of a created stack with a user and its key."""
    identity = demo_stacks.create(KEY_TEMPLATE)
    assert demo_stacks.state(identity)[:2] == ("CREATE", "COMPLETE")
    user_id = demo_stacks.resource(identity, "user")["physical_resource_id"]
    yield identity, user_id, demo_stacks.outputs(identity)
    demo_stacks.delete(identity)


def _ec2_blobs(identity_admin, user_id) -> list[dict]:
    credentials = identity_admin.credentials.list(user_id=user_id, type="ec2")
    return [json.loads(credential.blob) for credential in credentials]


def test_key_is_an_ec2_credential_of_the_user(identity_admin, key_stack):
    _identity, user_id, outputs = key_stack
    assert [(blob["access"], blob["secret"]) for blob in _ec2_blobs(identity_admin, user_id)] == [
        (outputs["access"], outputs["secret"])
    ]


def test_user_name_attribute_is_the_users_reference(key_stack):
    _identity, _user_id, outputs = key_stack
    assert outputs["user_name"] == outputs["user_ref"]


def test_secret_is_kept_encrypted(keystone_engine, demo_context, key_stack):
    identity, _user_id, outputs = key_stack
    stack = keystone_engine.runtime.load_stack(demo_context, identity)
    data = models.ResourceData
    query = sa.select(data.key, data.redact, data.value).where(
        data.resource_id.in_([stack["key"].id, stack["user"].id])
    )
    with db_api.get_engine().connect() as connection:
        rows = connection.execute(query).all()
    redacted = {key for key, redact, _value in rows if redact}
    assert {"secret_key", "credential_id", "access_key"} <= redacted
    assert outputs["secret"] not in [value for _key, _redact, value in rows]


def test_holder_of_the_key_may_see_what_the_user_may(keystone_engine, demo_context, key_stack):
    identity, user_id, outputs = key_stack
    stack = keystone_engine.runtime.load_stack(demo_context, identity)
    assert stack_access.access_allowed(stack, outputs["access"], "user")
    assert not stack_access.access_allowed(stack, "not-a-key", "user")
    assert not stack_access.access_allowed(stack, user_id, "user")


def test_delete_removes_the_credential_and_the_user(demo_stacks, identity_admin):
    identity = demo_stacks.create(KEY_TEMPLATE)
    user_id = demo_stacks.resource(identity, "user")["physical_resource_id"]
    demo_stacks.delete(identity)
    assert _ec2_blobs(identity_admin, user_id) == []
    with pytest.raises(ks_exceptions.NotFound):
        identity_admin.users.get(user_id)


def test_unimplemented_properties_are_refused(demo_stacks):
    template = {
        "heat_template_version": "2021-04-16",
        "resources": {
            "user": {"type": "AWS::IAM::User"},
            "key": {
                "type": "AWS::IAM::AccessKey",
                "properties": {"UserName": {"get_resource": "user"}, "Serial": 1},
            },
        },
    }
    with pytest.raises(exception.StackValidationFailed) as error:
        demo_stacks.create(template)
    assert str(error.value) == (
        "Property error: resources.key.properties: Property Serial not implemented yet"
    )
