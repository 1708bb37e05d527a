"""Template resources: a type the environment maps to a template file or URL.

The template's parameters become the resource's properties (all updatable in place) and
its outputs its attributes; creating the resource creates the template as a nested stack.
A template that cannot be fetched or read fails the resource's validation, as in Heat,
rather than the loading of its stack.
"""

from typing import Any, ClassVar

from heat.common import exception, identifier, template_format, urlfetch
from heat.engine import attributes, properties
from heat.engine import resource_states as states
from heat.engine.resources.stack_resource import StackResource

STACK_ID_OUTPUT = "OS::stack_id"


def _schemas(parsed: Any, param_defaults: Any) -> tuple[dict, dict]:
    """The properties and attributes schemas of a provider template."""
    properties_schema = {
        key: properties.Schema.from_parameter(schema)
        for key, schema in parsed.param_schemata(param_defaults).items()
    }
    attributes_schema = {
        key: attributes.Schema(str(output.get("description", "")) or None)
        for key, output in parsed.section(parsed.OUTPUTS).items()
        if isinstance(output, dict)
    }
    return properties_schema, attributes_schema


def _fetch_limits(conf: Any) -> tuple[int | None, float]:
    """``max_template_size`` and ``template_fetch_timeout`` for fetching a provider template;
    the defaults without a configuration."""
    if conf is None:
        return None, urlfetch.DEFAULT_TIMEOUT
    return conf.max_template_size, conf.template_fetch_timeout


class TemplateResource(StackResource):
    """A resource implemented by the provider template its type is mapped to."""

    # Schemas by template text and the parameters parameter_defaults gives: a tree of
    # nested stacks (every member of a group) makes many resources of one template.
    _schemas: ClassVar[dict[tuple, tuple[dict, dict]]] = {}
    _schemas_limit: ClassVar[int] = 1024

    def __init__(self, name: str, definition: Any, stack: Any):
        info = stack.env.get_resource_info(definition.resource_type, name)
        self.template_name = info.template_name
        self.unreadable: Exception | None = None
        try:
            text = info.template_data(stack.t.files, *_fetch_limits(stack.settings.conf))
            self._template = template_format.parse(text, url=self.template_name)
        except (exception.NotFound, ValueError) as error:
            self.unreadable = error
            self._template = {}
        else:
            parsed = stack.templates.load(self._template, files=stack.t.files)
            self._set_schemas(text, parsed, stack.env.param_defaults)
        super().__init__(name, definition, stack)

    def _set_schemas(self, text: Any, parsed: Any, param_defaults: Any) -> None:
        """Properties from the template's parameters (not required where the environment's
        ``parameter_defaults`` gives one), attributes from its outputs."""
        defaulted = frozenset(
            name
            for name in parsed.section(parsed.PARAMETERS)
            if param_defaults.get(name) is not None
        )
        key = (type(parsed), text, defaulted)
        schemas = self._schemas.get(key)
        if schemas is None:
            schemas = _schemas(parsed, param_defaults)
            if len(self._schemas) >= self._schemas_limit:
                self._schemas.clear()
            self._schemas[key] = schemas
        self.properties_schema, self.attributes_schema = schemas

    def validate(self) -> None:
        self._check_readable()
        super().validate()

    def validate_template(self) -> None:
        self._check_readable()
        super().validate_template()

    def _check_readable(self) -> None:
        if self.unreadable is not None:
            raise exception.StackValidationFailed(message=str(self.unreadable))

    @classmethod
    def class_for_template(cls, name: str, text: str, param_defaults: Any) -> type:
        """The class the registry reports for a template type (schemas come per resource)."""
        return cls

    def child_template(self) -> Any:
        return self._template

    def template_url(self) -> str:
        return self.template_name

    def child_params(self) -> dict[str, Any]:
        given = self.properties.data or {}
        return {key: self._child_value(key) for key in self.properties_schema if key in given}

    def _child_value(self, key: str) -> Any:
        """The property's value for the nested stack; before the resource is created, a
        value that cannot be worked out yet (a function over attributes not known) is the
        empty value of the property's type, as upstream passes it."""
        try:
            return self.properties[key]
        except exception.StackValidationFailed:
            if self.action != states.INIT:
                raise
            return self.properties.empty_value(key)

    def full_attributes_schema(self) -> dict[str, attributes.Schema]:  # type: ignore[override]
        return {**attributes.BASE_ATTRIBUTES, **self.attributes_schema}

    def _resolve_attribute(self, name: str) -> Any:
        return self.get_output(name)

    def get_reference_id(self) -> str | None:
        nested = self.nested()
        if nested is None:
            return None
        if STACK_ID_OUTPUT in nested.outputs:
            value, error = nested.output(STACK_ID_OUTPUT)
            if error is None:
                return str(value)
        return identifier.HeatIdentifier(**nested.identifier()).arn()
