"""``OS::Zaqar::MistralTrigger``: a Zaqar subscription that starts an execution of a Mistral
workflow for each message of a queue.

The subscriber is Mistral's executions URL behind Zaqar's ``trust+`` scheme: Zaqar makes
itself a Keystone trust from the subscription's creator and posts with it, so nothing of
the trust is Heat's. The message reaches the workflow as ``env().notification``. The
workflow, its params and its input change in place.
"""

import json
from typing import Any

from heat.common.i18n import _
from heat.engine import constraints, properties, support
from heat.engine.resources.openstack.zaqar.subscription import (
    OPTIONS,
    QUEUE_NAME,
    SUBSCRIBER,
    TTL,
    ZaqarSubscription,
)

WORKFLOW_ID, PARAMS, INPUT = "workflow_id", "params", "input"
# What Zaqar replaces with the message it posts.
MESSAGE_PLACEHOLDER = "$zaqar_message$"
NOTIFICATION = "notification"


class MistralTrigger(ZaqarSubscription):
    """A Zaqar subscription that triggers a Mistral workflow with each message of a queue.

    The message is in the workflow's environment as ``notification``; the ``env`` of
    ``params`` adds other variables.
    """

    support_status = support.SupportStatus(version="8.0.0", status=support.SUPPORTED)

    properties_schema = {
        QUEUE_NAME: ZaqarSubscription.properties_schema[QUEUE_NAME],
        TTL: ZaqarSubscription.properties_schema[TTL],
        WORKFLOW_ID: properties.Schema(
            properties.Schema.STRING,
            _("UUID of the Mistral workflow to trigger."),
            required=True,
            constraints=[constraints.CustomConstraint("mistral.workflow")],
            update_allowed=True,
        ),
        PARAMS: properties.Schema(
            properties.Schema.MAP,
            _(
                "Parameters to pass to the Mistral workflow execution. The parameters "
                "depend on the workflow type."
            ),
            required=False,
            default={},
            update_allowed=True,
        ),
        INPUT: properties.Schema(
            properties.Schema.MAP,
            _("Input values to pass to the Mistral workflow."),
            required=False,
            default={},
            update_allowed=True,
        ),
    }

    def check_subscriber(self) -> None:
        """The subscriber is Mistral's, made here: nothing to check."""

    def _fields(self, changed: dict | None = None) -> dict[str, Any]:
        """The subscription Zaqar keeps: Mistral's executions URL, and the execution to
        start as the body Zaqar posts there."""
        params = dict(self.properties[PARAMS])
        params["env"] = {**params.get("env", {}), NOTIFICATION: MESSAGE_PLACEHOLDER}
        execution = {
            WORKFLOW_ID: self.properties[WORKFLOW_ID],
            PARAMS: params,
            INPUT: self.properties[INPUT],
        }
        return {
            SUBSCRIBER: "trust+" + self.client_plugin("mistral").executions_url(),
            TTL: self.properties[TTL],
            OPTIONS: {"post_data": json.dumps(execution)},
        }

    def parse_live_resource_data(self, properties: Any, data: Any) -> dict[str, Any]:
        """The template's view of Zaqar's subscription: the execution it posts, without
        the message placeholder."""
        execution = json.loads((data.get(OPTIONS) or {}).get("post_data", "{}"))
        params = execution.get(PARAMS, {})
        env = params.get("env", {})
        env.pop(NOTIFICATION, None)
        if not env:
            params.pop("env", None)
        return {
            QUEUE_NAME: data.get("source"),
            TTL: data.get(TTL),
            WORKFLOW_ID: execution.get(WORKFLOW_ID),
            PARAMS: params,
            INPUT: execution.get(INPUT),
        }


def resource_mapping() -> dict[str, type]:
    """The types this module provides."""
    return {"OS::Zaqar::MistralTrigger": MistralTrigger}
