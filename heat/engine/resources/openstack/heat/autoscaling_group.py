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

from oslo_log import log as logging

from heat.common import exception
from heat.common.i18n import _
from heat.engine import attributes, support
from heat.engine import resource_states as states
from heat.engine.resource import NoActionRequired
from heat.engine.resources.openstack.heat import autoscaling_group_schema as schema
from heat.engine.resources.openstack.heat import group_batches, group_members, group_template
from heat.engine.resources.openstack.heat.planned_group import PlannedGroup
from heat.engine.scaling import capacity, cooldown, members
from heat.engine.scheduler import TaskRunner

LOG = logging.getLogger(__name__)


class _GroupAttributes(attributes.Attributes):
    """The group's attributes; listing them (``get_attr`` of all attributes) leaves out
    those that mean nothing without a path."""

    def __iter__(self) -> Iterator[str]:
        return (name for name in self.schema if name not in _PATH_ONLY)

    def __len__(self) -> int:
        return sum(1 for _name in self)


_PATH_ONLY = (schema.OUTPUTS, schema.OUTPUTS_LIST)


class AutoScalingGroup(PlannedGroup):
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
        """The members of the nested stack with their stored definitions, in removal order."""
        nested = self.nested()
        if nested is None:
            return []
        stored = group_template.stored_members(nested.t)
        order = members.removal_order(nested.resources.values())
        return [(name, stored[name]) for name in order if name in stored]

    def _members(self, count: int, replace: int = 0) -> members.Members:
        return members.resized(self._existing(), self._member_definition(), count, replace)

    def _initial_size(self) -> int:
        return self.properties[schema.DESIRED_CAPACITY] or self.properties[schema.MIN_SIZE]

    def current_size(self) -> int:
        """How many members the group has, not counting failed ones."""
        nested = self.nested()
        return len(members.in_service(nested.resources.values())) if nested is not None else 0

    def current_plan(self) -> members.Members:
        return self._members(self._initial_size())

    # -- validation ---------------------------------------------------------------------------

    def validate(self) -> None:
        low, high = self.properties[schema.MIN_SIZE], self.properties[schema.MAX_SIZE]
        desired = self.properties[schema.DESIRED_CAPACITY]
        path = ["resources", self.name, "properties"]
        if high < low:
            message = _("MinSize can not be greater than MaxSize")
        elif low < 0:
            message = _("The size of AutoScalingGroup can not be less than zero")
        elif desired is not None and not low <= desired <= high:
            message = _("DesiredCapacity must be between MinSize and MaxSize")
        else:
            message = None
        if message is not None:
            raise exception.StackValidationFailed(path=path, message=message)
        super().validate()

    def validate_nested_stack(self) -> None:
        self.validate_member(members.new_name(), self._member_definition())

    # -- stack actions ------------------------------------------------------------------------

    def check_create_complete(self, runner: TaskRunner) -> bool:
        """Step the creation; once done, the group's cooldown starts."""
        done = super().check_create_complete(runner)
        if done:
            self._cool_down(capacity.CFN_EXACT_CAPACITY, self.current_size())
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
            self._cool_down(capacity.CFN_EXACT_CAPACITY, self.current_size())
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
        target = self._bounded(size, self.properties[schema.DESIRED_CAPACITY] or size)
        yield from self.update_to(self._members(target))

    def _rolling_update(self, min_in_service: int, batch_size: int, pause: float) -> Iterator[None]:
        size = len(self._existing())
        steps = group_batches.plan(size, size, batch_size, min_in_service)
        yield from self.update_in_batches(steps, pause, self._members)

    def handle_metadata_reset(self) -> None:
        """Forget an adjustment that never finished (the resource was marked healthy)."""
        cooldown.reset(self)

    # -- scaling ------------------------------------------------------------------------------

    def _bounded(
        self,
        size: int,
        adjustment: float,
        kind: str = capacity.EXACT_CAPACITY,
        min_step: int | None = None,
    ) -> int:
        return capacity.new_capacity(
            size,
            adjustment,
            kind,
            self.properties[schema.MIN_SIZE],
            self.properties[schema.MAX_SIZE],
            min_step,
        )

    def resize(self, size: int) -> None:
        """Give the group ``size`` members now (in this thread): the oldest go first."""
        TaskRunner(self.update_to, self._members(size))(timeout=self.stack.timeout_secs())

    def adjust(
        self,
        adjustment: float,
        adjustment_type: str = capacity.CFN_CHANGE_IN_CAPACITY,
        min_adjustment_step: int | None = None,
        cooldown_secs: float | None = None,
    ) -> None:
        """Change the size as a policy says, unless the group is busy, cooling down, or
        already at the size it would go to (NoActionRequired)."""
        if self.status != states.COMPLETE:
            LOG.info("%s is not scaled while it is %s_%s", self.name, self.action, self.status)
            raise NoActionRequired(self.name, "the group is %s_%s" % (self.action, self.status))
        size = self.current_size()
        target = self._bounded(size, adjustment, adjustment_type, min_adjustment_step)
        if target == size:
            LOG.info("%s is not scaled: its capacity would not change", self.name)
            raise NoActionRequired(self.name, "no change in capacity")
        if cooldown_secs is None:
            cooldown_secs = self.properties[schema.COOLDOWN]
        cooldown.claim(self, cooldown_secs)
        details = {
            "adjustment": adjustment,
            "adjustment_type": adjustment_type,
            "capacity": size,
            "groupname": self.FnGetRefId(),
        }
        self._notify("start", details, _("Start resizing the group %s") % details["groupname"])
        resized = False
        try:
            self.resize(target)
            resized = True
        except Exception as error:
            LOG.error("Scaling group %s failed to resize: %s", self.name, error)
            self._notify("error", dict(details, capacity=self.current_size()), str(error))
            raise
        finally:
            self._cool_down(adjustment_type, adjustment, cooldown_secs, resized)
        ended = _("End resizing the group %s") % details["groupname"]
        self._notify("end", dict(details, capacity=target), ended)

    def _cool_down(
        self, kind: str, adjustment: Any, seconds: float | None = None, changed: bool = True
    ) -> None:
        if seconds is None:
            seconds = self.properties[schema.COOLDOWN]
        try:
            cooldown.finish(self, seconds, "%s : %s" % (kind, adjustment), changed)
        except exception.ResourceNotAvailable:
            LOG.info("Scaling group %s is being deleted: no cooldown kept", self.name)

    def _notify(self, phase: str, details: dict[str, Any], message: str) -> None:
        notifier = self.stack.notifier
        if notifier is not None:
            notifier.autoscaling(self.stack, phase, message=message, **details)

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
