"""The stack-defining part of a create, update, preview or validate request body.

Gives the engine its arguments: the template (an object, or YAML/JSON text, or fetched
from ``template_url``), the environment (with ``parameters`` merged over it), files,
environment files and the remaining keys as ``args``. Bad input is a 400 with Heat's
messages ("No stack name specified", "No template specified", ...).
"""

import json

import webob.exc

from heat.common import template_format, urlfetch
from heat.common.i18n import _
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

    def __init__(self, data, patch: bool = False, max_template_size: int | None = None):
        if data is not None and not isinstance(data, dict):
            raise webob.exc.HTTPBadRequest(_("The request body must be a JSON object."))
        self.data = data or {}
        self.patch = patch
        self.max_template_size = max_template_size

    def stack_name(self) -> str:
        """The name of the new stack; 400 when missing."""
        name = self.data.get(self.PARAM_STACK_NAME)
        if not name:
            raise webob.exc.HTTPBadRequest(_("No stack name specified"))
        return name

    def _parse_template(self, text: str) -> dict:
        try:
            return template_format.parse(text, self.max_template_size)
        except ValueError as error:
            raise webob.exc.HTTPBadRequest(_("Template not in valid format: %s") % error)

    def template(self) -> dict | None:
        """The template object (for an adopt, the one in the adopt data when the body has
        none); None for a patch without one, else 400 when missing."""
        adopted = self._adopted_template()
        if self.PARAM_TEMPLATE not in self.data and adopted is not None:
            return adopted
        if self.PARAM_TEMPLATE in self.data:
            template = self.data[self.PARAM_TEMPLATE]
            return self._parse_template(template) if isinstance(template, str) else template
        url = self.data.get(self.PARAM_TEMPLATE_URL)
        if url:
            try:
                text = urlfetch.get(url, self.max_template_size or 524288)
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
                data = json.loads(data)
            except ValueError:
                return None
        template = data.get("template") if isinstance(data, dict) else None
        return template if isinstance(template, dict) else None

    def _environment_object(self) -> dict:
        environment = self.data.get(self.PARAM_ENVIRONMENT) or {}
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
        parameters = self.data.get(self.PARAM_USER_PARAMS) or {}
        if not isinstance(parameters, dict):
            raise webob.exc.HTTPBadRequest(_("The parameters must be a JSON object."))
        environment["parameters"] = {**environment["parameters"], **parameters}
        return environment

    def files(self) -> dict:
        """The files map (name to contents) that the template and environment refer to."""
        return self.data.get(self.PARAM_FILES) or {}

    def environment_files(self) -> list | None:
        """Names in ``files`` of environments to merge; they replace ``environment``."""
        return self.data.get(self.PARAM_ENVIRONMENT_FILES)

    def files_container(self) -> str | None:
        """A Swift container the engine takes the files from."""
        return self.data.get(self.PARAM_FILES_CONTAINER)

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
