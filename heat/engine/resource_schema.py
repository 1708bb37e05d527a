"""The ``resource_schema`` and ``generate_template`` engine calls, as plain functions.

Both look the type up in an environment (normally the global one) and read the class's
``properties_schema``, ``attributes_schema`` and ``support_status`` as data; hidden
properties and attributes, and properties not ``implemented``, are left out.
``generate_template`` answers a provider template that mirrors the type: one parameter per
property, one resource, one output per attribute.
Unlike OpenStack Heat (which fails with an internal error), an ``Any`` property becomes a
``json`` (HOT) / ``Json`` (CFN) parameter.
"""

import inspect
from collections.abc import Iterator
from typing import Any

from heat.common import exception
from heat.common.i18n import _
from heat.engine import attributes, constraints, properties, support

HOT, CFN = "hot", "cfn"
HOT_VERSION = "2016-10-14"
CFN_VERSION = "2012-12-12"
STACK_ID_OUTPUT = "OS::stack_id"

_HOT_TYPES = {
    properties.Schema.INTEGER: "number",
    properties.Schema.STRING: "string",
    properties.Schema.NUMBER: "number",
    properties.Schema.BOOLEAN: "boolean",
    properties.Schema.MAP: "json",
    properties.Schema.LIST: "comma_delimited_list",
    properties.Schema.ANY: "json",
}
_CFN_TYPES = {
    properties.Schema.INTEGER: "Number",
    properties.Schema.STRING: "String",
    properties.Schema.NUMBER: "Number",
    properties.Schema.BOOLEAN: "Boolean",
    properties.Schema.MAP: "Json",
    properties.Schema.LIST: "CommaDelimitedList",
    properties.Schema.ANY: "Json",
}
_CFN_BOOLEAN_VALUES = ["True", "true", "False", "false"]


def resource_class(env: Any, type_name: str) -> type:
    """The class implementing ``type_name`` in ``env``: EntityNotFound for an unknown type,
    InvalidGlobalResource when its template cannot be loaded, NotSupported when hidden."""
    try:
        found = env.get_class(type_name)
    except exception.NotFound:
        raise exception.InvalidGlobalResource(type_name=type_name)
    if _support_status(found).status == support.HIDDEN:
        raise exception.NotSupported(feature=type_name)
    return found


def _support_status(cls: type) -> support.SupportStatus:
    status = getattr(cls, "support_status", None)
    return status if isinstance(status, support.SupportStatus) else support.SupportStatus()


def _visible(schema: Any) -> bool:
    return schema.support_status.status != support.HIDDEN


def _properties(cls: type) -> dict[str, properties.Schema]:
    declared = properties.schemata(getattr(cls, "properties_schema", {}))
    return {
        name: schema for name, schema in declared.items() if schema.implemented and _visible(schema)
    }


def _attributes(cls: type) -> dict[str, attributes.Schema]:
    declared = {**getattr(cls, "attributes_schema", {}), **attributes.BASE_ATTRIBUTES}
    return {name: schema for name, schema in declared.items() if _visible(schema)}


def describe(cls: type) -> str:
    """The class's docstring, as the type's description."""
    if cls.__doc__ is None:
        return _("No description available")
    return inspect.getdoc(cls) or ""


def resource_schema(env: Any, type_name: str, with_description: bool = False) -> dict[str, Any]:
    """``{resource_type, properties, attributes, support_status[, description]}`` of the
    type, in the form of the resource type schema API."""
    cls = resource_class(env, type_name)
    result: dict[str, Any] = {
        "resource_type": type_name,
        "properties": {name: schema.to_dict() for name, schema in _properties(cls).items()},
        "attributes": {name: schema.to_dict() for name, schema in _attributes(cls).items()},
        "support_status": _support_status(cls).to_dict(),
    }
    if with_description:
        result["description"] = describe(cls)
    return result


