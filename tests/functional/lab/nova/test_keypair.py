"""OS::Nova::KeyPair against the lab's Nova: imported keys, the microversion rule on generated
keys, replacement under the same name, check, and keys deleted outside heat."""

import uuid

import pytest
from cryptography.hazmat.primitives import serialization
from cryptography.hazmat.primitives.asymmetric import ed25519
from openstack import exceptions as sdk_exceptions

from heat.common import exception
from heat.db import api as db_api
from tests.functional.keystone_engine import keystone_conf, start_engine
from tests.functional.lab_engine import LabStacks


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


@pytest.fixture
def capped_stacks(keystone, tmp_path, admin_context):
    """Stacks of the lab's admin on an engine capped at Nova's microversion 2.91, the last
    where Nova generates key pairs."""
    conf = keystone_conf(keystone, tmp_path, max_nova_api_microversion="2.91")
    engine = start_engine(conf)
    stacks = LabStacks(engine, admin_context)
    yield stacks
    stacks.delete_left()
    engine.stop()
    db_api.get_engine().dispose()


def test_below_2_92_nova_generates_the_key_and_heat_keeps_its_private_half(
    capped_stacks, admin_cloud
):
    name = key_name()
    identity = capped_stacks.create(template(name, save_private_key=True))
    try:
        assert capped_stacks.state(identity)[:2] == ("CREATE", "COMPLETE")
        outputs = capped_stacks.outputs(identity)
        assert outputs["private"].startswith("-----BEGIN")
        assert outputs["public"] == admin_cloud.compute.get_keypair(name).public_key
    finally:
        capped_stacks.delete(identity)


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


def test_a_rollback_after_a_replacement_brings_the_old_key_back(admin_stacks, admin_cloud):
    name, old_key = key_name(), public_key()
    identity = admin_stacks.create(template(name, public_key=old_key), disable_rollback=False)
    try:
        failing = template(name, public_key=public_key())
        failing["resources"]["broken"] = {
            "type": "OS::Heat::TestResource",
            "properties": {"fail": True},
            "depends_on": "key",
        }
        stack = admin_stacks.update(identity, failing)
        assert (stack["stack_action"], stack["stack_status"]) == ("ROLLBACK", "COMPLETE")
        assert admin_cloud.compute.get_keypair(name).public_key == old_key
        assert admin_stacks.resource(identity, "key")["physical_resource_id"] == name
    finally:
        admin_stacks.delete(identity)
    assert admin_cloud.compute.find_keypair(name) is None
