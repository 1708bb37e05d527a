"""``OS::Heat::InstanceGroup``: ``Size`` instances made from a launch configuration.

The members live in a nested stack under random names, as ``OS::Heat::ScaledResource``
resources that the nested environment maps to ``AWS::EC2::Instance`` (so a user's
environment may map that type to a template of its own). Each member gets the launch
configuration's properties and metadata and the group's tags. A new launch configuration
reaches the existing members only through the ``RollingUpdate`` update policy, in batches;
members made later get it anyway. Load balancers the group names are given the members'
ids after every change.
"""

from collections.abc import Iterator
from typing import Any

from heat.common import environment_format, exception, iso_duration
from heat.common.i18n import _
from heat.engine.resources.openstack.heat import group_batches
from heat.engine.resources.openstack.heat import instance_group_schema as schema
from heat.engine.resources.openstack.heat.planned_group import PlannedGroup
from heat.engine.scaling import load_balancers, members
from heat.engine.scheduler import TaskRunner

SCALED_RESOURCE_TYPE = "OS::Heat::ScaledResource"
INSTANCE_TYPE = "AWS::EC2::Instance"
# The instance attribute ``InstanceList`` lists, and its value when an instance has none.
PUBLIC_IP, NO_IP = "PublicIp", "0.0.0.0"


