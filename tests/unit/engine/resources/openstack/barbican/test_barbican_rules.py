"""The rules of the Barbican types that need no Barbican: the properties each secret and
order takes, with upstream's messages, and the request bodies each type sends.
(Against the lab's Barbican: tests/functional/lab/barbican.)"""

import pytest

from heat.common import exception
from tests.unit.engine.resources.openstack.conftest import offline_resource


def resource(service_engine, type_name, **properties):
    return offline_resource(service_engine, type_name, **properties)


def refused(service_engine, type_name, **properties) -> str:
    with pytest.raises(exception.HeatException) as raised:
        resource(service_engine, type_name, **properties).validate()
    return str(raised.value)


@pytest.mark.parametrize(
    ("properties", "message"),
    [
        (
            {"payload_content_type": "text/plain"},
            "payload_content_type cannot be specified without payload.",
        ),
        (
            {"payload": "x", "payload_content_type": "application/octet-stream"},
            "Property unspecified. For 'application/octet-stream' value of "
            "'payload_content_type' property, 'payload_content_encoding' property must be "
            "specified.",
        ),
        (
            {
                "payload": "not base64",
                "payload_content_type": "application/octet-stream",
                "payload_content_encoding": "base64",
            },
            "Invalid payload for specified 'base64' value of 'payload_content_encoding' property.",
        ),
        (
            {"payload": "x", "payload_content_encoding": "base64"},
            "payload_content_encoding property should only be specified for "
            "payload_content_type with value application/octet-stream.",
        ),
    ],
)
def test_a_secret_refuses_a_payload_it_cannot_store(service_engine, properties, message):
    assert message in refused(service_engine, "OS::Barbican::Secret", **properties)


def test_a_binary_secret_with_its_base64_payload_is_valid(service_engine):
    secret = resource(
        service_engine,
        "OS::Barbican::Secret",
        payload="aGVsbG8=",
        payload_content_type="application/octet-stream",
        payload_content_encoding="base64",
    )
    secret.validate()


@pytest.mark.parametrize(
    ("properties", "message"),
    [
        (
            {"type": "key", "algorithm": "aes"},
            "Properties algorithm and bit_length are required for key type of order.",
        ),
        (
            {"type": "certificate", "profile": "p"},
            "profile cannot be specified without ca_id.",
        ),
        (
            {"type": "key", "algorithm": "aes", "bit_length": 256, "pass_phrase": "x"},
            "Unexpected properties: pass_phrase. Only these properties are allowed for key "
            "type of order: algorithm, bit_length, expiration, mode, name, "
            "payload_content_type.",
        ),
    ],
)
def test_an_order_takes_only_the_properties_of_its_type(service_engine, properties, message):
    assert message in refused(service_engine, "OS::Barbican::Order", **properties)


def test_a_generic_container_refuses_a_secret_twice(service_engine):
    secrets = [{"name": "a", "ref": "http://kms/v1/secrets/1"}] * 2
    message = refused(service_engine, "OS::Barbican::GenericContainer", secrets=secrets)
    assert "Duplicate refs are not allowed." in message


def test_a_typed_container_names_its_secrets_after_its_properties(service_engine):
    container = resource(
        service_engine,
        "OS::Barbican::RSAContainer",
        private_key_ref="http://kms/v1/secrets/private",
        public_key_ref="http://kms/v1/secrets/public",
    )
    assert container.secrets() == {
        "private_key": "http://kms/v1/secrets/private",
        "public_key": "http://kms/v1/secrets/public",
    }
