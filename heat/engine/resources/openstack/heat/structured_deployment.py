"""``OS::Heat::StructuredDeployment``: a deployment that substitutes its inputs into the config.

For tools with no notion of inputs (cfn-init's JSON metadata, for one), every
``{get_input: <name>}`` in the map of an ``OS::Heat::StructuredConfig`` becomes the
input's value in the derived config. ``input_key`` names another key to substitute
instead (so that ``get_input`` can pass through); with ``input_values_validate: STRICT``
an input without a value fails the deployment.
"""

from collections.abc import Mapping, Sequence
from typing import Any

from heat.common import exception
from heat.common.i18n import _
from heat.engine import constraints, properties, support
from heat.engine.resources.openstack.heat.software_deployment import SoftwareDeployment

Schema = properties.Schema

INPUT_KEY, INPUT_VALUES_VALIDATE = "input_key", "input_values_validate"
VALIDATIONS = (LAX, STRICT) = ("LAX", "STRICT")


def substitute(snippet: Any, values: Mapping[str, Any], key: str, strict: bool) -> Any:
    """``snippet`` with each ``{key: name}`` replaced by ``values[name]``."""
    if isinstance(snippet, Mapping):
        if len(snippet) == 1:
            ((name, argument),) = snippet.items()
            if name == key and isinstance(argument, str):
                if strict and argument not in values:
                    raise exception.UserParameterMissing(key=argument)
                return values.get(argument)
        return {name: substitute(value, values, key, strict) for name, value in snippet.items()}
    if isinstance(snippet, Sequence) and not isinstance(snippet, str):
        return [substitute(value, values, key, strict) for value in snippet]
    return snippet


class StructuredDeployment(SoftwareDeployment):
    """A deployment like OS::Heat::SoftwareDeployment which performs input value
    substitution on the config of an OS::Heat::StructuredConfig.

    Where the config holds ``{get_input: input_name}``, the value of ``input_name`` is
    put in its place; another ``input_key`` lets ``get_input`` through unchanged.
    """

    support_status = support.SupportStatus(version="2014.1")
    properties_schema = {
        **SoftwareDeployment.properties_schema,
        INPUT_KEY: Schema(
            Schema.STRING,
            _("Name of key to use for substituting inputs during deployment."),
            default="get_input",
        ),
        INPUT_VALUES_VALIDATE: Schema(
            Schema.STRING,
            _(
                "Perform a check on the input values passed to verify that each required "
                "input has a corresponding value. When the property is set to STRICT and no "
                "value is passed, an exception is raised."
            ),
            default=LAX,
            constraints=[constraints.AllowedValues(list(VALIDATIONS))],
        ),
    }

    def derived_config(self, source: dict[str, Any], inputs: list[dict[str, Any]]) -> Any:
        values = {item["name"]: item.get("value") for item in inputs}
        strict = self.properties[INPUT_VALUES_VALIDATE] == STRICT
        return substitute(
            super().derived_config(source, inputs), values, self.properties[INPUT_KEY], strict
        )


def resource_mapping() -> dict[str, type]:
    """The types this module provides."""
    return {"OS::Heat::StructuredDeployment": StructuredDeployment}
