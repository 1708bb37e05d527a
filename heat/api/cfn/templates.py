"""CloudFormation actions about templates: GetTemplate, ValidateTemplate, EstimateTemplateCost."""

from heat.api.aws.query import Call
from heat.api.cfn import identity, template_input
from heat.rpc import api as rpc_api

ESTIMATE_URL = "http://en.wikipedia.org/wiki/Gratis"


def get_template(call: Call) -> dict:
    """``{"TemplateBody": <the stack's template>}``."""
    stack = identity.required_stack_identity(call)
    return {"TemplateBody": call.engine.get_template(call.context, stack)}


def _template_parameter(key: str, schema: dict) -> dict:
    return {
        "ParameterKey": key,
        "DefaultValue": schema.get(rpc_api.PARAM_DEFAULT, ""),
        "NoEcho": schema.get(rpc_api.PARAM_NO_ECHO, "false"),
        "Description": schema.get(rpc_api.PARAM_DESCRIPTION, ""),
    }


def validate_template(call: Call) -> dict | str:
    """The template's description and parameters, or the engine's validation error (its
    text as the result, as upstream answers it)."""
    template = template_input.template_from_params(call.params, call.conf)
    result = call.engine.validate_template(call.context, template)
    if "Error" in result:
        return result["Error"]
    parameters = result.get("Parameters") or {}
    return {
        "Description": result.get("Description"),
        "Parameters": [_template_parameter(key, value) for key, value in parameters.items()],
    }


def estimate_template_cost(call: Call) -> dict:
    """A fixed page: running a stack here costs nothing extra."""
    return {"Url": ESTIMATE_URL}
