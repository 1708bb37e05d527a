"""Software configs: stored scripts or data with their declared inputs and outputs.

A config is immutable: it is created and deleted, never updated. Its ``config`` column
keeps ``{config, inputs, outputs, options}``; the API shows them as fields of their own.
"""

from typing import Any

from heat.common import exception
from heat.common.i18n import _
from heat.db import api as db_api
from heat.engine import api_format, software_config_io
from heat.rpc import api as rpc_api


def format_config(
    config: Any, detail: bool = True, include_project: bool = False
) -> dict[str, Any]:
    """A config as the API shows it: in full, or the short form of listings."""
    shown = {
        rpc_api.SOFTWARE_CONFIG_ID: config.id,
        rpc_api.SOFTWARE_CONFIG_NAME: config.name,
        rpc_api.SOFTWARE_CONFIG_GROUP: config.group,
        rpc_api.SOFTWARE_CONFIG_CREATION_TIME: api_format.time(config.created_at),
    }
    if detail:
        body = config.config or {}
        for key in (
            rpc_api.SOFTWARE_CONFIG_CONFIG,
            rpc_api.SOFTWARE_CONFIG_INPUTS,
            rpc_api.SOFTWARE_CONFIG_OUTPUTS,
            rpc_api.SOFTWARE_CONFIG_OPTIONS,
        ):
            shown[key] = body.get(key)
    if include_project:
        shown[rpc_api.SOFTWARE_CONFIG_PROJECT] = config.tenant
    return shown


def checked_text(field: str, value: Any, max_length: int | None = 255) -> Any:
    """``value`` (None or a string fit for a database column); Invalid naming ``field``
    otherwise, so that no caller's value reaches the database unchecked."""
    if value is None:
        return None
    if not isinstance(value, str) or "\x00" in value:
        raise exception.Invalid(reason=_('"%s" must be a string without NUL characters') % field)
    if max_length is not None and len(value) > max_length:
        raise exception.Invalid(
            reason=_('"%(field)s" should be no more than %(length)d characters')
            % {"field": field, "length": max_length}
        )
    return value


def checked_object(field: str, value: Any) -> Any:
    """``value`` when None or a JSON object; Invalid naming ``field`` otherwise."""
    if value is not None and not isinstance(value, dict):
        raise exception.Invalid(reason=_('"%s" must be a map') % field)
    return value


def show(context: Any, config_id: str) -> dict[str, Any]:
    """One config in full (NotFound for another project's)."""
    return format_config(db_api.software_config_get(context, config_id))


def list_configs(context: Any, limit: int | None, marker: str | None) -> list[dict[str, Any]]:
    """A page of the configs the caller sees; an admin sees every project's, with it."""
    configs = db_api.software_config_get_all(context, limit=limit, marker=marker)
    return [
        format_config(config, detail=False, include_project=context.is_admin) for config in configs
    ]


def create(
    context: Any,
    group: str | None,
    name: str | None,
    config: Any,
    inputs: Any,
    outputs: Any,
    options: Any,
) -> dict[str, Any]:
    """Store a config of the caller's project; Invalid for invalid fields, inputs or
    outputs."""
    body = {
        rpc_api.SOFTWARE_CONFIG_INPUTS: software_config_io.inputs(inputs),
        rpc_api.SOFTWARE_CONFIG_OUTPUTS: software_config_io.outputs(outputs),
        rpc_api.SOFTWARE_CONFIG_OPTIONS: checked_object("options", options),
        rpc_api.SOFTWARE_CONFIG_CONFIG: config,
    }
    values = {
        "group": checked_text("group", group),
        "name": checked_text("name", name),
        "config": body,
        "tenant": context.project_id,
    }
    return format_config(db_api.software_config_create(context, values))


def delete(context: Any, config_id: str) -> None:
    """Delete a config no deployment uses (InvalidRestrictedAction otherwise)."""
    db_api.software_config_delete(context, config_id)
