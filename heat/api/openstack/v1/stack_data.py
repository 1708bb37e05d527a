"""The stack-defining part of a create, update, preview or validate request body.

Gives the engine its arguments: the template (an object, or YAML/JSON text, or fetched
from ``template_url``), the environment (with ``parameters`` merged over it), files,
environment files and the remaining keys as ``args``. Bad input is a 400 with Heat's
messages ("No stack name specified", "No template specified", ...); a field of the wrong
type is a 400 naming it (see :mod:`heat.api.openstack.v1.body_fields`).
"""

import webob.exc

from heat.api.openstack.v1 import body_fields
from heat.common import exception, template_format, urlfetch
from heat.common.i18n import _
from heat.common.wsgi import serializers
from heat.rpc import api as rpc_api


class InstantiationData:
    """Accessors over a create/update body; ``patch`` allows leaving the template out."""

    PARAMS = (
        PARAM_STACK_NAME,
        PARAM_TEMPLATE,
        PARAM_TEMPLATE_URL,
        PARAM_USER_PARAMS,
        PARAM_ENVIRONMENT,
        PARAM_FILES,
        PARAM_ENVIRONMENT_FILES,
        PARAM_FILES_CONTAINER,
    ) = (
        "stack_name",
        "template",
        "template_url",
        "parameters",
        "environment",
        "files",
        "environment_files",
        "files_container",
    )

    def __init__(
        self,
        data,
        patch: bool = False,
        max_template_size: int | None = None,
        fetch_timeout: float = urlfetch.DEFAULT_TIMEOUT,
    ):
        if data is not None and not isinstance(data, dict):
            raise webob.exc.HTTPBadRequest(_("The request body must be a JSON object."))
        self.data = data or {}
        self.patch = patch
        self.max_template_size = max_template_size
        self.fetch_timeout = fetch_timeout

    def stack_name(self) -> str:
        """The name of the new stack; 400 when missing."""
        name = self.data.get(self.PARAM_STACK_NAME)
        if not name:
            raise webob.exc.HTTPBadRequest(_("No stack name specified"))
        if not isinstance(name, str):
            raise exception.StackValidationFailed(
                message=_("Invalid stack name %s, must be a string") % name
            )
        return body_fields.checked_string(self.PARAM_STACK_NAME, name)

    def _parse_template(self, text: str) -> dict:
        try:
            return template_format.parse(text, self.max_template_size)
        except ValueError as error:
            raise webob.exc.HTTPBadRequest(_("Template not in valid format: %s") % error)

    def template(self) -> dict | None:
        """The template object (for an adopt, the one in the adopt data when the body has
        none); None for a patch without one, else 400 when missing."""
        adopted = self._adopted_template()
        # python-heatclient sends ``"template": null`` for a patch that keeps the template.
        given = self.data.get(self.PARAM_TEMPLATE) is not None
        if not given and adopted is not None:
            return adopted
        if given:
            template = self.data[self.PARAM_TEMPLATE]
            if not isinstance(template, (str, dict)):
                raise body_fields.invalid(self.PARAM_TEMPLATE, _("a JSON object or a string"))
            return self._parse_template(template) if isinstance(template, str) else template
        url = body_fields.string(self.data, self.PARAM_TEMPLATE_URL)
        if url:
            try:
                text = urlfetch.get(url, self.max_template_size or 524288, self.fetch_timeout)
            except OSError as error:
                raise webob.exc.HTTPBadRequest(_("Could not retrieve template: %s") % error)
            return self._parse_template(text)
        if self.patch:
            return None
        raise webob.exc.HTTPBadRequest(_("No template specified"))

    def _adopted_template(self) -> dict | None:
        data = self.data.get("adopt_stack_data")
        if isinstance(data, str):
            try:
                data = serializers.bounded_loads(data)
            except ValueError:
                return None
        template = data.get("template") if isinstance(data, dict) else None
        return template if isinstance(template, dict) else None

    def _environment_object(self) -> dict:
        environment = self.data.get(self.PARAM_ENVIRONMENT) or {}
        if not isinstance(environment, (str, dict)):
            raise body_fields.invalid(self.PARAM_ENVIRONMENT, _("a JSON object or a string"))
        if self.environment_files():
            return {}
        try:
            if isinstance(environment, str):
                return template_format.parse_environment(environment)
            template_format.validate_environment(environment)
        except ValueError as error:
            raise webob.exc.HTTPBadRequest(_("Environment not in valid format: %s") % error)
        return dict(environment)

    def environment(self) -> dict:
        """The environment with every section present and the body's parameters merged in."""
        environment = template_format.default_for_missing(self._environment_object())
        parameters = body_fields.json_object(self.data, self.PARAM_USER_PARAMS) or {}
        environment["parameters"] = {**environment["parameters"], **parameters}
        return environment

    def files(self) -> dict:
        """The files map (name to contents) that the template and environment refer to."""
        return body_fields.string_map(self.data, self.PARAM_FILES) or {}

    def environment_files(self) -> list | None:
        """Names in ``files`` of environments to merge; they replace ``environment``."""
        return body_fields.string_list(self.data, self.PARAM_ENVIRONMENT_FILES)

    def files_container(self) -> str | None:
        """A Swift container the engine takes the files from."""
        return body_fields.string(self.data, self.PARAM_FILES_CONTAINER, body_fields.NAME_LENGTH)

    def args(self) -> dict:
        """Every other key of the body: the engine's ``args`` (timeout_mins, tags, ...)."""
        return {key: value for key, value in self.data.items() if key not in self.PARAMS}

    def no_change(self) -> bool:
        """Whether a patch changes nothing but re-runs the update with what is stored."""
        return (
            self.template() is None
            and not self.data.get(self.PARAM_ENVIRONMENT)
            and not self.data.get(self.PARAM_USER_PARAMS)
            and not self.files()
            and not self.environment_files()
            and not self.files_container()
            and not any(key != rpc_api.PARAM_EXISTING for key in self.args())
        )
