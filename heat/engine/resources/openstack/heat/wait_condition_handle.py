"""``OS::Heat::WaitConditionHandle`` and ``OS::Heat::UpdateWaitConditionHandle``.

The native handle is signalled with ``{"status", "reason", "data", "id"}``, each optional
(SUCCESS, ``Signal <n> received``, null and the signal's number by default), in the way
``signal_transport`` says: a token of its stack user and the native API's signal URL by
default (``curl_cli`` is the curl command line that sends it), the user's credentials, a
pre-signed CFN URL, a Zaqar queue to post to with the user's credentials, a Swift
temporary URL to PUT to (each PUT one signal), or no signal at all.
"""

import json
from collections.abc import Mapping
from typing import Any

from heat.common.i18n import _
from heat.engine import attributes, constraints, properties, support
from heat.engine.resources import signal_responder as responder
from heat.engine.resources import signal_urls, temp_url_signal, zaqar_signal
from heat.engine.resources.aws.cfn.wait_condition_handle import WaitConditionHandle
from heat.engine.resources.wait_condition import SUCCESS, BaseWaitConditionHandle

ATTRIBUTES = (TOKEN, ENDPOINT, CURL_CLI, SIGNAL) = ("token", "endpoint", "curl_cli", "signal")
DATA_KEYS = (TOKEN_DATA, ENDPOINT_DATA) = ("token", "endpoint")
# The transports whose service this engine has no client for, by that service.
CURL_COMMAND = (
    "curl %(insecure)s-i -X POST -H 'X-Auth-Token: %(token)s' "
    "-H 'Content-Type: application/json' -H 'Accept: application/json' %(endpoint)s"
)


def normalise_native_signal(details: Any, stored: Mapping[str, Any]) -> Any:
    """A native signal with its missing fields filled in: SUCCESS, ``Signal <n> received``,
    no data, and ``n`` as its id, where ``n`` counts the signals kept so far plus this one."""
    number = len(stored) + 1
    if details is not None and not isinstance(details, Mapping):
        return details
    signal = dict(details or {})
    signal.setdefault("reason", "Signal %s received" % number)
    signal.setdefault("data", None)
    signal.setdefault("id", number)
    signal.setdefault("status", SUCCESS)
    return signal


