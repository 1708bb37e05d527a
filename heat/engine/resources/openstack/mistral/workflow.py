"""``OS::Mistral::Workflow``: a Mistral workflow written from the template's properties in
Mistral's DSL, that a signal (or its ``alarm_url``) starts an execution of.

Its reference id is the workflow's name (``name``, else one made from the stack's): Mistral
identifies workflows by name. Everything but the name changes in place. A signal's
``input`` overrides the template's inputs and its ``params`` are laid over the template's
(with ``use_request_body_as_input`` the whole signal is the input); the executions started
are kept, shown by ``executions`` and deleted with the workflow.
"""

import copy
import json
from typing import Any

from openstack import exceptions as sdk_exceptions

from heat.common import exception
from heat.common.i18n import _
from heat.engine import support
from heat.engine.clients.os.mistral import EXECUTIONS, WORKFLOWS, item_path
from heat.engine.resources import signal_urls
from heat.engine.resources.openstack.mistral import workflow_definition
from heat.engine.resources.openstack.mistral import workflow_schema as ws
from heat.engine.resources.signal_responder import SignalResponder
from heat.engine.resources.stack_user import ACCESS_KEY

SIGNAL_ERROR = _("Signal data error")
# The fields of an execution the ``executions`` attribute shows; input and output decoded.
EXECUTION_FIELDS = ("id", "workflow_name", "created_at", "updated_at", "state")


class Workflow(SignalResponder):
    """A Mistral workflow; each signal starts an execution of it.

    A workflow consists of at least one task, each running an action or another workflow.
    """

    support_status = support.SupportStatus(version="2015.1")
    default_client_name = "mistral"
    properties_schema = ws.PROPERTIES_SCHEMA
    attributes_schema = ws.ATTRIBUTES_SCHEMA

    def workflow_name(self) -> str:
        return str(self.properties[ws.NAME] or self.physical_resource_name())

    def get_reference_id(self) -> str:
        return self.workflow_name()

    def validate(self) -> None:
        super().validate()
        section = "Properties" if self.stack.t.RESOURCES == "Resources" else "properties"
        workflow_definition.check(self.name, section, self.properties)

    def _definition(self) -> str:
        return workflow_definition.definition(self.workflow_name(), self.properties)

    def handle_create(self) -> None:
        """Make the stack user and the keypair ``alarm_url`` is signed with, then the
        workflow."""
        super().handle_create()
        self.create_keypair()
        made = self.client_plugin().save_workflows(self._definition())
        self.resource_id_set(made[0]["name"])

    def handle_update(self, json_snippet: Any, tmpl_diff: dict, prop_diff: dict) -> None:
        """Give Mistral the workflow as the new properties define it."""
        if prop_diff:
            made = self.client_plugin().save_workflows(self._definition(), update=True)
            self.resource_id_set(made[0]["name"])

    # -- signals -------------------------------------------------------------------------

    def _signal_inputs_and_params(self, details: Any) -> tuple[Any, Any]:
        if self.properties[ws.USE_REQUEST_BODY_AS_INPUT]:
            return details, None
        if details is None:
            return None, None
        return details.get("input"), details.get("params")

    def _check_signal(self, inputs: Any, params: Any) -> None:
        if inputs is not None:
            if not isinstance(inputs, dict):
                message = _("Input in signal data must be a map, find a %s") % type(inputs)
                raise exception.StackValidationFailed(error=SIGNAL_ERROR, message=message)
            known = self.properties[ws.INPUT] or {}
            for key in inputs:
                if key not in known:
                    message = _("Unknown input %s") % key
                    raise exception.StackValidationFailed(error=SIGNAL_ERROR, message=message)
        if params is not None and not isinstance(params, dict):
            message = _("Params must be a map, find a %s") % type(params)
            raise exception.StackValidationFailed(error=SIGNAL_ERROR, message=message)

    def handle_signal(self, details: Any = None) -> None:
        """Start an execution with the template's inputs and params, overridden by the
        signal's."""
        inputs, params = self._signal_inputs_and_params(details)
        self._check_signal(inputs, params)
        all_inputs = copy.deepcopy(self.properties[ws.INPUT])
        all_params = copy.deepcopy(self.properties[ws.PARAMS]) or {}
        if inputs:
            all_inputs.update(inputs)
        if params:
            all_params.update(params)
        try:
            execution = self.client_plugin().start_execution(
                self.workflow_name(), all_inputs, all_params
            )
        except sdk_exceptions.SDKException as error:
            raise exception.ResourceFailure(error, self.name, "SIGNAL") from error
        self.data_set(ws.EXECUTIONS, ",".join([execution["id"], *self._execution_ids()]))

    def _execution_ids(self) -> list[str]:
        stored = self.data().get(ws.EXECUTIONS)
        return stored.split(",") if stored else []

    # -- attributes and deletion ---------------------------------------------------------

    def _execution(self, execution_id: str) -> dict[str, Any]:
        found = self.client_plugin().call("get", item_path(EXECUTIONS, execution_id))
        shown = {field: found.get(field) for field in EXECUTION_FIELDS}
        for field in ("input", "output"):
            shown[field] = json.loads(found[field]) if found.get(field) else found.get(field)
        return shown

    def _resolve_attribute(self, name: str) -> Any:
        if name == ws.EXECUTIONS:
            return [self._execution(execution_id) for execution_id in self._execution_ids()]
        if name == ws.WORKFLOW_DATA:
            return {ws.NAME: self.resource_id, ws.INPUT: self.properties[ws.INPUT]}
        if name == ws.ALARM_URL and self.resource_id is not None:
            # Made at create: reading it never makes credentials (see ScalingPolicy).
            if self.data().get(ACCESS_KEY):
                return self.ec2_signed_url(signal_urls.SIGNAL, never_expire=True)
        return None

    def _show_resource(self) -> dict[str, Any]:
        if self.resource_id is None:
            return {}
        return dict(self.client_plugin().call("get", item_path(WORKFLOWS, self.resource_id)))

    def handle_delete(self) -> None:
        """Delete the executions started, the stack user, then the workflow; any of them
        gone already is fine."""
        for execution_id in self._execution_ids():
            self._delete_ignoring_not_found(item_path(EXECUTIONS, execution_id))
        self.data_delete(ws.EXECUTIONS)
        super().handle_delete()
        if self.resource_id is not None:
            self._delete_ignoring_not_found(item_path(WORKFLOWS, self.resource_id))

    def _delete_ignoring_not_found(self, path: str) -> None:
        try:
            self.client_plugin().call("delete", path)
        except sdk_exceptions.NotFoundException:
            pass


def resource_mapping() -> dict[str, type]:
    """The types this module provides."""
    return {"OS::Mistral::Workflow": Workflow}
