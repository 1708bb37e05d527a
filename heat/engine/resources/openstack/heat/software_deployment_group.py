"""``OS::Heat::SoftwareDeploymentGroup`` and ``StructuredDeploymentGroup``: one config
deployed to many servers.

``servers`` maps member names to server ids; each member is a deployment of the group's
config to one server, named by its key, in a nested stack. ``deploy_stdouts``,
``deploy_stderrs`` and ``deploy_status_codes`` map the member names to those outputs,
and any other attribute name gives the map of that attribute of every member. With
``batch_create`` the members are created in batches, and with ``rolling_update`` a
changed definition reaches them in batches. The 2014 names ``OS::Heat::SoftwareDeployments``
and ``StructuredDeployments`` are kept, hidden.
"""

from collections.abc import Iterator
from typing import Any

from heat.common.i18n import _
from heat.engine import attributes, properties, support
from heat.engine import resource_states as states
from heat.engine.resources.openstack.heat import group_batches, group_members, group_template
from heat.engine.resources.openstack.heat import resource_group_schema as group_schema
from heat.engine.resources.openstack.heat import software_deployment as deployment
from heat.engine.resources.openstack.heat import structured_deployment as structured
from heat.engine.resources.openstack.heat.planned_group import PlannedGroup
from heat.engine.scheduler import TaskRunner
from heat.engine.software_deployments import STANDARD_OUTPUTS

Schema = properties.Schema

SERVERS = "servers"
MEMBER_PROPERTIES = (
    deployment.CONFIG,
    deployment.INPUT_VALUES,
    deployment.ACTIONS,
    deployment.NAME,
    deployment.SIGNAL_TRANSPORT,
)
ATTRIBUTES = (STDOUTS, STDERRS, STATUS_CODES) = (
    "deploy_stdouts",
    "deploy_stderrs",
    "deploy_status_codes",
)
MEMBER_ATTRIBUTE = dict(zip(ATTRIBUTES, STANDARD_OUTPUTS, strict=True))
ROLLING_UPDATE, BATCH_CREATE = group_schema.ROLLING_UPDATE, group_schema.BATCH_CREATE
MAX_BATCH_SIZE, PAUSE_TIME = group_schema.MAX_BATCH_SIZE, group_schema.PAUSE_TIME


