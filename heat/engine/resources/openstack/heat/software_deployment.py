"""``OS::Heat::SoftwareDeployment``: a config applied to a server, waited on until it reports.

For each of its ``actions`` the resource stores a *derived* config: the source config
with every input given its value (``input_values``, else the input's default) and the
``deploy_*`` inputs that tell the server which action runs and how to signal back
(:func:`derived_inputs`). The deployment names that config, so the server's metadata
lists it; unless ``signal_transport`` is NO_SIGNAL the resource then waits for the
server's signal (:mod:`heat.engine.software_deployments`), which completes or fails it.
Its attributes are the deployment's output values.
"""

import uuid
from typing import Any

from oslo_utils import timeutils

from heat.common import exception
from heat.common.i18n import _
from heat.engine import (
    attributes,
    constraints,
    properties,
    software_configs,
    software_deployments,
    software_limits,
    support,
)
from heat.engine import resource_states as states
from heat.engine.resources import signal_responder as responder
from heat.engine.resources import signal_urls, zaqar_signal
from heat.engine.resources.configured_defaults import property_or_option
from heat.engine.resources.openstack.heat import deployment_swift_signal as swift_signal
from heat.rpc import api as rpc_api

Schema = properties.Schema

PROPERTIES = (CONFIG, SERVER, INPUT_VALUES, ACTIONS, NAME, SIGNAL_TRANSPORT) = (
    "config",
    "server",
    "input_values",
    "actions",
    "name",
    responder.SIGNAL_TRANSPORT,
)
ACTION_NAMES = (states.CREATE, states.UPDATE, states.DELETE, states.SUSPEND, states.RESUME)
TRANSPORTS = (
    responder.CFN_SIGNAL,
    responder.TEMP_URL_SIGNAL,
    responder.HEAT_SIGNAL,
    responder.NO_SIGNAL,
    responder.ZAQAR_SIGNAL,
)
OUTPUT_ATTRIBUTES = software_deployments.STANDARD_OUTPUTS
COMPONENT_GROUP = "component"


def _input(name: str, value: Any, description: str) -> dict[str, Any]:
    return {"name": name, "type": "String", "value": value, "description": description}


