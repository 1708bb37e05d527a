"""Change sets of a stack: a kept update preview, executed later only if it still holds.
Policy scope ``change_sets``.

The body of a create is an update's body (``template``, ``parameters``, ``environment``,
``files``, ``existing`` for a patch, ``timeout_mins``...) plus the change set's ``name``
and ``description``. A change set is named by its name or id.
"""

import webob.exc

from heat.api.openstack.v1 import body_fields, controller, util
from heat.api.openstack.v1.stack_updates import update_data
from heat.api.openstack.v1.stacks import prepare_args
from heat.common import wsgi
from heat.common.i18n import _
from heat.rpc import api as rpc_api

# Keys of the body that describe the change set, not the update it plans.
OWN_FIELDS = ("name", "description")


class ChangeSetController(controller.Controller):
    """Create, list, show, execute and delete the change sets of a stack."""

    REQUEST_SCOPE = "change_sets"

    @util.identified_stack
    def create(self, request, identity, body):
        """Preview the update in the body and keep it: 201 with the change set."""
        body = body if isinstance(body, dict) else {}
        name = body_fields.required_string(body, "name", body_fields.NAME_LENGTH)
        description = body_fields.string(body, "description")
        update = {key: value for key, value in body.items() if key not in OWN_FIELDS}
        data = update_data(self.conf, update, bool(update.get(rpc_api.PARAM_EXISTING)))
        if data.environment_files() or data.files_container():
            raise webob.exc.HTTPBadRequest(
                _("A change set takes its environment in the body: environment_files and "
                  "files_container are not supported.")
            )  # fmt: skip
        made = self.engine_client.create_change_set(
            util.context_of(request),
            identity,
            name,
            template=data.template(),
            params=data.environment(),
            files=data.files(),
            args=prepare_args(data, is_update=True),
            description=description,
        )
        return wsgi.json_response({"change_set": made}, 201)

    @util.identified_stack
    def index(self, request, identity):
        """The stack's change sets, without their changes."""
        listed = self.engine_client.list_change_sets(util.context_of(request), identity)
        return {"change_sets": listed}

    @util.identified_stack
    def show(self, request, identity, change_set):
        """One change set with the changes it plans."""
        shown = self.engine_client.show_change_set(util.context_of(request), identity, change_set)
        return {"change_set": shown}

    @util.identified_stack
    def execute(self, request, identity, change_set):
        """Start the update the change set planned: 202 (409 when it no longer holds)."""
        self.engine_client.execute_change_set(util.context_of(request), identity, change_set)
        return wsgi.empty_response(202)

    @util.identified_stack
    def delete(self, request, identity, change_set):
        """Forget a change set: 204."""
        self.engine_client.delete_change_set(util.context_of(request), identity, change_set)
        return wsgi.empty_response(204)
