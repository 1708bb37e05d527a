"""The base of groups whose nested template is a planned list of members.

``OS::Heat::ResourceGroup`` and ``OS::Heat::AutoScalingGroup`` build their nested
template from ``(name, snippet)`` members: the members the properties ask for, or,
while a resize or a batch of a rolling update runs, a list planned for that step; each
step is one update of the nested stack. Member values that read other resources are not
known before those exist, so validation then checks only the member types.
"""

from collections.abc import Callable, Iterator
from typing import Any

from heat.common.i18n import _
from heat.engine import function, properties
from heat.engine.resources.openstack.heat import group_batches, group_members, group_template
from heat.engine.resources.stack_resource import StackResource
from heat.engine.scheduler import TaskRunner

MembersOf = Callable[[int, int], group_template.Members]


class PlannedGroup(StackResource):
    """A group resource whose nested stack is updated to planned member lists."""

    def __init__(self, name: str, definition: Any, stack: Any):
        super().__init__(name, definition, stack)
        # The members of the next nested template while a step runs.
        self._planned: group_template.Members | None = None

    def update_policy(self) -> properties.Properties:
        """The resource's update policy, read under its ``update_policy_schema``."""
        return properties.Properties(
            getattr(self, "update_policy_schema", {}),
            self.t.update_policy(),
            function.resolve,
            self.name,
            self.context,
            section="update_policy",
        )

    def validate(self) -> None:
        self.update_policy().validate()
        super().validate()

    def current_plan(self) -> group_template.Members:
        """The members the nested stack has when no step is planned."""
        raise NotImplementedError

    def child_template(self) -> Any:
        members = self._planned if self._planned is not None else self.current_plan()
        return group_template.make_template(members)

    def validate_member(self, name: str, snippet: dict[str, Any]) -> None:
        """Check the nested stack that one member ``name`` would make."""
        self._planned = [(name, snippet)]
        try:
            if group_members.refers_to_resources(self.t.properties_snippet()):
                group_members.validate_types(self, self.child_template())
            else:
                super().validate_nested_stack()
        finally:
            self._planned = None

    def create_task(self) -> Iterator[None]:
        """A task that creates the nested stack (with the current plan)."""
        runner = StackResource.handle_create(self)
        while not StackResource.check_create_complete(self, runner):
            yield

    def handle_resume_create(self) -> TaskRunner:
        """Finish a create cut off with its engine: once the nested stack's action in
        progress has ended, bring it to the planned members (a batched create may have
        been cut off between two batches)."""
        return TaskRunner(self._resume_create)

    def _resume_create(self) -> Iterator[None]:
        runner = StackResource.handle_resume_create(self)
        while not StackResource.check_resume_create_complete(self, runner):
            yield
        yield from self.update_to(self.current_plan())

    def check_resume_create_complete(self, runner: TaskRunner) -> bool:
        return runner.step()

    def create_empty(self) -> Iterator[None]:
        """A task that creates the nested stack with no member, for batches to fill."""
        self._planned = []
        try:
            yield from self.create_task()
        finally:
            self._planned = None

    def update_to(self, members: group_template.Members) -> Iterator[None]:
        """A task that updates the nested stack to ``members``."""
        self._planned = members
        try:
            runner = StackResource.handle_update(self, self.t, {}, {})
            while not StackResource.check_update_complete(self, runner):
                yield
        finally:
            self._planned = None

    def update_in_batches(
        self, steps: list[tuple[int, int]], pause: float, members_of: MembersOf
    ) -> Iterator[None]:
        """A task that takes the ``(capacity, new definitions)`` steps of
        :func:`group_batches.plan` in turn, ``pause`` seconds apart; ``members_of`` plans
        each step's members."""
        if pause * max(len(steps) - 1, 0) >= self.stack.timeout_secs():
            raise ValueError(_("The current update policy will result in stack update timeout."))
        for index, (capacity, new_count) in enumerate(steps):
            if index and pause:
                yield from group_batches.pause(pause)
            yield from self.update_to(members_of(capacity, new_count))
