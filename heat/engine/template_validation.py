"""``validate_template``: a template checked with its environment and files, creating nothing.

The answer describes the template as the validate API shows it: ``Description``,
``Parameters`` (validate-format dicts), ``ParameterGroups`` when the template has them,
and the user ``Environment``. Any fault is a Heat error whose message names its path.
"""

from collections.abc import Mapping
from typing import Any

from heat.common import exception, identifier
from heat.common.i18n import _
from heat.engine import environment, environment_merge, parameter_format
from heat.engine.stack_definition import StackDefinition


def validate_template(
    context: Any,
    templates: Any,
    global_env: environment.Environment,
    template: Any,
    params: Mapping[str, Any] | None = None,
    files: Mapping[str, str] | None = None,
    environment_files: list[str] | None = None,
    ignorable_errors: list[str] | None = None,
) -> dict[str, Any]:
    """Validate ``template`` with environment ``params``; return its validate-API description."""
    if not isinstance(template, Mapping):
        raise exception.StackValidationFailed(message=_("The template must be a JSON object."))
    files = dict(files or {})
    template_class = templates.template_class(template)
    env_dict = dict(params or {})
    if environment_files:
        schemata = template_class(template, files=files).param_schemata()
        environment_merge.merge_environments(environment_files, files, env_dict, schemata)
    env = environment.Environment(env_dict, global_env=global_env)
    parsed = template_class(template, files=files, env=env)
    # Like a stack before creation: it has a name (for OS::stack_name) but no id yet.
    identity = identifier.HeatIdentifier(getattr(context, "project_id", None), "dummy", None)
    stack = StackDefinition(parsed, env=env, identifier=identity)
    try:
        stack.validate(context)
    except exception.HeatException as error:
        if error.error_code is None or error.error_code not in (ignorable_errors or ()):
            raise
    return _describe(parsed, stack, env)


def _describe(parsed: Any, stack: StackDefinition, env: environment.Environment) -> dict:
    parameters = stack.parameters
    names = set(parameters.non_pseudo_param_keys)
    result: dict[str, Any] = {
        "Description": parsed.get(parsed.DESCRIPTION, ""),
        "Parameters": {
            name: parameter_format.validate_format(parameters.parameter(name))
            for name in parameters.non_pseudo_param_keys
            if name in names
        },
    }
    groups = parsed.parameter_groups()
    if groups:
        result["ParameterGroups"] = groups
    result["Environment"] = env.user_env_as_dict()
    return result
