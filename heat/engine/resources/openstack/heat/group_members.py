"""What resource groups and chains share: reading their members' attributes, checking them.

A group answers ``get_attr`` for its own attributes and for its members': ``refs`` (the
members' reference ids), ``attributes`` (a map of member name to one attribute),
``resource.<name>`` (one member's reference id), ``resource.<name>.<attr>`` (one member's
attribute), and any other name as the list of that attribute of every member.
"""

from collections.abc import Iterator, Mapping
from typing import Any

from heat.common import exception
from heat.common.i18n import _
from heat.engine import attributes, environment, rsrc_defn
from heat.engine.resources.openstack.heat.group_template import TYPE, by_index

REFS, ATTRIBUTES = "refs", "attributes"
MEMBER_PREFIX = "resource."


class MemberAttributes(attributes.Attributes):
    """A group's attributes: the declared ones, and any other name (a member attribute).

    Listing them (``get_attr`` of all attributes) leaves out ``attributes``, which means
    nothing without a path.
    """

    def __contains__(self, name: object) -> bool:
        return isinstance(name, str)

    def __iter__(self) -> Iterator[str]:
        return (name for name in self.schema if name != ATTRIBUTES)

    def __len__(self) -> int:
        return sum(1 for _name in self)


def members(nested: Any) -> dict[str, Any]:
    """``{name: resource}`` of a nested stack's members, in index order."""
    resources = nested.resources
    return {name: resources[name] for name in by_index(resources)}


def _member(found: Mapping[str, Any], group_name: str, name: str) -> Any:
    if name not in found:
        raise exception.NotFound(
            message=_("Member '%(member)s' not found in group resource '%(group)s'.")
            % {"member": name, "group": group_name}
        )
    return found[name]


def read(nested: Any, group_name: str, key: str, path: tuple) -> Any:
    """The value of ``get_attr: [group, key, *path]`` read from the members of ``nested``
    (None before the nested stack exists)."""
    if key == ATTRIBUTES and not path:
        raise exception.InvalidTemplateAttribute(resource=group_name, key=key)
    if nested is None:
        return None
    found = members(nested)
    if key.startswith(MEMBER_PREFIX):
        name, *attribute_path = key.split(".", 2)[1:] + list(path)
        member = _member(found, group_name, name)
        if not attribute_path:
            return member.FnGetRefId()
        return member.FnGetAtt(*attribute_path)
    if key == REFS:
        refs = [member.FnGetRefId() for member in found.values()]
        return attributes.select_from_attribute(refs, path)
    if key == ATTRIBUTES:
        return {name: member.FnGetAtt(*path) for name, member in found.items()}
    return [member.FnGetAtt(key, *path) for member in found.values()]


def refers_to_resources(snippet: Any) -> bool:
    """Whether ``snippet`` reads other resources (whose values are unknown before they exist)."""
    return any(True for _name in rsrc_defn.referenced_names(snippet))


def validate_types(group: Any, template: Mapping[str, Any]) -> None:
    """Check that every member type of ``template`` is one the nested environment knows."""
    env = environment.get_child_environment(
        group.stack.env, group.child_params(), child_resource_name=group.name
    )
    for name, snippet in template["resources"].items():
        try:
            env.get_class_to_instantiate(snippet[TYPE], name)
        except exception.StackValidationFailed as error:
            raise exception.StackValidationFailed(
                path=["resources", group.name], message=str(error)
            )
