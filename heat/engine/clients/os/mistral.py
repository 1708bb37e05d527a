"""The Mistral client plugin: Mistral's REST API v2 (workflows, executions, cron triggers)
spoken through a keystoneauth adapter of the ``workflowv2`` service Mistral registers in the
catalog, with the bodies Mistral documents.

openstacksdk's workflow proxy sends ``?scope=None`` when a workflow names no scope and drops
Mistral's answer to a workflow create (the names of the workflows made), and
python-mistralclient would bring osc-lib and cliff for a dozen requests; a workflow, an
execution or a cron trigger here is the plain dict Mistral answers with.
"""

import json
from typing import Any
from urllib import parse

from openstack import exceptions as sdk_exceptions
from oslo_utils import uuidutils

from heat.common import exception
from heat.common.i18n import _
from heat.engine.clients.rest_plugin import RestClientPlugin

# Relative to the catalog's endpoint, which is Mistral's versioned root (``.../v2``).
WORKFLOWS, EXECUTIONS, CRON_TRIGGERS = "/workflows", "/executions", "/cron_triggers"
# Workflows are made from their definition in Mistral's DSL, sent as text.
DSL_HEADERS = {"Content-Type": "text/plain"}
# The scope upstream's client gives the workflows it makes.
PRIVATE = "?scope=private"


def item_path(collection: str, identifier: str) -> str:
    """The path of one item (``/workflows/<name>``) of a collection."""
    return "%s/%s" % (collection, parse.quote(identifier, safe=""))


def workflow_reference(identifier: str) -> dict[str, str]:
    """How a request names a workflow: by id when ``identifier`` is a UUID, else by name
    (as Mistral's client does)."""
    key = "workflow_id" if uuidutils.is_uuid_like(identifier) else "workflow_name"
    return {key: identifier}


class MistralClientPlugin(RestClientPlugin):
    """``client()`` is a keystoneauth adapter of the ``workflowv2`` service for the context."""

    name = "mistral"
    service_type = "workflowv2"

    def call(self, method: str, path: str, body: Any = None, definition: str | None = None) -> Any:
        """Mistral's answer to a request on ``path`` (``/executions``), decoded; a workflow
        ``definition`` goes as the request's text instead of a JSON ``body``."""
        if definition is None:
            options: dict[str, Any] = {"json": body}
        else:
            options = {"data": definition.encode("utf-8"), "headers": DSL_HEADERS}
        return self.send(method, path, **options)

    def save_workflows(self, definition: str, update: bool = False) -> list[dict[str, Any]]:
        """Make (or, with ``update``, change) the workflows of a DSL ``definition``; the
        workflows as Mistral answers."""
        method = "put" if update else "post"
        answer = self.call(method, WORKFLOWS + PRIVATE, definition=definition)
        return list(answer["workflows"])

    def get_workflow(self, identifier: str) -> dict[str, Any]:
        """The workflow named or identified by ``identifier``; EntityNotFound when Mistral
        has none (the ``mistral.workflow`` constraint)."""
        try:
            return dict(self.call("get", item_path(WORKFLOWS, identifier)))
        except sdk_exceptions.NotFoundException:
            raise exception.EntityNotFound(entity="Workflow", name=identifier) from None

    def start_execution(
        self, workflow: str, inputs: Any, params: dict[str, Any], description: str = ""
    ) -> dict[str, Any]:
        """Start an execution of ``workflow`` with ``inputs`` and ``params`` (the bodies
        Mistral takes them in are JSON texts)."""
        body: dict[str, Any] = {"description": description, **workflow_reference(workflow)}
        body["input"] = json.dumps(inputs)
        if params:
            body["params"] = json.dumps(params)
        return dict(self.call("post", EXECUTIONS, body))

    def executions_url(self) -> str:
        """The URL of Mistral's executions, which a Zaqar subscription posts to."""
        endpoint = self.url()
        if not endpoint:
            raise exception.Error(_("Mistral (workflowv2) is not in the service catalog."))
        return endpoint.rstrip("/") + EXECUTIONS
