"""``heat-manage update_params encrypt|decrypt``: bring the rows stored before
``encrypt_parameters_and_properties`` changed in line with it.

Hidden parameters (HOT ``hidden: true``, CFN ``NoEcho: "true"``) of every stored
environment and all resolved resource properties are encrypted, or decrypted, with the
key given or else ``auth_encryption_key``. The engines must be stopped meanwhile.
"""

from collections.abc import Mapping
from typing import Any

from heat.common import crypt
from heat.common import environment_format as env_fmt
from heat.common.context import get_admin_context
from heat.common.i18n import _
from heat.db import api as db_api
from heat.db.sqlalchemy import crypt_migration


def hidden_parameter_names(template: Mapping[str, Any]) -> list[str]:
    """The names of the parameters the template declares hidden."""
    declared = template.get("parameters") or template.get("Parameters") or {}
    names = []
    for name, schema in declared.items() if isinstance(declared, Mapping) else ():
        if not isinstance(schema, Mapping):
            continue
        if schema.get("hidden") is True or str(schema.get("NoEcho", "")).lower() == "true":
            names.append(name)
    return names


def _encrypt_environment(template: Mapping, environment: Mapping, key: str) -> Any:
    names = hidden_parameter_names(template)
    converted = crypt.encrypted_parameters(environment, names, key)
    return None if converted == environment else converted


def _decrypt_environment(template: Mapping, environment: Mapping, key: str) -> Any:
    if not environment.get(env_fmt.ENCRYPTED_PARAM_NAMES):
        return None
    converted = crypt.decrypted_parameters(environment, key)
    converted[env_fmt.ENCRYPTED_PARAM_NAMES] = []
    return converted


def _update_params(command: Any) -> None:
    encrypt = command.crypt_operation == "encrypt"
    key = command.previous_encryption_key or db_api.encryption_key()
    context = get_admin_context()
    convert = _encrypt_environment if encrypt else _decrypt_environment
    verbose = command.verbose_update_params
    errors = crypt_migration.convert_environments(context, convert, key, verbose=verbose)
    errors += crypt_migration.convert_properties_data(context, key, encrypt, verbose=verbose)
    if errors:
        raise RuntimeError(_("%d rows could not be converted, see the log") % len(errors))


def add_parser(subparsers: Any) -> None:
    """Add the ``update_params`` sub-command."""
    parser = subparsers.add_parser(
        "update_params", help=_("Encrypt or decrypt hidden parameters and resource properties.")
    )
    parser.add_argument(
        "crypt_operation",
        choices=["encrypt", "decrypt"],
        help=_(
            "Valid values are encrypt or decrypt. The heat-engine processes must be "
            "stopped to use this."
        ),
    )
    parser.add_argument(
        "previous_encryption_key",
        nargs="?",
        default=None,
        help=_("Provide old encryption key. New encryption key would be used from config file."),
    )
    parser.add_argument(
        "--verbose-update-params",
        action="store_true",
        help=_(
            "Print an INFO message when processing of each raw_template or resource begins or ends"
        ),
    )
    parser.set_defaults(func=_update_params)
