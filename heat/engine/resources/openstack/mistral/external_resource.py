"""``OS::Mistral::ExternalResource``: a thing Heat knows nothing of, made, changed, suspended,
resumed and deleted by the Mistral workflows the template names for those actions.

Each action runs its workflow with the template's input and waits for the execution to end;
an execution in error (or cancelled) fails the action with Mistral's reason. The outputs of
every execution are merged and kept: ``output`` shows them, and each later execution gets
them as ``env().heat_extresource_data``. The physical id is the last execution's output
``resource_id``, else the execution's id. Changed inputs run the UPDATE workflow, unless
they are among ``replace_on_change_inputs`` (then the resource is replaced);
``always_update`` runs it on every stack update.
"""

import json
from typing import Any

from oslo_log import log as logging

from heat.common import exception
from heat.common.i18n import _
from heat.engine import attributes, constraints, properties, support
from heat.engine import resource_states as states
from heat.engine.clients.os.mistral import EXECUTIONS, item_path
from heat.engine.resource import Resource

LOG = logging.getLogger(__name__)
Schema = properties.Schema

ACTION_KEYS = (WORKFLOW, PARAMS) = ("workflow", "params")
PROPERTIES = (ACTIONS, INPUT, DESCRIPTION, REPLACE_ON_CHANGE, ALWAYS_UPDATE) = (
    "actions",
    "input",
    "description",
    "replace_on_change_inputs",
    "always_update",
)
OUTPUT = "output"
# The resource data holding the merged outputs of the executions, as JSON.
OUTPUTS = "outputs"
WORKFLOW_ACTIONS = (states.CREATE, states.UPDATE, states.SUSPEND, states.RESUME, states.DELETE)
RUNNING = ("IDLE", "RUNNING", "PAUSED")
SUCCEEDED = ("SUCCESS",)
FAILED = ("ERROR", "CANCELLED")

ACTION_SCHEMA = Schema(
    Schema.MAP,
    _("Dictionary which defines the workflow to run and its params."),
    schema={
        WORKFLOW: Schema(
            Schema.STRING,
            _("Workflow to execute."),
            required=True,
            constraints=[constraints.CustomConstraint("mistral.workflow")],
        ),
        PARAMS: Schema(
            Schema.MAP,
            _(
                "Workflow additional parameters. If workflow is reverse typed, params "
                'requires "task_name", which defines initial task.'
            ),
            default={},
        ),
    },
)


