"""Encryption of secrets at rest (credentials, redacted resource data, hidden parameters
and, with ``encrypt_parameters_and_properties``, resource properties).

A value is stored as ``(method, ciphertext)``; the method names the scheme that reads it
back, so that rows written by an older scheme stay readable. The current scheme,
``cryptography_decrypt_v1``, is Fernet keyed by the urlsafe base64 of the 32-byte
``auth_encryption_key`` (a shorter key is repeated, a longer one cut, to 32 bytes).
"""

import base64
import copy
import json
from collections.abc import Callable, Iterable, Mapping
from typing import Any, cast

from cryptography import fernet

from heat.common import environment_format as env_fmt
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


def _is_encrypted_value(value: Any) -> bool:
    return isinstance(value, list) and len(value) == 2 and value[0] in _DECRYPTORS


def encrypted_parameters(
    environment: Mapping[str, Any], names: Iterable[str], key: str
) -> dict[str, Any]:
    """A copy of a stored environment whose ``parameters`` named in ``names`` are encrypted
    (as JSON) and listed in ``encrypted_param_names``."""
    result = copy.deepcopy(dict(environment))
    parameters = result.setdefault(env_fmt.PARAMETERS, {})
    for name in names:
        if name in parameters and not _is_encrypted_value(parameters[name]):
            parameters[name] = list(encrypt(json.dumps(parameters[name]), key))
    result[env_fmt.ENCRYPTED_PARAM_NAMES] = sorted(
        name for name, value in parameters.items() if _is_encrypted_value(value)
    )
    return result


def decrypted_parameters(environment: Mapping[str, Any], key: str) -> dict[str, Any]:
    """Reverse :func:`encrypted_parameters`: the environment with its parameters in clear;
    ``encrypted_param_names`` still says which were stored encrypted."""
    result = copy.deepcopy(dict(environment))
    parameters = result.get(env_fmt.PARAMETERS) or {}
    for name in result.get(env_fmt.ENCRYPTED_PARAM_NAMES) or []:
        value: Any = parameters.get(name)
        if _is_encrypted_value(value):
            parameters[name] = _json_or_text(cast(str, decrypt(value[0], value[1], key)))
    return result


def _json_or_text(plain: str) -> Any:
    # Rows written by OpenStack Heat hold the parameter's text, not its JSON.
    try:
        return json.loads(plain)
    except ValueError:
        return plain