class HeatWaitConditionHandle(BaseWaitConditionHandle):
    """A handle that servers signal to complete an ``OS::Heat::WaitCondition``.

    It makes a stack user whose credentials reach this handle only, and tells the
    signaller what to use through its attributes, as its signal transport requires.
    """

    support_status = support.SupportStatus(version="2014.2")

    METADATA_KEYS = ("data", "reason", "status", "id")

    properties_schema = {
        responder.SIGNAL_TRANSPORT: properties.Schema(
            properties.Schema.STRING,
            _(
                "How the client will signal the wait condition. CFN_SIGNAL "
                "will allow an HTTP POST to a CFN keypair signed URL. "
                "TEMP_URL_SIGNAL will create a Swift TempURL to be "
                "signalled via HTTP PUT. HEAT_SIGNAL will allow calls to the "
                "Heat API resource-signal using the provided keystone "
                "credentials. ZAQAR_SIGNAL will create a dedicated zaqar queue "
                "to be signalled using the provided keystone credentials. "
                "TOKEN_SIGNAL will allow and HTTP POST to a Heat API endpoint "
                "with the provided keystone token. NO_SIGNAL will result in "
                "the resource going to a signalled state without waiting for "
                "any signal."
            ),
            default=responder.TOKEN_SIGNAL,
            constraints=[constraints.AllowedValues(responder.SIGNAL_TRANSPORTS)],
            support_status=support.SupportStatus(version="6.0.0"),
        ),
    }

    attributes_schema = {
        TOKEN: attributes.Schema(
            _(
                "Token for stack-user which can be used for signalling handle "
                "when signal_transport is set to TOKEN_SIGNAL. None for all "
                "other signal transports."
            ),
            cache_mode=attributes.Schema.CACHE_NONE,
            type=attributes.Schema.STRING,
        ),
        ENDPOINT: attributes.Schema(
            _(
                "Endpoint/url which can be used for signalling handle when "
                "signal_transport is set to TOKEN_SIGNAL. None for all "
                "other signal transports."
            ),
            cache_mode=attributes.Schema.CACHE_NONE,
            type=attributes.Schema.STRING,
        ),
        CURL_CLI: attributes.Schema(
            _(
                "Convenience attribute, provides curl CLI command "
                "prefix, which can be used for signalling handle completion or "
                "failure when signal_transport is set to TOKEN_SIGNAL. You "
                "can signal success by adding "
                '--data-binary \'{"status": "SUCCESS"}\' '
                ", or signal failure by adding "
                '--data-binary \'{"status": "FAILURE"}\'. '
                "This attribute is set to None for all other signal "
                "transports."
            ),
            cache_mode=attributes.Schema.CACHE_NONE,
            type=attributes.Schema.STRING,
        ),
        SIGNAL: attributes.Schema(
            _(
                "JSON serialized map that includes the endpoint, token and/or "
                "other attributes the client must use for signalling this "
                "handle. The contents of this map depend on the type of signal "
                "selected in the signal_transport property."
            ),
            cache_mode=attributes.Schema.CACHE_NONE,
            type=attributes.Schema.STRING,
        ),
    }

    def validate(self) -> None:
        """The schema's checks; ZAQAR_SIGNAL needs Zaqar, TEMP_URL_SIGNAL Swift."""
        super().validate()
        self.refuse_unavailable_transport(self.properties[responder.SIGNAL_TRANSPORT])

    def handle_create(self) -> None:
        """Make the user with a password, and what the transport hands out: for
        TOKEN_SIGNAL a token of it and the native API's signal URL in the stack user's
        project, for CFN_SIGNAL the pre-signed URL, for HEAT_SIGNAL the signal URL."""
        self.set_password(responder.generate_password())
        super().handle_create()
        transport = self.signal_transport()
        if transport == responder.TOKEN_SIGNAL:
            self.data_set(TOKEN_DATA, self.user_token(), redact=True)
            self.data_set(ENDPOINT_DATA, "%s/signal" % self._resource_endpoint())
        elif transport == responder.CFN_SIGNAL:
            self.make_ec2_signed_url()
        elif transport == responder.HEAT_SIGNAL:
            self.heat_signal_url(project_id=self.stack.state_data.stack_user_project_id)

    def _resource_endpoint(self) -> str:
        """The native API's URL of this resource, in the stack user's project."""
        project_id = self.context.project_id
        url = self.client_plugin("heat").get_heat_url()
        url = url.replace(project_id, self.identifier().url_path())
        return url.replace(project_id, self.stack.state_data.stack_user_project_id or "")

    def _resolve_attribute(self, name: str) -> Any:
        # Without its user the handle was deleted: it has nothing to hand out any more.
        if not self.resource_id or self.user_id() is None:
            return None
        if name == SIGNAL:
            return json.dumps(self.signal_details(signal_urls.WAITCONDITION))
        if name in (TOKEN, ENDPOINT):
            return self.data().get(name)
        if name == CURL_CLI:
            return self._curl_cli()
        return None

    def _curl_cli(self) -> str | None:
        data = self.data()
        token, endpoint = data.get(TOKEN_DATA), data.get(ENDPOINT_DATA)
        if endpoint is None or token is None:
            return None
        insecure = self.client_plugin("heat").get_insecure_option()
        values = {"insecure": "--insecure " if insecure else "", "token": token}
        return CURL_COMMAND % dict(values, endpoint=endpoint)

    def get_status(self) -> list[str]:
        """The statuses received; with NO_SIGNAL each look counts as one more signal, with
        ZAQAR_SIGNAL each look takes what was posted to the handle's queue, with
        TEMP_URL_SIGNAL each look keeps the signals PUT to the handle's object since."""
        transport = self.signal_transport()
        if transport == responder.NO_SIGNAL:
            self._receive({})
        elif transport == responder.ZAQAR_SIGNAL:
            for body in zaqar_signal.pop(self):
                self._receive(body)
        elif transport == responder.TEMP_URL_SIGNAL:
            kept = self.metadata_get(refresh=True)
            for signal in temp_url_signal.signals(self):
                unique_id = signal["id"]
                if kept.get(str(unique_id)) != {k: v for k, v in signal.items() if k != "id"}:
                    self._receive(signal)
        return super().get_status()

    def _receive(self, details: Any) -> None:
        reason = "Signal: %s" % self.handle_signal(details)
        self.stack.store.record_note(self, "SIGNAL", reason)

    def normalise_signal(self, details: Any, stored: Mapping[str, Any]) -> Any:
        """The signal with its missing fields filled in (see normalise_native_signal)."""
        return normalise_native_signal(details, stored)


class UpdateWaitConditionHandle(WaitConditionHandle):
    """An AWS-style wait condition handle that a stack update always replaces.

    The replacement has a new URL and no signals, so whatever waits on it waits for the
    servers to signal again after every update.
    """

    support_status = support.SupportStatus(version="2014.1")

    def needs_update(self, old: Any) -> bool:
        """Always: every stack update replaces the handle."""
        return True

    def needs_replace_with_prop_diff(self, changed: set, after: Any, before: Any) -> bool:
        """Always: the handle is never updated in place."""
        return True


def resource_mapping() -> dict[str, Any]:
    """The types this module provides."""
    return {
        "OS::Heat::WaitConditionHandle": HeatWaitConditionHandle,
        "OS::Heat::UpdateWaitConditionHandle": UpdateWaitConditionHandle,
    }
