"""Software deployments: a config applied to a server, and what the server reported back.

A server learns its deployments from its resource's metadata (``deployments``, the
configs of its deployments sorted by name), which every create, config change and delete
of a deployment rewrites with a compare-and-swap. The server's agent signals the outcome
(``deploy_stdout``, ``deploy_stderr``, ``deploy_status_code`` and the declared outputs):
a non-zero status code or a value of an ``error_output`` fails the deployment.
"""

import time
import uuid
from typing import Any

from oslo_utils import timeutils

from heat.common import exception
from heat.common.i18n import _
from heat.db import api as db_api
from heat.engine import api_format, polled_metadata, queued_metadata
from heat.engine import resource_states as states
from heat.engine.clients import clients_for
from heat.engine.software_configs import checked_object, checked_text, format_config
from heat.rpc import api as rpc_api

STANDARD_OUTPUTS = (STDOUT, STDERR, STATUS_CODE) = (
    "deploy_stdout",
    "deploy_stderr",
    "deploy_status_code",
)
_CHECK_INTERVAL = 0.5


def format_deployment(deployment: Any) -> dict[str, Any]:
    """A deployment as the API shows it."""
    shown = {
        rpc_api.SOFTWARE_DEPLOYMENT_ID: deployment.id,
        rpc_api.SOFTWARE_DEPLOYMENT_SERVER_ID: deployment.server_id,
        rpc_api.SOFTWARE_DEPLOYMENT_INPUT_VALUES: deployment.input_values,
        rpc_api.SOFTWARE_DEPLOYMENT_OUTPUT_VALUES: deployment.output_values,
        rpc_api.SOFTWARE_DEPLOYMENT_ACTION: deployment.action,
        rpc_api.SOFTWARE_DEPLOYMENT_STATUS: deployment.status,
        rpc_api.SOFTWARE_DEPLOYMENT_STATUS_REASON: deployment.status_reason,
        rpc_api.SOFTWARE_DEPLOYMENT_CONFIG_ID: deployment.config_id,
        rpc_api.SOFTWARE_DEPLOYMENT_CREATION_TIME: api_format.time(deployment.created_at),
    }
    if deployment.updated_at:
        shown[rpc_api.SOFTWARE_DEPLOYMENT_UPDATED_TIME] = api_format.time(deployment.updated_at)
    return shown


def list_deployments(context: Any, server_id: str | None) -> list[dict[str, Any]]:
    """The deployments the caller sees, of one server when ``server_id`` is given."""
    return [format_deployment(d) for d in db_api.software_deployment_get_all(context, server_id)]


def metadata(context: Any, server_id: str | None) -> list[dict[str, Any]]:
    """The configs of a server's deployments, sorted by config name."""
    if not server_id:
        raise ValueError(_("server_id must be specified"))
    deployments = db_api.software_deployment_get_all(context, server_id)
    configs = sorted((d.config for d in deployments), key=lambda config: config.name or "")
    return [format_config(config) for config in configs]


def show(context: Any, deployment_id: str) -> dict[str, Any]:
    """One deployment."""
    return format_deployment(db_api.software_deployment_get(context, deployment_id))


def check(context: Any, deployment_id: str, timeout: float | None) -> dict[str, Any]:
    """The deployment once it is no longer IN_PROGRESS, or as it is after ``timeout``
    seconds."""
    deadline = time.monotonic() + (timeout or 0)
    deployment = db_api.software_deployment_get(context, deployment_id)
    while deployment.status == states.IN_PROGRESS and time.monotonic() < deadline:
        time.sleep(_CHECK_INTERVAL)
        deployment = db_api.software_deployment_get(context, deployment_id)
    return format_deployment(deployment)


def create(
    context: Any,
    server_id: str,
    config_id: str,
    input_values: Any,
    action: str | None,
    status: str | None,
    status_reason: Any,
    stack_user_project_id: str | None,
    deployment_id: str | None = None,
    conf: Any = None,
) -> dict[str, Any]:
    """Store a deployment of a config (of the caller's project) to a server; Invalid for
    a field of the wrong type or length. ``conf``: the engine's options, with which a
    ZAQAR_MESSAGE server's queue is posted to (see :func:`_publish`)."""
    values = {
        "id": checked_text("id", deployment_id, 36) or str(uuid.uuid4()),
        "config_id": checked_text("config_id", config_id, 36),
        "server_id": checked_text("server_id", server_id or 0, 36),
        "input_values": checked_object("input_values", input_values),
        "tenant": context.project_id,
        "stack_user_project_id": checked_text("stack_user_project_id", stack_user_project_id, 64),
        "action": checked_text("action", action),
        "status": checked_text("status", status),
        "status_reason": checked_text("status_reason", str(status_reason), None),
    }
    deployment = db_api.software_deployment_create(context, values)
    _publish(context, server_id, conf)
    return format_deployment(deployment)


