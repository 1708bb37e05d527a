"""Drift detection: how each resource's physical resource differs now from what heat last
made of it, property by property, as CloudFormation's drift detection.

Expected values are what the template says, resolved as the stack is now; actual ones are
what the type reads from its service (:meth:`heat.engine.resource.Resource.get_live_state`).
A type that cannot read its physical resource is ``NOT_CHECKED``. A detection is kept
(the latest ones of a stack are read back); an update with ``converge`` puts reality back.
"""

import uuid
from typing import Any

from oslo_log import log
from oslo_utils import timeutils

from heat.common import exception
from heat.db import api as db_api
from heat.engine import api_format, live_state, resource_changes
from heat.engine import resource_states as states
from heat.engine.runtime import EngineRuntime

LOG = log.getLogger(__name__)

IN_SYNC, MODIFIED, DELETED, NOT_CHECKED = "IN_SYNC", "MODIFIED", "DELETED", "NOT_CHECKED"
DRIFTED = "DRIFTED"
DETECTION_COMPLETE = "DETECTION_COMPLETE"


def detect(runtime: EngineRuntime, context: Any, stack_identity: Any) -> dict[str, Any]:
    """Compare every resource of the stack with its physical resource; the detection,
    also kept as the stack's latest."""
    stack = runtime.load_stack(context, stack_identity)
    hidden = resource_changes.hidden_values(stack)
    resources = [_resource_drift(resource, hidden) for resource in stack.resources.values()]
    drifted = sum(1 for each in resources if each["status"] in (MODIFIED, DELETED))
    detection = {
        "id": str(uuid.uuid4()),
        "stack_identity": dict(stack.identifier()),
        "stack_name": stack.name,
        "status": DETECTION_COMPLETE,
        "stack_drift_status": DRIFTED if drifted else IN_SYNC,
        "drifted_resource_count": drifted,
        "detection_time": api_format.time(timeutils.utcnow()),
        "resources": resources,
    }
    db_api.stack_drift_create(
        context,
        {
            "id": detection["id"],
            "stack_id": stack.id,
            "tenant": stack.state_data.tenant_id or context.project_id,
            "detection": detection,
        },
    )
    return detection


def latest(context: Any, stack_identity: Any, detection_id: str | None = None) -> dict:
    """A kept detection: the one of that id, or the stack's latest (EntityNotFound)."""
    stack_id = stack_identity["stack_id"] if stack_identity else None
    row = db_api.stack_drift_get(context, stack_id, detection_id)
    if row is None:
        raise exception.EntityNotFound(
            entity="Drift detection", name=detection_id or (stack_id or "")
        )
    return row.detection


def _resource_drift(resource: Any, hidden: set[str]) -> dict[str, Any]:
    shown: dict[str, Any] = {
        "resource_name": resource.name,
        "resource_type": resource.type(),
        "physical_resource_id": resource.resource_id or "",
        "status": NOT_CHECKED,
        "differences": [],
    }
    if not resource.can_show_live_state() or resource.action == states.INIT:
        return shown
    if not resource.resource_id:
        return dict(shown, status=DELETED)
    try:
        live = resource.get_live_state(resource.properties) or {}
    except Exception as error:  # noqa: BLE001 - one resource's failure is its own status
        if live_state.is_gone(resource, error):
            return dict(shown, status=DELETED)
        LOG.warning("The live state of %s could not be read: %s", resource.name, error)
        return dict(shown, reason=str(error))
    observed = sorted(name for name in live if name in resource.properties.schema)
    expected = {name: live_state.stored_value(resource.properties, name) for name in observed}
    differences = [
        {
            "property": name,
            "expected": resource_changes.masked(expected[name], hidden),
            "actual": resource_changes.masked(live[name], hidden),
        }
        for name in observed
        if expected[name] != live[name]
    ]
    return dict(
        shown,
        status=MODIFIED if differences else IN_SYNC,
        differences=differences,
        expected_properties={n: resource_changes.masked(expected[n], hidden) for n in observed},
        actual_properties={n: resource_changes.masked(live[n], hidden) for n in observed},
    )
