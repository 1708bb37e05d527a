"""``OS::Heat::AutoScalingGroup``: between ``min_size`` and ``max_size`` copies of any resource.

The members live in a nested stack, under random names (:mod:`heat.engine.scaling.members`).
The group starts with ``desired_capacity`` members (else ``min_size``); scaling policies
adjust it (:meth:`AutoScalingGroup.adjust`), one adjustment at a time and not during the
cooldown that follows a change of size. A stack update first gives a changed ``resource``
definition to the members in batches as ``rolling_updates`` says, then resizes the group
to ``desired_capacity``, or keeps its size within the new bounds.
"""

from collections.abc import Iterator
from typing import Any

from heat.common import exception
from heat.engine import attributes, support
from heat.engine import resource_states as states
from heat.engine.resources.openstack.heat import autoscaling_group_schema as schema
from heat.engine.resources.openstack.heat import group_batches, group_members
from heat.engine.resources.openstack.heat.scaling_group import ScalingGroup
from heat.engine.scaling import capacity, members
from heat.engine.scheduler import TaskRunner


class _GroupAttributes(attributes.Attributes):
    """The group's attributes; listing them (``get_attr`` of all attributes) leaves out
    those that mean nothing without a path."""

    def __iter__(self) -> Iterator[str]:
        return (name for name in self.schema if name not in _PATH_ONLY)

    def __len__(self) -> int:
        return sum(1 for _name in self)


_PATH_ONLY = (schema.OUTPUTS, schema.OUTPUTS_LIST)


class AutoScalingGroup(ScalingGroup):
    """An autoscaling group that can scale arbitrary resources.

    The group holds a desired count of members, each defined by the ``resource``
    property in HOT format: one hundred servers with their wait conditions, or networks,
    or any other resource type. Scaling policies grow and shrink it within its bounds.
    """

    support_status = support.SupportStatus(version="2014.1")
    properties_schema = schema.properties_schema
    attributes_schema = schema.attributes_schema

    def __init__(self, name: str, definition: Any, stack: Any):
        super().__init__(name, definition, stack)
        self.attributes = _GroupAttributes(
            name, self.full_attributes_schema(), self._resolve_any_attribute
        )

    # -- members ------------------------------------------------------------------------------

    def _member_definition(self) -> dict[str, Any]:
        path = ["resources", self.name, "properties", schema.RESOURCE]
        return members.definition(self.properties[schema.RESOURCE], path)

    def _existing(self) -> members.Members:
        return members.stored(self.nested())

    def _members(self, count: int, replace: int = 0) -> members.Members:
        self.check_nested_size(count)
        return members.resized(self._existing(), self._member_definition(), count, replace)

    def _initial_size(self) -> int:
        return self.properties[schema.DESIRED_CAPACITY] or self.properties[schema.MIN_SIZE]

    def current_size(self) -> int:
        nested = self.nested()
        return len(members.in_service(nested.resources.values())) if nested is not None else 0

    def current_plan(self) -> members.Members:
        return self._members(self._initial_size())

    # -- validation ---------------------------------------------------------------------------

    def validate(self) -> None:
        low, high = self.properties[schema.MIN_SIZE], self.properties[schema.MAX_SIZE]
        message = capacity.bounds_error(low, high, self.properties[schema.DESIRED_CAPACITY])
        if message is not None:
            path = ["resources", self.name, "properties"]
            raise exception.StackValidationFailed(path=path, message=message)
        super().validate()

    def validate_nested_stack(self) -> None:
        self.validate_member(members.new_name(), self._member_definition())

    # -- stack actions ------------------------------------------------------------------------

    def check_create_complete(self, runner: TaskRunner) -> bool:
        """Step the creation; once done, the group's cooldown starts."""
        done = super().check_create_complete(runner)
        if done:
            self.cool_down(capacity.CFN_EXACT_CAPACITY, self.current_size())
        return done

    def handle_update(self, json_snippet: Any, tmpl_diff: dict, prop_diff: dict) -> TaskRunner:
        """Roll a changed ``resource`` out to the members, then resize to the new bounds."""
        if self.nested() is None:
            return super().handle_update(json_snippet, tmpl_diff, prop_diff)
        return TaskRunner(self._update, schema.RESOURCE in prop_diff)

    def check_update_complete(self, runner: TaskRunner) -> bool:
        """Step the update; once done, the group's cooldown starts."""
        done = runner.step()
        if done:
            self.cool_down(capacity.CFN_EXACT_CAPACITY, self.current_size())
        return done

    def _update(self, definition_changed: bool) -> Iterator[None]:
        if definition_changed:
            policy = self.properties[schema.ROLLING_UPDATES]
            yield from self._rolling_update(
                policy[schema.MIN_IN_SERVICE],
                policy[schema.MAX_BATCH_SIZE],
                policy[schema.PAUSE_TIME],
            )
        size = self.current_size()
        target = self.bounded(size, self.properties[schema.DESIRED_CAPACITY] or size)
        yield from self.update_to(self._members(target))

    def _rolling_update(self, min_in_service: int, batch_size: int, pause: float) -> Iterator[None]:
        size = len(self._existing())
        steps = group_batches.plan(size, size, batch_size, min_in_service)
        yield from self.update_in_batches(steps, pause, self._members)

    # -- scaling ------------------------------------------------------------------------------

    def size_bounds(self) -> tuple[int, int]:
        return self.properties[schema.MIN_SIZE], self.properties[schema.MAX_SIZE]

    def default_cooldown(self) -> float | None:
        return self.properties[schema.COOLDOWN]

    def resize(self, size: int) -> None:
        """Give the group ``size`` members now (in this thread): the oldest go first."""
        TaskRunner(self.update_to, self._members(size))(timeout=self.stack.timeout_secs())

    # -- attributes ---------------------------------------------------------------------------

    def FnGetAtt(self, key: str, *path: Any) -> Any:  # noqa: N802 - Heat's public name
        """A group attribute; ``outputs`` and ``outputs_list`` read the member attribute the
        path names, ``resource.<name>[.<attribute>]`` one member."""
        if key in attributes.BASE_ATTRIBUTES:
            return super().FnGetAtt(key, *path)
        nested = self.nested() if self.action != states.INIT else None
        if key.startswith(group_members.MEMBER_PREFIX):
            return group_members.read(nested, self.name, key, path)
        if key not in self.attributes_schema:
            raise exception.InvalidTemplateAttribute(resource=self.name, key=key)
        if key in _PATH_ONLY and not path:
            raise exception.InvalidTemplateAttribute(resource=self.name, key=key)
        if nested is None:
            return None
        found = members.in_service(nested.resources.values())
        if key == schema.CURRENT_SIZE:
            return len(found)
        if key == schema.OUTPUTS:
            return {member.name: member.FnGetAtt(*path) for member in found}
        if key == schema.OUTPUTS_LIST:
            return [member.FnGetAtt(*path) for member in found]
        refs: Any = {member.name: member.FnGetRefId() for member in found}
        if key == schema.REFS:
            refs = list(refs.values())
        return attributes.select_from_attribute(refs, path)

    def FnGetAtts(self) -> dict[str, Any]:  # noqa: N802 - Heat's public name
        """The group's attributes that need no path, read afresh (the group changes size)."""
        return {name: self.FnGetAtt(name) for name in self.attributes if name != "show"}

    def _resolve_attribute(self, name: str) -> Any:
        return self.FnGetAtt(name)


def resource_mapping() -> dict[str, type]:
    """The types this module provides."""
    return {"OS::Heat::AutoScalingGroup": AutoScalingGroup}