class MistralExternalResource(Resource):
    """A resource Heat does not know, managed by the Mistral workflows given for its
    actions; a workflow may output ``resource_id``, the resource's physical id."""

    support_status = support.SupportStatus(version="9.0.0")
    default_client_name = "mistral"

    properties_schema = {
        ACTIONS: Schema(
            Schema.MAP,
            _("Resource action which triggers a workflow execution."),
            schema=dict.fromkeys(WORKFLOW_ACTIONS, ACTION_SCHEMA),
            required=True,
        ),
        INPUT: Schema(
            Schema.MAP,
            _("Dictionary which contains input for the workflows."),
            update_allowed=True,
            default={},
        ),
        DESCRIPTION: Schema(
            Schema.STRING, _("Workflow execution description."), default="Heat managed"
        ),
        REPLACE_ON_CHANGE: Schema(
            Schema.LIST,
            _(
                "A list of inputs that should cause the resource to be replaced when their "
                "values change."
            ),
            default=[],
        ),
        ALWAYS_UPDATE: Schema(
            Schema.BOOLEAN,
            _("Triggers UPDATE action execution even if input is unchanged."),
            default=False,
        ),
    }

    attributes_schema = {
        OUTPUT: attributes.Schema(_("Output from the execution."), type=attributes.Schema.MAP),
    }

    def _outputs(self) -> dict[str, Any]:
        return dict(json.loads(self.data().get(OUTPUTS, "{}")))

    def _start(self, action: str, inputs: Any = None) -> str | None:
        """Start the workflow of ``action`` (none named: nothing to wait for); the
        execution's id. Once the resource exists, its workflows see the outputs so far."""
        given = self.properties[ACTIONS].get(action)
        if not given:
            return None
        params = dict(given[PARAMS])
        if self.resource_id:
            params["env"] = {**params.get("env", {}), "heat_extresource_data": self._outputs()}
        execution = self.client_plugin().start_execution(
            given[WORKFLOW],
            inputs or self.properties[INPUT],
            params,
            description=self.properties[DESCRIPTION],
        )
        LOG.debug("Mistral execution %s of %s started with %s", execution["id"], action, params)
        return str(execution["id"])

    def _finished(self, action: str, execution_id: str | None) -> bool:
        """Whether the execution ended well; ResourceFailure when it ended in error or was
        cancelled. As upstream, the physical id is the execution's from its first look on
        (its output's ``resource_id`` once it has one), and the outputs are kept."""
        if not execution_id:
            return True
        execution = self.client_plugin().call("get", item_path(EXECUTIONS, execution_id))
        state = execution.get("state")
        if state in FAILED:
            reason = "resources.%s: %s" % (self.name, execution.get("state_info"))
            raise exception.ResourceFailure(reason, self.name, action)
        if state not in RUNNING + SUCCEEDED:
            raise exception.ResourceUnknownStatus(
                resource_status=state, result=_("Mistral execution is in unknown state.")
            )
        output = json.loads(execution.get("output") or "{}") if state in SUCCEEDED else {}
        outputs = json.dumps({**self._outputs(), **output})
        if self.data().get(OUTPUTS) != outputs:
            self.data_set(OUTPUTS, outputs)
        physical_id = str(output.get("resource_id") or execution_id)[:255]
        if self.resource_id != physical_id:
            self.resource_id_set(physical_id)
        return state in SUCCEEDED

    def _resolve_attribute(self, name: str) -> Any:
        if self.resource_id and name == OUTPUT:
            return self.data().get(OUTPUTS)
        return None

    def _show_resource(self) -> Any:
        """The last execution as Mistral shows it, when the physical id is one."""
        if self.resource_id is None:
            return None
        return self.client_plugin().call("get", item_path(EXECUTIONS, self.resource_id))

    # -- update decisions ----------------------------------------------------------------

    def needs_update(self, old: Resource) -> bool | None:
        """``always_update`` runs the UPDATE workflow even when nothing changed."""
        return True if self.properties[ALWAYS_UPDATE] else None

    def needs_replace_with_prop_diff(
        self, changed: set[str], after: properties.Properties, before: properties.Properties
    ) -> bool:
        """A change of an input listed in ``replace_on_change_inputs`` replaces."""
        old, new = before[INPUT] or {}, after[INPUT] or {}
        return any(old.get(key) != new.get(key) for key in after[REPLACE_ON_CHANGE])

    # -- actions -------------------------------------------------------------------------

    def handle_create(self) -> str | None:
        return self._start(states.CREATE)

    def check_create_complete(self, execution_id: str | None) -> bool:
        return self._finished(states.CREATE, execution_id)

    def handle_update(self, json_snippet: Any, tmpl_diff: dict, prop_diff: dict) -> str | None:
        """Run the UPDATE workflow with the new inputs."""
        return self._start(states.UPDATE, prop_diff.get(INPUT))

    def check_update_complete(self, execution_id: str | None) -> bool:
        return self._finished(states.UPDATE, execution_id)

    def handle_suspend(self) -> str | None:
        return self._start(states.SUSPEND)

    def check_suspend_complete(self, execution_id: str | None) -> bool:
        return self._finished(states.SUSPEND, execution_id)

    def handle_resume(self) -> str | None:
        return self._start(states.RESUME)

    def check_resume_complete(self, execution_id: str | None) -> bool:
        return self._finished(states.RESUME, execution_id)

    def handle_delete(self) -> str | None:
        return self._start(states.DELETE)

    def check_delete_complete(self, execution_id: str | None) -> bool:
        return self._finished(states.DELETE, execution_id)


def resource_mapping() -> dict[str, type]:
    """The types this module provides."""
    return {"OS::Mistral::ExternalResource": MistralExternalResource}
