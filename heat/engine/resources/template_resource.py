"""Template resources: a type the environment maps to a template file or URL.

The template's parameters become the resource's properties (all updatable in place) and
its outputs its attributes; creating the resource creates the template as a nested stack.
"""

from typing import Any

from heat.common import identifier, template_format
from heat.engine import attributes, properties
from heat.engine.resources.stack_resource import StackResource

STACK_ID_OUTPUT = "OS::stack_id"


class TemplateResource(StackResource):
    """A resource implemented by the provider template its type is mapped to."""

    def __init__(self, name: str, definition: Any, stack: Any):
        info = stack.env.get_resource_info(definition.resource_type, name)
        self.template_name = info.template_name
        self._template = template_format.parse(info.template_data(stack.t.files))
        parsed = stack.templates.load(self._template, files=stack.t.files)
        self.properties_schema = {
            key: properties.Schema.from_parameter(schema)
            for key, schema in parsed.param_schemata().items()
        }
        self.attributes_schema = {
            key: attributes.Schema(str(output.get("description", "")) or None)
            for key, output in parsed.section(parsed.OUTPUTS).items()
            if isinstance(output, dict)
        }
        super().__init__(name, definition, stack)

    @classmethod
    def class_for_template(cls, name: str, text: str, param_defaults: Any) -> type:
        """The class the registry reports for a template type (schemas come per resource)."""
        return cls

    def child_template(self) -> Any:
        return self._template

    def child_params(self) -> dict[str, Any]:
        given = self.properties.data or {}
        return {key: self.properties[key] for key in self.properties_schema if key in given}

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
