"""OS::Barbican::Secret and OS::Barbican::Order against the lab's Barbican (simple_crypto):
secrets stored with their payloads, keys and key pairs generated, their references and
payloads as attributes, and nothing left in Barbican after a delete."""

import base64

import pytest

from heat.common import exception


def template(resources: dict, outputs: dict) -> dict:
    return {
        "heat_template_version": "2021-04-16",
        "resources": resources,
        "outputs": {name: {"value": value} for name, value in outputs.items()},
    }


def secret_id(ref: str) -> str:
    return ref.rsplit("/", 1)[-1]


def gone(cloud, collection: str, ref: str) -> bool:
    """Whether Barbican answers 404 for the item (openstacksdk's secret fetch does not
    raise on one)."""
    path = "/%s/%s" % (collection, secret_id(ref))
    return cloud.key_manager.get(path, raise_exc=False).status_code == 404


def test_a_secret_keeps_its_payload_and_is_deleted_with_the_stack(demo_stacks, demo_cloud):
    secret = {
        "type": "OS::Barbican::Secret",
        "properties": {
            "name": "db-password",
            "payload": "s3cret",
            "payload_content_type": "text/plain",
            "secret_type": "passphrase",
        },
    }
    outputs = {
        "ref": {"get_resource": "secret"},
        "payload": {"get_attr": ["secret", "decrypted_payload"]},
        "status": {"get_attr": ["secret", "status"]},
        "show": {"get_attr": ["secret", "show"]},
    }
    identity = demo_stacks.create(template({"secret": secret}, outputs))
    assert demo_stacks.state(identity)[:2] == ("CREATE", "COMPLETE")
    found = demo_stacks.outputs(identity)
    assert found["ref"].startswith(demo_cloud.key_manager.get_endpoint().rstrip("/"))
    assert (found["payload"], found["status"]) == ("s3cret", "ACTIVE")
    assert (found["show"]["name"], found["show"]["secret_type"]) == ("db-password", "passphrase")
    stored = demo_cloud.key_manager.get_secret(secret_id(found["ref"]))
    assert stored.name == "db-password"
    demo_stacks.delete(identity)
    assert gone(demo_cloud, "secrets", found["ref"])


def test_a_binary_secret_is_given_base64_and_read_back(demo_stacks, demo_cloud):
    raw = bytes(range(0, 250, 7))
    secret = {
        "type": "OS::Barbican::Secret",
        "properties": {
            "payload": base64.b64encode(raw).decode(),
            "payload_content_type": "application/octet-stream",
            "payload_content_encoding": "base64",
            "secret_type": "symmetric",
            "algorithm": "aes",
            "bit_length": 256,
        },
    }
    identity = demo_stacks.create(template({"secret": secret}, {"ref": {"get_resource": "secret"}}))
    assert demo_stacks.state(identity)[:2] == ("CREATE", "COMPLETE")
    ref = demo_stacks.outputs(identity)["ref"]
    answer = demo_cloud.key_manager.get(
        "/secrets/%s/payload" % secret_id(ref), headers={"Accept": "application/octet-stream"}
    )
    assert answer.content == raw


def test_orders_generate_a_key_and_a_key_pair(demo_stacks, demo_cloud):
    resources = {
        "key": {
            "type": "OS::Barbican::Order",
            "properties": {"type": "key", "algorithm": "aes", "bit_length": 256, "name": "k"},
        },
        "pair": {
            "type": "OS::Barbican::Order",
            "properties": {"type": "asymmetric", "algorithm": "rsa", "bit_length": 2048},
        },
    }
    outputs = {
        "key_status": {"get_attr": ["key", "status"]},
        "key_secret": {"get_attr": ["key", "secret_ref"]},
        "key_order": {"get_attr": ["key", "order_ref"]},
        "pair_container": {"get_attr": ["pair", "container_ref"]},
        "public_key": {"get_attr": ["pair", "public_key"]},
        "private_key": {"get_attr": ["pair", "private_key"]},
    }
    identity = demo_stacks.create(template(resources, outputs))
    assert demo_stacks.state(identity)[:2] == ("CREATE", "COMPLETE")
    found = demo_stacks.outputs(identity)
    assert found["key_status"] == "ACTIVE"
    assert demo_stacks.resource(identity, "key")["physical_resource_id"] == found["key_order"]
    key = demo_cloud.key_manager.get_secret(secret_id(found["key_secret"]))
    assert (key.algorithm, key.bit_length) == ("aes", 256)
    assert found["public_key"].startswith("-----BEGIN PUBLIC KEY-----")
    assert "PRIVATE KEY-----" in found["private_key"]
    container = demo_cloud.key_manager.get_container(secret_id(found["pair_container"]))
    assert {entry["name"] for entry in container.secret_refs} == {"public_key", "private_key"}
    demo_stacks.delete(identity)
    assert gone(demo_cloud, "orders", found["key_order"])


def test_an_order_barbican_refuses_fails_the_resource(demo_stacks):
    order = {
        "type": "OS::Barbican::Order",
        "properties": {"type": "key", "algorithm": "no-such-algorithm", "bit_length": 256},
    }
    identity = demo_stacks.create(template({"order": order}, {}))
    action, status, reason = demo_stacks.state(identity)
    assert (action, status) == ("CREATE", "FAILED")
    assert "resources.order" in reason


def test_a_reference_to_no_secret_is_refused_before_anything_is_made(demo_stacks):
    missing = "http://127.0.0.1:1/v1/secrets/5f5a2e56-0000-4000-8000-000000000000"
    container = {
        "type": "OS::Barbican::GenericContainer",
        "properties": {"secrets": [{"name": "x", "ref": missing}]},
    }
    with pytest.raises(
        exception.StackValidationFailed, match=r"The Secret \(.*\) could not be found"
    ):
        demo_stacks.create(template({"container": container}, {}))