class SoftwareDeploymentGroup(PlannedGroup):
    """This resource associates a group of servers with some configuration.

    The configuration is deployed to every server of the group. The properties work as
    those of OS::Heat::SoftwareDeployment; besides the attributes listed, any attribute
    of a deployment (its declared outputs included) gives a map of deployment names to
    that attribute.
    """

    MEMBER_TYPE = "OS::Heat::SoftwareDeployment"
    support_status = support.SupportStatus(version="5.0.0")
    properties_schema = {
        SERVERS: Schema(
            Schema.MAP,
            _(
                "A map of names and server IDs to apply configuration to. The name is "
                "arbitrary and is used as the Heat resource name for the corresponding "
                "deployment."
            ),
            update_allowed=True,
            required=True,
        ),
        **{
            name: deployment.SoftwareDeployment.properties_schema[name]
            for name in MEMBER_PROPERTIES
        },
    }
    attributes_schema = {
        STDOUTS: attributes.Schema(
            _(
                "A map of Nova names and captured stdouts from the configuration execution to "
                "each server."
            ),
            type=attributes.Schema.MAP,
        ),
        STDERRS: attributes.Schema(
            _(
                "A map of Nova names and captured stderrs from the configuration execution to "
                "each server."
            ),
            type=attributes.Schema.MAP,
        ),
        STATUS_CODES: attributes.Schema(
            _("A map of Nova names and returned status code from the configuration execution."),
            type=attributes.Schema.MAP,
        ),
    }
    update_policy_schema = {
        ROLLING_UPDATE: Schema(
            Schema.MAP,
            schema={
                MAX_BATCH_SIZE: Schema(
                    Schema.INTEGER,
                    _("The maximum number of deployments to replace at once."),
                    constraints=group_schema.rolling_update_schema[MAX_BATCH_SIZE].constraints,
                    default=1,
                ),
                PAUSE_TIME: group_schema.rolling_update_schema[PAUSE_TIME],
            },
            support_status=support.SupportStatus(version="7.0.0"),
        ),
        BATCH_CREATE: Schema(
            Schema.MAP,
            schema=group_schema.batch_create_schema,
            support_status=support.SupportStatus(version="7.0.0"),
        ),
    }

    def __init__(self, name: str, definition: Any, stack: Any):
        super().__init__(name, definition, stack)
        self.attributes = group_members.MemberAttributes(
            name, self.full_attributes_schema(), self._resolve_any_attribute
        )

    # -- members ------------------------------------------------------------------------------

    def member_properties(self) -> dict[str, Any]:
        """The properties every member deployment has (its server apart)."""
        return {name: self.properties[name] for name in MEMBER_PROPERTIES}

    def _member(self, name: str) -> dict[str, Any]:
        props = dict(self.member_properties(), server=self.properties[SERVERS][name])
        return group_template.definition(self.MEMBER_TYPE, props)

    def current_plan(self) -> group_template.Members:
        return [(name, self._member(name)) for name in self.properties[SERVERS]]

    def _batch_members(self, capacity: int, new_count: int) -> group_template.Members:
        """At most ``capacity`` members, of which ``new_count`` (new ones first) get their
        new definition; members of servers no longer listed go at once."""
        nested = self.nested()
        existing = group_template.stored_members(nested.t if nested is not None else None)
        names = list(self.properties[SERVERS])
        chosen = (
            [name for name in names if name in existing] + [n for n in names if n not in existing]
        )[:capacity]
        budget = new_count - sum(1 for name in chosen if name not in existing)
        members: group_template.Members = []
        for name in chosen:
            wanted = self._member(name)
            if name in existing and existing[name] != wanted:
                if budget <= 0:
                    members.append((name, existing[name]))
                    continue
                budget -= 1
            members.append((name, wanted))
        return members

    # -- validation and actions ---------------------------------------------------------------

    def validate_nested_stack(self) -> None:
        servers = self.properties[SERVERS]
        if servers:
            name = next(iter(servers))
            self.validate_member(name, self._member(name))

    def handle_create(self) -> TaskRunner:
        """Create the members: at once, or in batches per ``batch_create``."""
        batch = self.update_policy()[BATCH_CREATE]
        if not batch:
            return TaskRunner(self.create_task)
        return TaskRunner(self._create_in_batches, batch)

    def _create_in_batches(self, batch: dict[str, Any]) -> Iterator[None]:
        yield from self.create_empty()
        size = len(self.properties[SERVERS])
        steps = group_batches.plan(size, 0, batch[MAX_BATCH_SIZE], 0)
        yield from self.update_in_batches(steps, batch[PAUSE_TIME], self._batch_members)

    def check_create_complete(self, runner: TaskRunner) -> bool:
        return runner.step()

    def handle_update(self, json_snippet: Any, tmpl_diff: dict, prop_diff: dict) -> TaskRunner:
        """Update the members: in batches per ``rolling_update``, else at once."""
        nested = self.nested()
        if nested is None:
            return super().handle_update(json_snippet, tmpl_diff, prop_diff)
        rolling = self.update_policy()[ROLLING_UPDATE]
        if not rolling:
            return TaskRunner(self.update_to, self.current_plan())
        size = len(self.properties[SERVERS])
        steps = group_batches.plan(size, len(nested.resources), rolling[MAX_BATCH_SIZE], 0)
        return TaskRunner(self.update_in_batches, steps, rolling[PAUSE_TIME], self._batch_members)

    def check_update_complete(self, runner: TaskRunner) -> bool:
        return runner.step()

    # -- attributes ---------------------------------------------------------------------------

    def FnGetAtt(self, key: str, *path: Any) -> Any:  # noqa: N802 - Heat's public name
        """A map of member name to the member attribute ``key`` stands for."""
        if key in attributes.BASE_ATTRIBUTES:
            return super().FnGetAtt(key, *path)
        nested = self.nested() if self.action != states.INIT else None
        if nested is None:
            return None
        member_attribute = MEMBER_ATTRIBUTE.get(key, key)
        values = {
            name: member.FnGetAtt(member_attribute)
            for name, member in group_members.members(nested).items()
        }
        return attributes.select_from_attribute(values, path)

    def _resolve_attribute(self, name: str) -> Any:
        return self.FnGetAtt(name)


class StructuredDeploymentGroup(SoftwareDeploymentGroup):
    """This resource associates a group of servers with some configuration, with the
    input substitution of OS::Heat::StructuredDeployment."""

    MEMBER_TYPE = "OS::Heat::StructuredDeployment"
    properties_schema = {
        **SoftwareDeploymentGroup.properties_schema,
        structured.INPUT_KEY: structured.StructuredDeployment.properties_schema[
            structured.INPUT_KEY
        ],
        structured.INPUT_VALUES_VALIDATE: structured.StructuredDeployment.properties_schema[
            structured.INPUT_VALUES_VALIDATE
        ],
    }

    def member_properties(self) -> dict[str, Any]:
        return {
            **super().member_properties(),
            structured.INPUT_KEY: self.properties[structured.INPUT_KEY],
            structured.INPUT_VALUES_VALIDATE: self.properties[structured.INPUT_VALUES_VALIDATE],
        }


def _hidden(since: str, replacement: str, previous: str) -> support.SupportStatus:
    return support.SupportStatus(
        support.HIDDEN,
        version=since,
        message=_("Please use %s instead.") % replacement,
        previous_status=support.SupportStatus(support.DEPRECATED, version=previous),
    )


class SoftwareDeployments(SoftwareDeploymentGroup):
    """The 2014 name of OS::Heat::SoftwareDeploymentGroup."""

    support_status = _hidden("7.0.0", "OS::Heat::SoftwareDeploymentGroup", "2014.2")


class StructuredDeployments(StructuredDeploymentGroup):
    """The 2014 name of OS::Heat::StructuredDeploymentGroup."""

    support_status = _hidden("7.0.0", "OS::Heat::StructuredDeploymentGroup", "2014.2")


def resource_mapping() -> dict[str, type]:
    """The types this module provides."""
    return {
        "OS::Heat::SoftwareDeploymentGroup": SoftwareDeploymentGroup,
        "OS::Heat::StructuredDeploymentGroup": StructuredDeploymentGroup,
        "OS::Heat::SoftwareDeployments": SoftwareDeployments,
        "OS::Heat::StructuredDeployments": StructuredDeployments,
    }