def generate_template(env: Any, type_name: str, template_type: str = CFN) -> dict[str, Any]:
    """A template with a resource of the type whose properties are parameters and whose
    attributes are outputs: HOT for ``template_type="hot"``, else CFN."""
    cls = resource_class(env, type_name)
    schemas = _properties(cls)
    resource_name = cls.__name__
    description = "Initial template of %s" % resource_name
    if template_type == HOT:
        return {
            "heat_template_version": HOT_VERSION,
            "description": description,
            "parameters": {name: _hot_parameter(schema) for name, schema in schemas.items()},
            "resources": {
                resource_name: {
                    "type": type_name,
                    "properties": {name: {"get_param": name} for name in schemas},
                }
            },
            "outputs": _outputs(cls, resource_name, HOT),
        }
    return {
        "HeatTemplateFormatVersion": CFN_VERSION,
        "Description": description,
        "Parameters": {name: _cfn_parameter(schema) for name, schema in schemas.items()},
        "Resources": {
            resource_name: {
                "Type": type_name,
                "Properties": {name: _cfn_property(name, s) for name, s in schemas.items()},
            }
        },
        "Outputs": _outputs(cls, resource_name, CFN),
    }


def _bounds(constraint: constraints.Range) -> dict[str, Any]:
    values = {"min": constraint.min, "max": constraint.max}
    return {key: value for key, value in values.items() if value is not None}


def _hot_constraint(constraint: constraints.Constraint) -> dict[str, Any] | None:
    # Only what OpenStack Heat carries over; it would give ``{}`` for the others.
    if isinstance(constraint, constraints.Range):
        return {constraint.key: _bounds(constraint)}
    if isinstance(constraint, constraints.AllowedValues):
        return {"allowed_values": list(constraint.allowed)}
    if isinstance(constraint, constraints.AllowedPattern):
        return {"allowed_pattern": constraint.pattern}
    return None


def _hot_parameter(schema: properties.Schema) -> dict[str, Any]:
    parameter: dict[str, Any] = {"type": _HOT_TYPES[schema.type]}
    if schema.description is not None:
        parameter["description"] = schema.description
    if schema.default is not None:
        parameter["default"] = schema.default
    carried = [_hot_constraint(constraint) for constraint in schema.constraints]
    if any(item is not None for item in carried):
        parameter["constraints"] = [item for item in carried if item is not None]
    return parameter


def _cfn_constraint_items(constraint: constraints.Constraint) -> Iterator[tuple[str, Any]]:
    if isinstance(constraint, constraints.Range):
        prefix = "Length" if isinstance(constraint, constraints.Length) else "Value"
        for key, value in _bounds(constraint).items():
            yield "%s%s" % (key.capitalize(), prefix), value
    elif isinstance(constraint, constraints.AllowedValues):
        yield "AllowedValues", list(constraint.allowed)
    elif isinstance(constraint, constraints.AllowedPattern):
        yield "AllowedPattern", constraint.pattern


def _cfn_parameter(schema: properties.Schema) -> dict[str, Any]:
    parameter: dict[str, Any] = {"Type": _CFN_TYPES[schema.type]}
    if schema.description is not None:
        parameter["Description"] = schema.description
    if schema.default is not None:
        parameter["Default"] = schema.default
    for constraint in schema.constraints:
        parameter.update(_cfn_constraint_items(constraint))
    if schema.type == properties.Schema.BOOLEAN:
        parameter["AllowedValues"] = list(_CFN_BOOLEAN_VALUES)
    return parameter


def _cfn_property(name: str, schema: properties.Schema) -> dict[str, Any]:
    if schema.type == properties.Schema.LIST:
        return {"Fn::Split": [",", {"Ref": name}]}
    return {"Ref": name}


def _outputs(cls: type, resource_name: str, template_type: str) -> dict[str, Any]:
    outputs: dict[str, Any] = {}
    for name, schema in _attributes(cls).items():
        if template_type == HOT:
            value = {"get_attr": [resource_name, name]}
            outputs[name] = {"value": value, "description": schema.description}
        else:
            value = {"Fn::GetAtt": [resource_name, name]}
            outputs[name] = {"Value": value, "Description": schema.description}
    if template_type == HOT:
        outputs[STACK_ID_OUTPUT] = {"value": {"get_resource": resource_name}}
    else:
        outputs[STACK_ID_OUTPUT] = {"Value": {"Ref": resource_name}}
    return outputs
