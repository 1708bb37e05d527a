"""Stacks: list, create, preview, look up, show and delete; template, environment and files.

Updates are in :mod:`heat.api.openstack.v1.stack_updates`, outputs and snapshots in
:mod:`heat.api.openstack.v1.snapshots`. Policy scope ``stacks``.
"""

import webob.exc

from heat.api.openstack.v1 import body_fields, controller, stack_data, util
from heat.api.openstack.v1.views import common, stacks_view
from heat.common import identifier, wsgi
from heat.common.i18n import _
from heat.rpc import api as rpc_api

_PAGE_PARAMS = {"marker": "single", "sort_dir": "single", "sort_keys": "multi"}
_TAG_PARAMS = ("tags", "tags_any", "not_tags", "not_tags_any")
_SHOW_PARAMS = ("show_deleted", "show_nested", "show_hidden")
_FILTERS = {key: "mixed" for key in rpc_api.STACK_FILTER_KEYS}
# The stack table's timeout column is a 32-bit integer.
MAX_TIMEOUT_MINS = 2**31 - 1


def prepare_args(data: stack_data.InstantiationData, is_update: bool = False) -> dict:
    """The engine ``args`` of a body, each known one checked for type and range."""
    args = data.args()
    if args.get(rpc_api.PARAM_TIMEOUT) is not None:
        args[rpc_api.PARAM_TIMEOUT] = util.int_param(args, rpc_api.PARAM_TIMEOUT)
        if args[rpc_api.PARAM_TIMEOUT] > MAX_TIMEOUT_MINS:
            raise body_fields.invalid(rpc_api.PARAM_TIMEOUT, _("at most %d") % MAX_TIMEOUT_MINS)
    for flag in (rpc_api.PARAM_DISABLE_ROLLBACK, rpc_api.PARAM_CONVERGE, rpc_api.PARAM_EXISTING):
        if flag in args:
            args[flag] = util.bool_param(args, flag)
    if args.get(rpc_api.PARAM_TAGS) is not None:
        tags = body_fields.one_of_types(args, rpc_api.PARAM_TAGS, (str, list), _("a string"))
        if isinstance(tags, list):
            body_fields.string_list(args, rpc_api.PARAM_TAGS)
        args[rpc_api.PARAM_TAGS] = util.tags_param(tags)
    body_fields.string_list(args, rpc_api.PARAM_CLEAR_PARAMETERS)
    body_fields.one_of_types(
        args, rpc_api.PARAM_ADOPT_STACK_DATA, (str, dict), _("a JSON object or a string")
    )
    if rpc_api.PARAM_CONVERGE in args and not is_update:
        raise webob.exc.HTTPBadRequest(
            _("%s flag only supported in stack update (or update preview) request.")
            % rpc_api.PARAM_CONVERGE
        )
    return args


