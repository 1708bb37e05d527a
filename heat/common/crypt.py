"""Encryption of secrets at rest (credentials, redacted resource data, hidden parameters).

A value is stored as ``(method, ciphertext)``; the method names the scheme that reads it
back, so that rows written by an older scheme stay readable. The current scheme,
``cryptography_decrypt_v1``, is Fernet keyed by the urlsafe base64 of the 32-byte
``auth_encryption_key`` (a shorter key is repeated, a longer one cut, to 32 bytes).
"""

import base64
import json
from collections.abc import Callable, Mapping
from typing import Any

from cryptography import fernet

from heat.common import exception
from heat.common.i18n import _

CURRENT_METHOD = "cryptography_decrypt_v1"
_KEY_BYTES = 32


def _fernet(key: str) -> fernet.Fernet:
    raw = key.encode("utf-8")
    if not raw:
        raise exception.InvalidEncryptionKey()
    while len(raw) < _KEY_BYTES:
        raw += raw
    return fernet.Fernet(base64.urlsafe_b64encode(raw[:_KEY_BYTES]))


def _cryptography_decrypt_v1(data: str, key: str) -> str:
    try:
        return _fernet(key).decrypt(data.encode("utf-8")).decode("utf-8")
    except fernet.InvalidToken:
        raise exception.InvalidEncryptionKey()


_DECRYPTORS: dict[str, Callable[[str, str], str]] = {
    CURRENT_METHOD: _cryptography_decrypt_v1,
}


def encrypt(value: str | None, key: str) -> tuple[str | None, str | None]:
    """Encrypt ``value`` with ``key`` into ``(method, ciphertext)``; ``(None, None)`` for None."""
    if value is None:
        return None, None
    token = _fernet(key).encrypt(value.encode("utf-8"))
    return CURRENT_METHOD, token.decode("ascii")


def decrypt(method: str | None, data: str | None, key: str) -> str | None:
    """Read back what :func:`encrypt` returned; None when there is nothing stored.

    Raises InvalidEncryptionKey when ``key`` is not the one the data was encrypted with.
    """
    if method is None or data is None:
        return None
    try:
        decryptor = _DECRYPTORS[method]
    except KeyError:
        raise exception.Invalid(reason=_("unknown encryption method %s") % method)
    return decryptor(data, key)


def encrypted_dict(data: Mapping[str, Any] | None, key: str) -> dict[str, list]:
    """Encrypt each value of ``data`` (as JSON) into a ``[method, ciphertext]`` pair."""
    return {name: list(encrypt(json.dumps(value), key)) for name, value in (data or {}).items()}


def decrypted_dict(data: Mapping[str, Any] | None, key: str) -> dict[str, Any]:
    """Reverse :func:`encrypted_dict`: the original JSON values by name."""
    result = {}
    for name, (method, ciphertext) in (data or {}).items():
        plain = decrypt(method, ciphertext, key)
        result[name] = None if plain is None else json.loads(plain)
    return result