class InstanceGroup(PlannedGroup):
    """A group of instances of one launch configuration, resized by its ``Size``."""

    properties_schema = schema.properties_schema
    attributes_schema = schema.attributes_schema
    update_policy_schema = schema.update_policy_schema
    ROLLING_UPDATE = schema.ROLLING_UPDATE

    # -- the launch configuration -------------------------------------------------------------

    def launch_configuration(self) -> Any:
        """The launch configuration resource the group names (StackValidationFailed if
        there is none)."""
        reference = self.properties[schema.LAUNCH_CONFIGURATION_NAME]
        found = self.stack.resource_by_refid(reference)
        if found is None or not callable(getattr(found, "instance_properties", None)):
            message = _("%(lc)s (%(ref)s) reference can not be found.") % {
                "lc": schema.LAUNCH_CONFIGURATION_NAME,
                "ref": reference,
            }
            raise exception.StackValidationFailed(message=message)
        return found

    def _check_launch_configuration(self) -> None:
        # Naming the configuration by its resource name gives no dependency on it: the
        # group could then be made before the configuration.
        if not self.properties[schema.LAUNCH_CONFIGURATION_NAME]:
            return
        configuration = self.launch_configuration()
        if self.name not in self.stack.required_by(configuration.name):
            raise exception.StackValidationFailed(
                message=_(
                    "%(lc)s (%(ref)s) requires a reference to the configuration not just the "
                    "name of the resource."
                )
                % {
                    "lc": schema.LAUNCH_CONFIGURATION_NAME,
                    "ref": self.properties[schema.LAUNCH_CONFIGURATION_NAME],
                }
            )

    def launch_definition(self) -> tuple[dict[str, Any], dict[str, Any]]:
        """``(instance properties, metadata)`` of a new member, tags left out."""
        configuration = self.launch_configuration()
        return configuration.instance_properties(), configuration.t.metadata()

    def tags(self) -> list[dict[str, str]]:
        """The members' tags: the group's, and one naming the group for metering unless the
        user gave a metering tag."""
        given = list(self.properties[schema.TAGS] or [])
        if any(tag[schema.TAG_KEY].startswith("metering.") for tag in given):
            return given
        return given + [{schema.TAG_KEY: "metering.groupname", schema.TAG_VALUE: self.FnGetRefId()}]

    # -- members ------------------------------------------------------------------------------

    def _member_definition(self) -> dict[str, Any]:
        instance_properties, metadata = self.launch_definition()
        resource = {
            "type": SCALED_RESOURCE_TYPE,
            "properties": dict(instance_properties, Tags=self.tags()),
            "metadata": metadata,
        }
        return members.definition(resource, ["resources", self.name])

    def _members(self, count: int, replace: int = 0) -> members.Members:
        self.check_nested_size(count)
        existing = members.stored(self.nested())
        return members.resized(existing, self._member_definition(), count, replace)

    def current_size(self) -> int:
        """How many members the group has, not counting failed ones."""
        nested = self.nested()
        return len(members.in_service(nested.resources.values())) if nested is not None else 0

    def initial_size(self) -> int:
        """How many members the group is created with."""
        return int(self.properties[schema.SIZE])

    def current_plan(self) -> members.Members:
        return self._members(self.initial_size())

    def child_params(self) -> dict[str, Any]:
        return {
            environment_format.PARAMETERS: {},
            environment_format.RESOURCE_REGISTRY: {SCALED_RESOURCE_TYPE: INSTANCE_TYPE},
        }

    # -- validation ---------------------------------------------------------------------------

    def validate(self) -> None:
        self._check_launch_configuration()
        super().validate()
        policy = self.update_policy()[self.ROLLING_UPDATE]
        if policy and iso_duration.seconds(policy[schema.PAUSE_TIME]) > schema.MAX_PAUSE:
            message = _("Maximum %s is 1 hour.") % schema.PAUSE_TIME
            raise exception.StackValidationFailed(message=message)

    def validate_nested_stack(self) -> None:
        self.validate_member(members.new_name(), self._member_definition())

    # -- stack actions ------------------------------------------------------------------------

    def check_create_complete(self, runner: TaskRunner) -> bool:
        done = super().check_create_complete(runner)
        if done:
            TaskRunner(self.reload_load_balancers)()
        return done

    def handle_update(self, json_snippet: Any, tmpl_diff: dict, prop_diff: dict) -> TaskRunner:
        """Roll a new launch configuration out (when the update policy asks for it), then
        resize the group."""
        if self.nested() is None:
            return super().handle_update(json_snippet, tmpl_diff, prop_diff)
        return TaskRunner(self._update, schema.LAUNCH_CONFIGURATION_NAME in prop_diff)

    def check_update_complete(self, runner: TaskRunner) -> bool:
        return runner.step()

    def _update(self, configuration_changed: bool) -> Iterator[None]:
        policy = self.update_policy()[self.ROLLING_UPDATE]
        if configuration_changed and policy:
            yield from self._rolling_update(policy)
        yield from self.update_to(self._members(self.updated_size()))
        yield from self.reload_load_balancers()

    def updated_size(self) -> int:
        """The size the group has after an update of its properties."""
        return self.initial_size()

    def _rolling_update(self, policy: dict[str, Any]) -> Iterator[None]:
        size = len(members.stored(self.nested()))
        target = min(self.updated_size() or size, size)
        steps = group_batches.plan(
            target, size, policy[schema.MAX_BATCH_SIZE], policy[schema.MIN_INSTANCES_IN_SERVICE]
        )
        pause = iso_duration.seconds(policy[schema.PAUSE_TIME])
        yield from self.update_in_batches(steps, pause, self._members)

    def resize(self, size: int) -> None:
        """Give the group ``size`` members now (in this thread): the oldest go first."""
        try:
            TaskRunner(self.update_to, self._members(size))(timeout=self.stack.timeout_secs())
        finally:
            # Even after a failure, so that the balancers point only at the members left.
            TaskRunner(self.reload_load_balancers)()

    def reload_load_balancers(self) -> Iterator[None]:
        """A task giving the load balancers the group names the ids of its members in
        service."""
        names = self.properties[schema.LOAD_BALANCER_NAMES]
        if not names:
            return
        nested = self.nested()
        found = members.in_service(nested.resources.values()) if nested is not None else []
        ids = [member.FnGetRefId() for member in found]
        yield from load_balancers.reconfigure(self.stack, names, ids)

    # -- attributes ---------------------------------------------------------------------------

    def _resolve_attribute(self, name: str) -> Any:
        if name != schema.INSTANCE_LIST:
            return None
        nested = self.nested()
        found = members.in_service(nested.resources.values()) if nested is not None else []
        return ",".join(member.FnGetAtt(PUBLIC_IP) or NO_IP for member in found) or None


def resource_mapping() -> dict[str, type]:
    """The types this module provides."""
    return {"OS::Heat::InstanceGroup": InstanceGroup}