class StackController(controller.Controller):
    """Whole-stack calls of the v1 API."""

    REQUEST_SCOPE = "stacks"

    def _data(self, body, patch=False):
        return stack_data.InstantiationData(
            body, patch, self.conf.max_template_size, self.conf.template_fetch_timeout
        )

    @staticmethod
    def _selection(params) -> dict:
        """Which stacks a list or count covers: show_* flags and tag filters."""
        selection = {name: util.bool_param(params, name) for name in _SHOW_PARAMS}
        for name in _TAG_PARAMS:
            if name in params:
                selection[name] = util.tags_param(params[name])
        return selection

    @util.enforce_policy
    def index(self, request):
        """A page of the project's stacks, with a next link and optionally the total count."""
        context = util.context_of(request)
        if util.bool_param(request.params, rpc_api.PARAM_GLOBAL_TENANT):
            self.enforce(request, context.project_id, "global_index")
        selection = self._selection(request.params)
        filters = util.allowed_params(request.params, _FILTERS) or None
        stacks = self.engine_client.list_stacks(
            context,
            filters=filters,
            limit=util.int_param(request.params, "limit"),
            **util.allowed_params(request.params, _PAGE_PARAMS),
            **selection,
        )
        count = None
        if util.bool_param(request.params, "with_count"):
            count = self.engine_client.count_stacks(context, filters=filters, **selection)
        return stacks_view.collection(request, stacks, count, include_project=context.is_admin)

    @util.enforce_policy
    def detail(self, request):
        """Every stack of the project in full."""
        stacks = self.engine_client.show_stack(util.context_of(request), None)
        return {"stacks": [stacks_view.format_stack(request, stack) for stack in stacks]}

    @util.enforce_policy
    def create(self, request, body):
        """Create a stack: 201 with its link in the body and the Location header."""
        data = self._data(body)
        result = self.engine_client.create_stack(util.context_of(request), **_stack_arguments(data))
        stack = stacks_view.format_stack(request, {rpc_api.STACK_ID: result})
        location = stack["links"][0]["href"]
        return wsgi.json_response({"stack": stack}, status=201, headers={"Location": location})

    @util.enforce_policy
    def preview(self, request, body):
        """What creating the stack would make."""
        data = self._data(body)
        result = self.engine_client.preview_stack(
            util.context_of(request), **_stack_arguments(data)
        )
        return {"stack": stacks_view.format_stack(request, result)}

    def lookup(self, request, tenant_id, stack_name, path=None):
        """302 to the canonical URL of a stack named by name or ARN, keeping path and query."""
        self.authorize(request, tenant_id, "lookup")
        identity = identifier.parse_stack_arn_or_none(stack_name)
        if identity is None:
            identity = self.engine_client.identify_stack(util.context_of(request), stack_name)
        location = common.make_url(request, identity)
        if path:
            location = "%s/%s" % (location, path)
        if request.query_string:
            location = "%s?%s" % (location, request.query_string)
        return wsgi.empty_response(302, {"Location": location})

    @util.identified_stack
    def show(self, request, identity):
        """One stack in full; outputs resolved unless ``resolve_outputs=false``."""
        resolve = util.bool_param(request.params, rpc_api.PARAM_RESOLVE_OUTPUTS, default=True)
        stacks = self.engine_client.show_stack(
            util.context_of(request), identity, resolve_outputs=resolve
        )
        if not stacks:
            raise webob.exc.HTTPNotFound()
        return {"stack": stacks_view.format_stack(request, stacks[0])}

    @util.identified_stack
    def template(self, request, identity):
        """The stack's template as stored."""
        return self.engine_client.get_template(util.context_of(request), identity)

    @util.identified_stack
    def environment(self, request, identity):
        """The stack's environment, hidden values redacted."""
        return self.engine_client.get_environment(util.context_of(request), identity)

    @util.identified_stack
    def files(self, request, identity):
        """The stack's files map."""
        return self.engine_client.get_files(util.context_of(request), identity)

    @util.identified_stack
    def delete(self, request, identity):
        """Start deleting the stack: 204."""
        self.engine_client.delete_stack(util.context_of(request), identity, cast=False)
        return wsgi.empty_response(204)

    @util.identified_stack
    def abandon(self, request, identity):
        """Forget the stack, keeping its physical resources; answers its export."""
        return self.engine_client.abandon_stack(util.context_of(request), identity)

    @util.identified_stack
    def drift(self, request, identity):
        """The stack's latest drift detection (404 before the first)."""
        detection = self.engine_client.show_stack_drift(util.context_of(request), identity)
        return {"drift": detection}

    @util.identified_stack
    def export(self, request, identity):
        """The stack's export document."""
        return self.engine_client.export_stack(util.context_of(request), identity)


def _stack_arguments(data) -> dict:
    """The engine arguments of a create or a create preview, taken from the request body."""
    return {
        "stack_name": data.stack_name(),
        "template": data.template(),
        "params": data.environment(),
        "files": data.files(),
        "environment_files": data.environment_files(),
        "files_container": data.files_container(),
        "args": prepare_args(data),
    }
