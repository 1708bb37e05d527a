"""``validate_template``: a template checked with its environment and files, creating nothing.

The answer describes the template as the validate API shows it: ``Description``,
``Parameters`` (validate-format dicts), ``ParameterGroups`` when the template has them,
and the user ``Environment``. Any fault is a Heat error whose message names its path.
"""

from collections.abc import Mapping
from typing import Any

from heat.common import exception, identifier, template_format
from heat.common.i18n import _
from heat.engine import (
    environment,
    environment_merge,
    function,
    parameter_format,
    resource_info,
)
from heat.engine.stack import EngineSettings, Stack
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
    show_nested: bool = False,
    settings: EngineSettings | None = None,
) -> dict[str, Any]:
    """Validate ``template`` with environment ``params``; return its validate-API description.

    Parameters need no value: the answer lists them for a client to ask for. As upstream,
    a fault of the template or a resource definition is answered ``{"Error": message}``;
    other faults (unknown parameters, bad references...) are raised. With
    ``show_nested``, resources implemented by provider templates add their template's
    description under ``NestedParameters``.
    """
    settings = settings or EngineSettings()
    parsed = parse_request_template(
        templates, global_env, template, params, files, environment_files
    )
    try:
        parsed.validate()
        _check_size(parsed, settings.max_resources_per_stack)
    except exception.HeatException as error:
        return {"Error": str(error)}
    # Like a stack before creation: it has a name (for OS::stack_name) but no id yet.
    engine_stack = Stack(context, "dummy", parsed, settings, templates=templates)
    engine_stack.strict_validate = False
    try:
        engine_stack.validate(template_only=True)
    except exception.StackValidationFailed as error:
        if error.error_code is None or error.error_code not in (ignorable_errors or ()):
            return {"Error": str(error)}
    return _answer(context, templates, engine_stack, show_nested, settings)


def _check_size(parsed: Any, limit: int) -> None:
    if 0 <= limit < len(parsed.section(parsed.RESOURCES)):
        raise exception.RequestLimitExceeded(message=exception.StackResourceLimitExceeded.msg_fmt)


def _answer(
    context: Any, templates: Any, engine_stack: Stack, show_nested: bool, settings: EngineSettings
) -> dict[str, Any]:
    parsed, stack = engine_stack.t, engine_stack.definition
    result = _describe(parsed, stack)
    if show_nested:
        files = dict(parsed.files)
        depth = settings.max_nested_stack_depth
        nested = _nested_parameters(context, templates, stack, files, depth)
        if nested:
            result["NestedParameters"] = nested
    # Types named by a template file count as registered, as upstream reports them.
    file_types = {
        definition.resource_type: definition.resource_type
        for definition in stack.resource_definitions.values()
        if isinstance(definition.resource_type, str)
        and resource_info.is_template_name(definition.resource_type)
    }
    parsed.env.registry.load(file_types)
    result["Environment"] = parsed.env.user_env_as_dict()
    return result


def parse_request_template(
    templates: Any,
    global_env: environment.Environment,
    template: Any,
    params: Mapping[str, Any] | None,
    files: Mapping[str, str] | None,
    environment_files: list[str] | None,
) -> Any:
    """The template object of a request, carrying its environment (the inline one, or
    ``environment_files`` merged in order) and its files."""
    if not isinstance(template, Mapping):
        raise exception.StackValidationFailed(message=_("The template must be a JSON object."))
    files = dict(files or {})
    template_class = templates.template_class(template)
    env_dict = dict(params or {})
    if environment_files:
        schemata = template_class(template, files=files).param_schemata()
        environment_merge.merge_environments(environment_files, files, env_dict, schemata)
    env = environment.Environment(env_dict, global_env=global_env)
    return template_class(template, files=files, env=env)


def _nested_parameters(
    context: Any, templates: Any, stack: StackDefinition, files: dict, depth: int
) -> dict:
    """``{resource: {"Type", "Description", "Parameters", ...}}`` of the provider-template
    resources of ``stack``, their properties given as the nested parameters' values."""
    nested = {}
    for name, definition in stack.resource_definitions.items():
        info = _template_info(stack.env, definition.resource_type, name)
        if info is None or depth <= 0:
            continue
        child_dict = template_format.parse(info.template_data(files))
        child_class = templates.template_class(child_dict)
        schemata = child_class(child_dict, files=files).param_schemata()
        values = _known_properties(definition, schemata)
        child_env = environment.get_child_environment(stack.env, values, child_resource_name=name)
        child = child_class(child_dict, files=files, env=child_env)
        identity = identifier.HeatIdentifier(
            getattr(context, "project_id", None), "%s-%s" % (stack.name, name), None
        )
        child_stack = StackDefinition(child, env=child_env, identifier=identity)
        entry = {"Type": definition.resource_type, **_describe(child, child_stack)}
        deeper = _nested_parameters(context, templates, child_stack, files, depth - 1)
        if deeper:
            entry["NestedParameters"] = deeper
        nested[name] = entry
    return nested


def _known_properties(definition: Any, schemata: Mapping[str, Any]) -> dict[str, Any]:
    """The properties that resolve now, as the nested parameters' values; one that cannot
    yet (a parameter without value) is left out, as upstream leaves it without a value.
    A list given to a ``comma_delimited_list`` parameter is passed as its text, as
    upstream passes it."""
    snippet = definition.properties_snippet()
    if not isinstance(snippet, Mapping):
        return {}
    known = {}
    for key, value in snippet.items():
        try:
            value = function.resolve(value)
        except (exception.HeatException, ValueError, TypeError, LookupError):
            continue
        schema = schemata.get(key)
        if schema is not None and schema.type == schema.LIST and _texts(value):
            value = ",".join(value)
        if value is not function.OMITTED:
            known[key] = value
    return known


def _texts(value: Any) -> bool:
    return isinstance(value, list) and all(isinstance(item, str) for item in value)


def _template_info(env: environment.Environment, resource_type: Any, name: str) -> Any:
    try:
        info = env.get_resource_info(resource_type, name)
    except (exception.EntityNotFound, TypeError):
        return None
    return info if isinstance(info, resource_info.TemplateResourceInfo) else None


def _describe(parsed: Any, stack: StackDefinition) -> dict:
    parameters = stack.parameters
    result: dict[str, Any] = {
        "Description": parsed.description(),
        "Parameters": {
            name: parameter_format.validate_format(parameters.parameter(name))
            for name in parameters.non_pseudo_param_keys
        },
    }
    groups = parsed.parameter_groups()
    if groups:
        result["ParameterGroups"] = groups
    return result