def update(
    context: Any,
    deployment_id: str,
    config_id: str | None = None,
    input_values: Any = None,
    output_values: Any = None,
    action: str | None = None,
    status: str | None = None,
    status_reason: Any = None,
    updated_at: str | None = None,
    conf: Any = None,
) -> dict[str, Any]:
    """Change what is given of a deployment; a new config is published to its server.
    Invalid for a field of the wrong type or length."""
    given = {
        "config_id": checked_text("config_id", config_id, 36),
        "input_values": checked_object("input_values", input_values),
        "output_values": checked_object("output_values", output_values),
        "action": checked_text("action", action),
        "status": checked_text("status", status),
        "status_reason": None
        if not status_reason
        else checked_text("status_reason", str(status_reason), None),
    }
    values: dict[str, Any] = {key: value for key, value in given.items() if value}
    values["updated_at"] = (
        timeutils.normalize_time(timeutils.parse_isotime(updated_at))
        if updated_at
        else timeutils.utcnow()
    )
    deployment = db_api.software_deployment_update(context, deployment_id, values)
    if config_id:
        _publish(context, deployment.server_id, conf)
    return format_deployment(deployment)


def delete(context: Any, deployment_id: str, conf: Any = None) -> None:
    """Delete a deployment; its server's metadata no longer lists it."""
    deployment = db_api.software_deployment_get(context, deployment_id)
    db_api.software_deployment_delete(context, deployment_id)
    _publish(context, deployment.server_id, conf)


def signal(context: Any, deployment_id: str, details: Any, updated_at: str | None) -> str | None:
    """Record a server's report on a deployment IN_PROGRESS (others ignore it); the reason
    of the event the deployment's resource records."""
    if not deployment_id:
        raise ValueError(_("deployment_id must be specified"))
    deployment = db_api.software_deployment_get(context, deployment_id)
    if deployment.status != states.IN_PROGRESS:
        return None
    details = details if isinstance(details, dict) else {}
    outputs = dict(deployment.output_values or {})
    failures: dict[str, Any] = {}
    reason = "deployment %s succeeded" % deployment_id
    code = details.get(STATUS_CODE)
    if code and str(code) != "0":
        failures[STATUS_CODE] = _("Deployment exited with non-zero status code: %s") % code
        reason = "deployment %s failed (%s)" % (deployment_id, code)
    for output in (deployment.config.config or {}).get(rpc_api.SOFTWARE_CONFIG_OUTPUTS) or []:
        name = output["name"]
        if name in details:
            outputs[name] = details[name]
            if output.get("error_output", False):
                failures[name] = details[name]
                reason = "deployment %s failed" % deployment_id
    for name in STANDARD_OUTPUTS:
        outputs[name] = details.get(name)
    if failures and details.get(STDERR):
        # What the script wrote to stderr is what explains its failure best.
        failures[STDERR] = str(details[STDERR]).strip()
    if failures:
        status = states.FAILED
        status_reason = ", ".join("%s : %s" % (key, value) for key, value in failures.items())
    else:
        status, status_reason = states.COMPLETE, _("Outputs received")
    update(
        context,
        deployment_id,
        output_values=outputs,
        status=status,
        status_reason=status_reason,
        updated_at=updated_at,
    )
    return reason


def _publish(context: Any, server_id: str, conf: Any = None) -> None:
    """Write the server's deployments into its resource's metadata, if heat made it, and
    into the copy a POLL_TEMP_URL server polls or (given ``conf``) the queue a
    ZAQAR_MESSAGE server reads."""
    row = db_api.resource_get_by_physical_resource_id(context, server_id)
    if row is None:
        return

    def merged(current: Any) -> dict[str, Any] | None:
        # The deployments are read after the row: a publish racing this one either sees
        # this list's deployments, or moves the row on and this write is merged again.
        if current.action == states.DELETE:
            return None
        return dict(current.rsrc_metadata or {}, deployments=metadata(context, server_id))

    written = db_api.resource_metadata_merge(context, row.id, merged, "server %s" % server_id)
    if written is None:
        return
    if conf is not None:
        queued_metadata.post_for_row(clients_for(context, conf), context, row, written)
    try:
        put_url = db_api.resource_data_get(context, row.id, polled_metadata.PUT_URL)
    except exception.NotFound:
        return
    polled_metadata.put(put_url, written)
