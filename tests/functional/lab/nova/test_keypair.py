"""OS::Nova::KeyPair against the lab's Nova: imported keys, the microversion rule on generated
keys, replacement under the same name, check, and keys deleted outside heat."""

import uuid

import pytest
from cryptography.hazmat.primitives import serialization
from cryptography.hazmat.primitives.asymmetric import ed25519
from openstack import exceptions as sdk_exceptions

from heat.common import exception


def public_key() -> str:
    key = ed25519.Ed25519PrivateKey.generate().public_key()
    return key.public_bytes(
        serialization.Encoding.OpenSSH, serialization.PublicFormat.OpenSSH
    ).decode()


def template(name: str, **properties) -> dict:
    return {
        "heat_template_version": "2021-04-16",
        "resources": {
            "key": {"type": "OS::Nova::KeyPair", "properties": dict(name=name, **properties)}
        },
        "outputs": {
            "public": {"value": {"get_attr": ["key", "public_key"]}},
            "private": {"value": {"get_attr": ["key", "private_key"]}},
            "ref": {"value": {"get_resource": "key"}},
        },
    }


def key_name() -> str:
    return "heat-key-%s" % uuid.uuid4().hex[:8]


def test_an_imported_key_is_in_nova(admin_stacks, admin_cloud):
    name, key = key_name(), public_key()
    identity = admin_stacks.create(template(name, public_key=key))
    try:
        assert admin_stacks.state(identity)[:2] == ("CREATE", "COMPLETE")
        assert admin_cloud.compute.get_keypair(name).public_key == key
        assert admin_stacks.outputs(identity) == {"public": key, "private": "", "ref": name}
    finally:
        admin_stacks.delete(identity)
    assert admin_cloud.compute.find_keypair(name) is None


def test_a_generated_key_needs_an_older_microversion(admin_stacks):
    with pytest.raises(exception.StackValidationFailed, match="public_key property is required"):
        admin_stacks.create(template(key_name(), save_private_key=True))


def test_a_new_public_key_replaces_the_key_under_the_same_name(admin_stacks, admin_cloud):
    name, new_key = key_name(), public_key()
    identity = admin_stacks.create(template(name, public_key=public_key()))
    try:
        stack = admin_stacks.update(identity, template(name, public_key=new_key))
        assert (stack["stack_action"], stack["stack_status"]) == ("UPDATE", "COMPLETE")
        assert admin_cloud.compute.get_keypair(name).public_key == new_key
    finally:
        admin_stacks.delete(identity)


def test_check_fails_and_delete_succeeds_once_the_key_is_gone(admin_stacks, admin_cloud):
    name = key_name()
    identity = admin_stacks.create(template(name, public_key=public_key()))
    admin_cloud.compute.delete_keypair(name)
    stack = admin_stacks.check(identity)
    assert (stack["stack_action"], stack["stack_status"]) == ("CHECK", "FAILED")
    admin_stacks.delete(identity)
    assert admin_stacks.state(identity)[:2] == ("DELETE", "COMPLETE")


def test_an_admin_makes_a_key_for_another_user(admin_stacks, admin_cloud, lab_demo):
    name = key_name()
    identity = admin_stacks.create(template(name, public_key=public_key(), user=lab_demo.user_id))
    try:
        assert admin_stacks.state(identity)[:2] == ("CREATE", "COMPLETE")
        owned = admin_cloud.compute.get_keypair(name, user_id=lab_demo.user_id)
        assert owned.user_id == lab_demo.user_id
    finally:
        admin_stacks.delete(identity)
    with pytest.raises(sdk_exceptions.NotFoundException):
        admin_cloud.compute.get_keypair(name, user_id=lab_demo.user_id)
