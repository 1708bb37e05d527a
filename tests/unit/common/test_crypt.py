"""Encryption of secrets at rest."""

import base64

import pytest
from cryptography import fernet

from heat.common import crypt, exception

KEY = "notgood but just long enough i t"


def test_encrypt_names_the_current_method():
    method, ciphertext = crypt.encrypt("secret", KEY)
    assert method == "cryptography_decrypt_v1"
    assert ciphertext != "secret"


def test_decrypt_reverses_encrypt():
    assert crypt.decrypt(*crypt.encrypt("pässword", KEY), KEY) == "pässword"


def test_ciphertext_is_fernet_keyed_by_the_base64_of_the_key():
    _, ciphertext = crypt.encrypt("secret", KEY)
    reader = fernet.Fernet(base64.urlsafe_b64encode(KEY.encode()))
    assert reader.decrypt(ciphertext.encode()) == b"secret"


def test_short_key_is_repeated_to_32_bytes():
    _, ciphertext = crypt.encrypt("secret", "0123456789abcdefXYZ")
    full_key = ("0123456789abcdefXYZ" * 2)[:32]
    reader = fernet.Fernet(base64.urlsafe_b64encode(full_key.encode()))
    assert reader.decrypt(ciphertext.encode()) == b"secret"


def test_long_key_is_cut_to_32_bytes():
    method, ciphertext = crypt.encrypt("secret", KEY + "-and-more")
    assert crypt.decrypt(method, ciphertext, KEY) == "secret"


def test_wrong_key_raises_invalid_encryption_key():
    method, ciphertext = crypt.encrypt("secret", KEY)
    with pytest.raises(exception.InvalidEncryptionKey):
        crypt.decrypt(method, ciphertext, "another key of thirty-two chars!")


def test_none_encrypts_to_nothing():
    assert crypt.encrypt(None, KEY) == (None, None)


def test_nothing_decrypts_to_none():
    assert crypt.decrypt(None, None, KEY) is None


def test_unknown_method_is_invalid():
    with pytest.raises(exception.Invalid):
        crypt.decrypt("rot13", "frperg", KEY)


def test_encrypted_dict_round_trips_json_values():
    values = {"password": "x", "port": 22, "opts": {"a": [1]}}
    encrypted = crypt.encrypted_dict(values, KEY)
    assert encrypted["port"][0] == "cryptography_decrypt_v1"
    assert crypt.decrypted_dict(encrypted, KEY) == values