class SoftwareDeployment(responder.SignalResponder):
    """This resource associates a server with some configuration.

    Input values map to the inputs schema of the config and are interpreted by the
    configuration tool. Whenever the resource goes IN_PROGRESS it stores an ephemeral
    config holding them and ``deploy_*`` inputs about the stack and the way to signal
    back; unless ``signal_transport`` is NO_SIGNAL it stays IN_PROGRESS until the server
    signals the outputs, which become attributes next to ``deploy_stdout``,
    ``deploy_stderr`` and ``deploy_status_code``. Actions other than the default CREATE
    and UPDATE (DELETE, SUSPEND, RESUME) deploy the config then too, for clean-ups.
    """

    support_status = support.SupportStatus(version="2014.1")
    # The server reports on DELETE and SUSPEND deployments too.
    no_signal_actions = ()
    properties_schema = {
        CONFIG: Schema(
            Schema.STRING,
            _("ID of software configuration resource to execute when applying to the server."),
            update_allowed=True,
        ),
        SERVER: Schema(
            Schema.STRING,
            _(
                "ID of resource to apply configuration to. Normally this should be a Nova "
                "server ID."
            ),
            required=True,
        ),
        INPUT_VALUES: Schema(
            Schema.MAP,
            _("Input values to apply to the software configuration on this server."),
            update_allowed=True,
        ),
        ACTIONS: Schema(
            Schema.LIST,
            _(
                "Which lifecycle actions of the deployment resource will result in this "
                "deployment being triggered."
            ),
            update_allowed=True,
            default=[states.CREATE, states.UPDATE],
            constraints=[constraints.AllowedValues(list(ACTION_NAMES))],
        ),
        SIGNAL_TRANSPORT: Schema(
            Schema.STRING,
            _(
                "How the server should signal to heat with the deployment output values. "
                "CFN_SIGNAL will allow an HTTP POST to a CFN keypair signed URL. "
                "TEMP_URL_SIGNAL will create a Swift TempURL to be signaled via HTTP PUT. "
                "HEAT_SIGNAL will allow calls to the Heat API resource-signal using the "
                "provided keystone credentials. ZAQAR_SIGNAL will create a dedicated zaqar "
                "queue to be signaled using the provided keystone credentials. NO_SIGNAL will "
                "result in the resource going to the COMPLETE state without waiting for any "
                "signal."
            ),
            default=responder.CFN_SIGNAL,
            constraints=[constraints.AllowedValues(list(TRANSPORTS))],
        ),
        NAME: Schema(
            Schema.STRING,
            _(
                "Name of the derived config associated with this deployment. This is used to "
                "apply a sort order to the list of configurations currently deployed to a "
                "server."
            ),
            update_allowed=True,
        ),
    }
    attributes_schema = {
        software_deployments.STDOUT: attributes.Schema(
            _("Captured stdout from the configuration execution."),
            type=attributes.Schema.STRING,
        ),
        software_deployments.STDERR: attributes.Schema(
            _("Captured stderr from the configuration execution."),
            type=attributes.Schema.STRING,
        ),
        software_deployments.STATUS_CODE: attributes.Schema(
            _("Returned status code from the configuration execution."),
            type=attributes.Schema.STRING,
        ),
    }

    def signal_transport(self) -> str:
        """The template's ``signal_transport``, else ``default_deployment_signal_transport``."""
        return property_or_option(self, SIGNAL_TRANSPORT, "default_deployment_signal_transport")

    def check_service_available(self) -> None:
        """Keystone is needed for the stack user that signals, so not for NO_SIGNAL."""
        if self.signal_transport() != responder.NO_SIGNAL:
            super().check_service_available()

    def validate(self) -> None:
        self.refuse_unavailable_transport(self.signal_transport())
        super().validate()

    # -- configs ------------------------------------------------------------------------------

    def _source_config(self) -> dict[str, Any]:
        config_id = self.properties[CONFIG]
        if not config_id:
            return {}
        return software_configs.show(self.context, config_id)

    def _runs_on(self, action: str, source: dict[str, Any]) -> bool:
        if source.get(rpc_api.SOFTWARE_CONFIG_GROUP) == COMPONENT_GROUP:
            entries = (source.get(rpc_api.SOFTWARE_CONFIG_CONFIG) or {}).get("configs") or []
            return any(action in (entry.get("actions") or []) for entry in entries)
        return action in self.properties[ACTIONS]

    def derived_inputs(self, action: str, source: dict[str, Any]) -> list[dict[str, Any]]:
        """The inputs of the derived config: the source's with their values, the values
        given for undeclared inputs, then the ``deploy_*`` inputs."""
        given = dict(self.properties[INPUT_VALUES] or {})
        inputs = []
        for declared in source.get(rpc_api.SOFTWARE_CONFIG_INPUTS) or []:
            value = given.pop(declared["name"], declared.get("default"))
            inputs.append({**declared, "value": value})
        inputs.extend(
            {"name": name, "type": "String", "value": value} for name, value in given.items()
        )
        transport = self.signal_transport()
        inputs += [
            _input(
                "deploy_server_id", self.properties[SERVER], _("ID of the server being deployed to")
            ),
            _input("deploy_action", action, _("Name of the current action being deployed")),
            _input(
                "deploy_stack_id",
                self.stack.identifier().stack_path(),
                _("ID of the stack this deployment belongs to"),
            ),
            _input(
                "deploy_resource_name",
                self.name,
                _("Name of this deployment resource in the stack"),
            ),
            _input(
                "deploy_signal_transport",
                transport,
                _("How the server should signal to heat with the deployment output values."),
            ),
        ]
        return inputs + self._signal_inputs(transport)

    def _signal_inputs(self, transport: str) -> list[dict[str, Any]]:
        if transport == responder.CFN_SIGNAL:
            url = self.ec2_signed_url(signal_urls.SIGNAL, never_expire=True)
            return [
                _input(
                    "deploy_signal_id", url, _("ID of signal to use for signaling output values")
                ),
                _input(
                    "deploy_signal_verb", "POST", _("HTTP verb to use for signaling output values")
                ),
            ]
        if transport == responder.TEMP_URL_SIGNAL:
            return [
                _input(
                    "deploy_signal_id",
                    swift_signal.put_url(self),
                    _("ID of signal to use for signaling output values"),
                ),
                _input(
                    "deploy_signal_verb", "PUT", _("HTTP verb to use for signaling output values")
                ),
            ]
        if transport in (responder.HEAT_SIGNAL, responder.ZAQAR_SIGNAL):
            credentials = self.heat_signal_credentials()
            inputs = [
                _input("deploy_auth_url", credentials["auth_url"], _("URL for API authentication")),
                _input(
                    "deploy_username", credentials["username"], _("Username for API authentication")
                ),
                _input(
                    "deploy_user_id", credentials["user_id"], _("User ID for API authentication")
                ),
                _input(
                    "deploy_password", credentials["password"], _("Password for API authentication")
                ),
                _input(
                    "deploy_project_id",
                    credentials["project_id"],
                    _("ID of project for API authentication"),
                ),
            ]
            if credentials.get("region_name"):
                inputs.append(
                    _input(
                        "deploy_region_name",
                        credentials["region_name"],
                        _("Region name for API authentication"),
                    )
                )
            if transport == responder.ZAQAR_SIGNAL:
                inputs.append(
                    _input(
                        "deploy_queue_id",
                        zaqar_signal.queue_id(self),
                        _("ID of queue to use for signaling output values"),
                    )
                )
            return inputs
        return []

    def derived_config(self, source: dict[str, Any], inputs: list[dict[str, Any]]) -> Any:
        """The config the derived config carries: the source's as it is."""
        return source.get(rpc_api.SOFTWARE_CONFIG_CONFIG) or ""

    def _derive_config(self, action: str, source: dict[str, Any]) -> str:
        name = self.properties[NAME] or source.get(rpc_api.SOFTWARE_CONFIG_NAME)
        inputs = self.derived_inputs(action, source)
        software_limits.check_configs(self.context, self.stack.settings.conf)
        derived = software_configs.create(
            self.context,
            source.get(rpc_api.SOFTWARE_CONFIG_GROUP) or "Heat::Ungrouped",
            name or self.physical_resource_name(),
            self.derived_config(source, inputs),
            inputs,
            source.get(rpc_api.SOFTWARE_CONFIG_OUTPUTS) or [],
            source.get(rpc_api.SOFTWARE_CONFIG_OPTIONS),
        )
        return derived[rpc_api.SOFTWARE_CONFIG_ID]

    def _derived_config_id(self) -> str | None:
        if self.resource_id is None:
            return None
        try:
            return software_deployments.show(self.context, self.resource_id)["config_id"]
        except exception.NotFound:
            return None

    def _delete_config(self, config_id: str | None) -> None:
        if config_id is None:
            return
        try:
            software_configs.delete(self.context, config_id)
        except exception.NotFound:
            pass

    # -- deploying ----------------------------------------------------------------------------

    def _waits(self) -> bool:
        return self.signal_transport() != responder.NO_SIGNAL

    def deploy(
        self, action: str, source: dict[str, Any] | None = None, previous: str | None = None
    ) -> bool:
        """Deploy the config for ``action`` if it runs then (``previous`` is the derived
        config it replaces, when the caller knows it); whether to wait for it."""
        source = self._source_config() if source is None else source
        if not self._runs_on(action, source):
            return False
        if previous is None:
            previous = self._derived_config_id()
        config_id = self._derive_config(action, source)
        swift_signal.reset(self)
        if self._waits():
            status, reason = states.IN_PROGRESS, _("Deploy data available")
        else:
            status, reason = states.COMPLETE, _("Not waiting for outputs signal")
        values = {
            "config_id": config_id,
            "input_values": self.properties[INPUT_VALUES],
            "action": action,
            "status": status,
            "status_reason": reason,
        }
        if self.resource_id is None:
            software_limits.check_deployments(self.context, self.stack.settings.conf)
            self.resource_id_set(str(uuid.uuid4()))
            software_deployments.create(
                self.context,
                self.properties[SERVER],
                stack_user_project_id=self.stack.state_data.stack_user_project_id,
                deployment_id=self.resource_id,
                conf=self.stack.settings.conf,
                **values,
            )
        else:
            conf = self.stack.settings.conf
            software_deployments.update(self.context, self.resource_id, conf=conf, **values)
            self._delete_config(previous)
        return self._waits()

    def deployed(self, waiting: bool) -> bool:
        """Whether the server reported success; the reason it gave when it failed."""
        if not waiting:
            return True
        if self.signal_transport() == responder.TEMP_URL_SIGNAL:
            reported = swift_signal.report(self)
            if reported is not None:
                self.handle_signal(reported)
        elif self.signal_transport() == responder.ZAQAR_SIGNAL:
            for body in zaqar_signal.pop(self):
                self.handle_signal(body)
        shown = software_deployments.show(self.context, self.resource_id or "")
        if shown["status"] == states.FAILED:
            raise exception.Error(_("Deployment to server failed: %s") % shown["status_reason"])
        return shown["status"] == states.COMPLETE

    def handle_create(self) -> bool:
        return self.deploy(states.CREATE)

    def check_create_complete(self, waiting: bool) -> bool:
        return self.deployed(waiting)

    def handle_update(self, json_snippet: Any, tmpl_diff: dict, prop_diff: dict) -> bool:
        """Deploy the new definition, or replace the deployment when an input marked
        ``replace_on_change`` gets another value."""
        source = self._source_config()
        previous = self._derived_config_id()
        if previous is not None:
            old = {
                item["name"]: item.get("value")
                for item in software_configs.show(self.context, previous)["inputs"]
            }
            for item in self.derived_inputs(states.UPDATE, source):
                if item.get("replace_on_change") and item["value"] != old.get(
                    item["name"], item["value"]
                ):
                    raise exception.UpdateReplace(self.name)
        return self.deploy(states.UPDATE, source, previous)

    def check_update_complete(self, waiting: bool) -> bool:
        return self.deployed(waiting)

    def handle_suspend(self) -> bool:
        return self.deploy(states.SUSPEND)

    def check_suspend_complete(self, waiting: bool) -> bool:
        return self.deployed(waiting)

    def handle_resume(self) -> bool:
        return self.deploy(states.RESUME)

    def check_resume_complete(self, waiting: bool) -> bool:
        return self.deployed(waiting)

    def handle_delete(self) -> bool:
        if self.resource_id is None:
            return False
        try:
            return self.deploy(states.DELETE)
        except exception.NotFound:
            return False

    def check_delete_complete(self, waiting: bool) -> bool:
        if not self.deployed(waiting):
            return False
        config_id = self._derived_config_id()
        if self.resource_id is not None:
            try:
                software_deployments.delete(
                    self.context, self.resource_id, conf=self.stack.settings.conf
                )
            except exception.NotFound:
                pass
        self._delete_config(config_id)
        swift_signal.delete(self)
        super().handle_delete()
        return True

    def _cancel(self) -> None:
        """Mark the deployment failed when its server has not reported yet: the action that
        waited for it is over (timed out or cancelled), and the server should stop too."""
        if self.resource_id is None:
            return
        try:
            shown = software_deployments.show(self.context, self.resource_id)
        except exception.NotFound:
            return
        if shown["status"] == states.IN_PROGRESS:
            software_deployments.update(
                self.context,
                self.resource_id,
                status=states.FAILED,
                status_reason=_("Deployment cancelled."),
            )

    def handle_create_cancel(self, waiting: bool) -> None:
        self._cancel()

    def handle_update_cancel(self, waiting: bool) -> None:
        self._cancel()

    def handle_delete_cancel(self, waiting: bool) -> None:
        self._cancel()

    def handle_suspend_cancel(self, waiting: bool) -> None:
        self._cancel()

    def handle_signal(self, details: Any = None) -> str | None:
        """The server's report of the deployment (its outputs)."""
        if self.resource_id is None:
            return None
        updated_at = timeutils.utcnow().isoformat()
        return software_deployments.signal(self.context, self.resource_id, details, updated_at)

    # -- attributes ---------------------------------------------------------------------------

    def FnGetAtt(self, key: str, *path: Any) -> Any:  # noqa: N802 - Heat's public name
        """An output value of the deployment: a standard one or one the config declares."""
        if key in attributes.BASE_ATTRIBUTES:
            return super().FnGetAtt(key, *path)
        if self.resource_id is not None:
            try:
                shown = software_deployments.show(self.context, self.resource_id)
            except exception.NotFound:
                shown = {}
            values = shown.get("output_values") or {}
            if key in values:
                return attributes.select_from_attribute(values[key], path)
        if key in OUTPUT_ATTRIBUTES or key in self._declared_outputs():
            return None
        raise exception.InvalidTemplateAttribute(resource=self.name, key=key)

    def _declared_outputs(self) -> set[str]:
        try:
            source = self._source_config()
        except exception.NotFound:
            return set()
        return {output["name"] for output in source.get(rpc_api.SOFTWARE_CONFIG_OUTPUTS) or []}

    def _resolve_attribute(self, name: str) -> Any:
        return self.FnGetAtt(name)


def resource_mapping() -> dict[str, type]:
    """The types this module provides."""
    return {"OS::Heat::SoftwareDeployment": SoftwareDeployment}
