"""``OS::Mistral::CronTrigger``: a Mistral cron trigger, which runs a workflow with the
template's input on a schedule (a cron pattern, a first time, a number of runs).

Nothing of it changes in place. Mistral deletes a trigger whose runs are used up, so its
live state is taken to be the template's (as upstream does) and its attributes are then
null.
"""

import json
from typing import Any

from openstack import exceptions as sdk_exceptions

from heat.common import exception
from heat.common.i18n import _
from heat.engine import attributes, constraints, properties, support
from heat.engine.clients.os.mistral import CRON_TRIGGERS, item_path, workflow_reference
from heat.engine.resource import Resource

Schema = properties.Schema
PROPERTIES = (NAME, PATTERN, WORKFLOW, FIRST_TIME, COUNT) = (
    "name",
    "pattern",
    "workflow",
    "first_time",
    "count",
)
WORKFLOW_KEYS = (WORKFLOW_NAME, WORKFLOW_INPUT) = ("name", "input")
ATTRIBUTES = (NEXT_EXECUTION_TIME, REMAINING_EXECUTIONS) = (
    "next_execution_time",
    "remaining_executions",
)


class CronTrigger(Resource):
    """A Mistral cron trigger: runs a workflow with given input on a schedule, from a first
    time and for a number of times."""

    support_status = support.SupportStatus(version="5.0.0")
    default_client_name = "mistral"

    properties_schema = {
        NAME: Schema(Schema.STRING, _("Name of the cron trigger.")),
        PATTERN: Schema(
            Schema.STRING,
            _("Cron expression."),
            constraints=[constraints.CustomConstraint("cron_expression")],
        ),
        WORKFLOW: Schema(
            Schema.MAP,
            _("Workflow to execute."),
            required=True,
            schema={
                WORKFLOW_NAME: Schema(
                    Schema.STRING,
                    _("Name or ID of the workflow."),
                    required=True,
                    constraints=[constraints.CustomConstraint("mistral.workflow")],
                ),
                WORKFLOW_INPUT: Schema(Schema.MAP, _("Input values for the workflow.")),
            },
        ),
        FIRST_TIME: Schema(
            Schema.STRING, _('Time of the first execution in format "YYYY-MM-DD HH:MM".')
        ),
        COUNT: Schema(Schema.INTEGER, _("Remaining executions.")),
    }

    attributes_schema = {
        NEXT_EXECUTION_TIME: attributes.Schema(
            _('Time of the next execution in format "YYYY-MM-DD HH:MM:SS".'),
            type=attributes.Schema.STRING,
        ),
        REMAINING_EXECUTIONS: attributes.Schema(
            _("Number of remaining executions."), type=attributes.Schema.INTEGER
        ),
    }

    def validate(self) -> None:
        """A trigger needs a pattern or a first time."""
        super().validate()
        if not (self.properties[PATTERN] or self.properties[FIRST_TIME]):
            raise exception.PropertyUnspecifiedError(props=", ".join((PATTERN, FIRST_TIME)))

    def handle_create(self) -> None:
        """Make the trigger; its name is its id."""
        workflow = self.properties[WORKFLOW]
        body = {
            "name": self.properties[NAME] or self.physical_resource_name(),
            "pattern": self.properties[PATTERN],
            "first_execution_time": self.properties[FIRST_TIME],
            "remaining_executions": self.properties[COUNT],
            **workflow_reference(workflow[WORKFLOW_NAME]),
        }
        if workflow.get(WORKFLOW_INPUT):
            body["workflow_input"] = json.dumps(workflow[WORKFLOW_INPUT])
        made = self.client_plugin().call("post", CRON_TRIGGERS, body)
        self.resource_id_set(made["name"])

    def _show_resource(self) -> Any:
        """The trigger as Mistral shows it; None once Mistral has deleted it."""
        if self.resource_id is None:
            return None
        try:
            return self.client_plugin().call("get", item_path(CRON_TRIGGERS, self.resource_id))
        except sdk_exceptions.NotFoundException:
            return None

    def _resolve_attribute(self, name: str) -> Any:
        trigger = self._show_resource()
        return None if trigger is None else trigger.get(name)

    def get_live_state(self, properties: Any) -> dict[str, Any]:
        """Nothing differs from the template: a trigger whose runs are used up is gone from
        Mistral, and must not be replaced for that."""
        return {}

    def handle_delete(self) -> None:
        """Delete the trigger; one gone already (its runs used up) is fine."""
        if self.resource_id is None:
            return
        try:
            self.client_plugin().call("delete", item_path(CRON_TRIGGERS, self.resource_id))
        except sdk_exceptions.NotFoundException:
            pass


def resource_mapping() -> dict[str, type]:
    """The types this module provides."""
    return {"OS::Mistral::CronTrigger": CronTrigger}
