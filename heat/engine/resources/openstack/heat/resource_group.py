"""``OS::Heat::ResourceGroup``: ``count`` identically configured resources in a nested stack.

Members are named "0", "1", ...; ``%index%`` (or ``index_var``) in the member properties
becomes the member's name. Scaling down removes the highest indexes, unless removal
policies name other members; a removed name is remembered and never used again. With a
``rolling_update`` policy a change of ``resource_def`` reaches the members in batches, and
``batch_create`` creates them in batches: each batch is one update of the nested stack.
"""

from collections.abc import Iterator
from typing import Any

from heat.engine import attributes, support
from heat.engine import resource_states as states
from heat.engine.resources.openstack.heat import group_batches, group_members, group_template
from heat.engine.resources.openstack.heat import resource_group_schema as schema
from heat.engine.resources.openstack.heat.planned_group import PlannedGroup
from heat.engine.scheduler import TaskRunner

# Resource data key of the comma-separated names removed so far (Heat's own key).
SKIPPED_NAMES = "name_blacklist"


class ResourceGroup(PlannedGroup):
    """Creates one or more identically configured nested resources.

    ``get_attr`` of a member attribute gives the list of that attribute of every member;
    ``resource.<index>`` gives one member's reference id and ``resource.<index>.<attr>``
    one member's attribute.
    """

    support_status = support.SupportStatus(version="2014.1")
    properties_schema = schema.properties_schema
    attributes_schema = schema.attributes_schema
    update_policy_schema = schema.update_policy_schema

    def __init__(self, name: str, definition: Any, stack: Any):
        super().__init__(name, definition, stack)
        self.attributes = group_members.MemberAttributes(
            name, self.full_attributes_schema(), self._resolve_any_attribute
        )

    # -- members ------------------------------------------------------------------------------

    def _stored_skipped(self) -> list[str]:
        if self.id is None:
            # Reading data before the row is attached would keep an empty copy of it.
            return []
        value = self.data().get(SKIPPED_NAMES)
        return value.split(",") if value else []

    def _skipped(self) -> set[str]:
        skipped = set(self._stored_skipped())
        if self.resource_id is None:
            skipped.update(self._removal_names(skipped))
        return skipped

    def _resource_names(self, size: int | None = None) -> list[str]:
        count = self.properties[schema.COUNT] if size is None else size
        return group_template.member_names(count, self._skipped())

    def _planned_names(self, size: int | None = None) -> list[str]:
        """The names of a nested stack of ``size`` (else ``count``) members, once that many
        is known to fit in ``max_resources_per_stack``: a billion is not built first."""
        self.check_nested_size(self.properties[schema.COUNT] if size is None else size)
        return self._resource_names(size)

    def _member_definition(self, name: str) -> dict[str, Any]:
        resource_def = self.properties[schema.RESOURCE_DEF]
        return group_template.indexed_definition(
            resource_def, self.properties[schema.INDEX_VAR], name
        )

    def current_plan(self) -> group_template.Members:
        return [(name, self._member_definition(name)) for name in self._planned_names()]

    def _existing_members(self) -> dict[str, dict[str, Any]]:
        nested = self.nested()
        stored = group_template.stored_members(nested.t if nested is not None else None)
        skipped = self._skipped()
        return {name: snippet for name, snippet in stored.items() if name not in skipped}

    # -- removal policies ---------------------------------------------------------------------

    def _removal_names(self, skipped: set[str]) -> Iterator[str]:
        nested = self.nested() if self.resource_id is not None else None
        found = nested.resources if nested is not None else {}
        for policy in self.properties[schema.REMOVAL_POLICIES] or []:
            for entry in policy.get(schema.RESOURCE_LIST) or []:
                name = str(entry)
                if name in skipped or self.resource_id is None or name in found:
                    yield name
                elif isinstance(entry, str):
                    # Not a member name: maybe a member's reference id, as ``refs`` shows it.
                    yield from (
                        key for key, member in found.items() if member.FnGetRefId() == entry
                    )

    def _update_skipped(self) -> None:
        current = set(self._stored_skipped())
        replace = self.properties[schema.REMOVAL_POLICIES_MODE] == schema.MODE_UPDATE
        wanted = (set() if replace else current) | set(self._removal_names(current))
        if wanted != current:
            self.data_set(SKIPPED_NAMES, ",".join(sorted(wanted)))

    # -- validation ---------------------------------------------------------------------------

    def validate_nested_stack(self) -> None:
        # A group of none is valid whatever it would be made of: a way to disable a feature.
        if not self.properties[schema.COUNT]:
            return
        name = self._resource_names(1)[0]
        self.validate_member(name, self._member_definition(name))

    # -- actions ------------------------------------------------------------------------------

    def handle_create(self) -> TaskRunner:
        """Create the nested stack: at once, or empty and then grown per ``batch_create``."""
        self._update_skipped()
        batch = self.update_policy()[schema.BATCH_CREATE]
        if not batch or not self.properties[schema.COUNT]:
            return TaskRunner(self.create_task)
        return TaskRunner(self._create_in_batches, batch)

    def _create_in_batches(self, batch: dict[str, Any]) -> Iterator[None]:
        yield from self.create_empty()
        yield from self._batched(0, batch[schema.MAX_BATCH_SIZE], batch[schema.PAUSE_TIME])

    def check_create_complete(self, runner: TaskRunner) -> bool:
        """Step the creation; True once it is done."""
        return runner.step()

    def handle_update(self, json_snippet: Any, tmpl_diff: dict, prop_diff: dict) -> TaskRunner:
        """Update the nested stack to the new members: in batches under ``rolling_update``
        when ``resource_def`` changed, else at once."""
        if self.nested() is None:
            return super().handle_update(json_snippet, tmpl_diff, prop_diff)
        self._update_skipped()
        rolling = self.update_policy()[schema.ROLLING_UPDATE]
        if rolling and schema.RESOURCE_DEF in prop_diff:
            return TaskRunner(
                self._batched,
                rolling[schema.MIN_IN_SERVICE],
                rolling[schema.MAX_BATCH_SIZE],
                rolling[schema.PAUSE_TIME],
            )
        return TaskRunner(self.update_to, self.current_plan())

    def check_update_complete(self, runner: TaskRunner) -> bool:
        """Step the update; True once it is done."""
        return runner.step()

    def _batched(self, min_in_service: int, batch_size: int, pause: float) -> Iterator[None]:
        target = self.properties[schema.COUNT]
        steps = group_batches.plan(
            target, len(self._existing_members()), batch_size, min_in_service
        )

        def members_of(capacity: int, new_count: int) -> group_template.Members:
            return group_batches.step_members(
                self._existing_members(),
                self._planned_names(capacity),
                target,
                new_count,
                self._member_definition,
            )

        yield from self.update_in_batches(steps, pause, members_of)

    # -- attributes ---------------------------------------------------------------------------

    def FnGetAtt(self, key: str, *path: Any) -> Any:  # noqa: N802 - Heat's public name
        """A group attribute, or the members' (see :mod:`group_members`)."""
        if key in attributes.BASE_ATTRIBUTES:
            return super().FnGetAtt(key, *path)
        if key == schema.REMOVED_RSRC_LIST:
            return attributes.select_from_attribute(self._stored_skipped(), path)
        nested = self.nested() if self.action != states.INIT else None
        if key == schema.REFS_MAP:
            if nested is None:
                return None
            refs = {
                name: member.FnGetRefId() for name, member in group_members.members(nested).items()
            }
            return attributes.select_from_attribute(refs, path)
        return group_members.read(nested, self.name, key, path)

    def _resolve_attribute(self, name: str) -> Any:
        return self.FnGetAtt(name)


def resource_mapping() -> dict[str, type]:
    """The types this module provides."""
    return {"OS::Heat::ResourceGroup": ResourceGroup}
