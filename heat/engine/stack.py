"""A stack the engine works on: its definition, its resources and its state.

A :class:`Stack` joins what the template defines (a
:class:`heat.engine.stack_definition.StackDefinition`) to the resource objects that carry
state. Stack actions (create, delete, update...) are in their own modules and use this
object; loading and storing it is :mod:`heat.engine.stack_store`.
"""

import dataclasses
from collections.abc import Mapping
from typing import Any

from heat.common import exception, identifier
from heat.common.i18n import _
from heat.engine import resource_states as states
from heat.engine.clients import Clients, clients_for
from heat.engine.graph.dependencies import Dependencies
from heat.engine.live_resources import LiveResources
from heat.engine.resource_store import EventLimits, ResourceStore, apply_row
from heat.engine.stack_definition import StackDefinition

# The states in which ``resource_by_refid`` finds a resource (OpenStack Heat's list).
_REFERABLE_STATES = frozenset(
    {
        (states.INIT, states.COMPLETE),
        (states.CREATE, states.IN_PROGRESS),
        (states.CREATE, states.COMPLETE),
        (states.RESUME, states.IN_PROGRESS),
        (states.RESUME, states.COMPLETE),
        (states.UPDATE, states.IN_PROGRESS),
        (states.UPDATE, states.COMPLETE),
        (states.CHECK, states.COMPLETE),
    }
)


@dataclasses.dataclass(frozen=True)
class EngineSettings:
    """The configuration values stack actions need, read once from the config by the service."""

    action_retry_limit: int = 5
    error_wait_time: float = 240
    stack_action_timeout: int = 3600
    max_resources_per_stack: int = 1000
    max_nested_stack_depth: int = 5
    max_stacks_per_tenant: int = 512
    max_events_per_stack: int = 1000
    event_purge_batch_size: int = 200
    max_snapshots_per_stack: int = 32
    observe_on_update: bool = False
    convergence_engine: bool = True
    enable_stack_abandon: bool = False
    enable_stack_adopt: bool = False
    # The role of the users stacks make for software in servers.
    heat_stack_user_role: str = "heat_stack_user"
    # A template replacing the built-in nested stack of AWS::ElasticLoadBalancing::LoadBalancer.
    loadbalancer_template: str | None = None
    poll_interval: float = 0.05
    # Seconds before the first retry of a delete refused as a conflict; doubled each time.
    retry_backoff: float = 2.0
    # The whole configuration, for the clients of other services (see heat.engine.clients).
    conf: Any = dataclasses.field(default=None, compare=False, repr=False)

    @classmethod
    def from_conf(cls, conf: Any) -> "EngineSettings":
        """The settings of the ``[DEFAULT]`` options of the same names."""
        own = ("poll_interval", "retry_backoff", "conf")
        names = [field.name for field in dataclasses.fields(cls) if field.name not in own]
        return cls(conf=conf, **{name: getattr(conf, name) for name in names})

    @property
    def event_limits(self) -> EventLimits:
        return EventLimits(self.max_events_per_stack, self.event_purge_batch_size)


@dataclasses.dataclass
class StackState:
    """Who owns a stack and where its lifecycle stands, as the ``stack`` row records it."""

    action: str = states.CREATE
    status: str = states.IN_PROGRESS
    status_reason: str = ""
    disable_rollback: bool = True
    timeout_mins: int | None = None
    tags: list[str] | None = None
    owner_id: str | None = None
    nested_depth: int = 0
    parent_resource_name: str | None = None
    user_creds_id: int | None = None
    username: str | None = None
    tenant_id: str | None = None
    stack_user_project_id: str | None = None
    created_time: Any = None
    updated_time: Any = None
    deleted_time: Any = None
    prev_raw_template_id: int | None = None
    root_stack_id: str | None = None
    # Whether the stack's create and delete run as convergence traversals.
    convergence: bool = False
    # Whether deleting the tree is refused (kept on the root stack only).
    termination_protection: bool = False


class Stack:
    """One stack: its template, environment and parameters, its resources and its state."""

    def __init__(
        self,
        context: Any,
        name: str,
        template: Any,
        settings: EngineSettings,
        stack_id: str | None = None,
        state: StackState | None = None,
        templates: Any = None,
        store: ResourceStore | None = None,
        parent_resource: Any = None,
    ):
        self.context = context
        self.name = name
        self.t = template
        self.env = template.env
        self.settings = settings
        self.id: str = stack_id or ""  # empty until the stack is stored
        self.state_data = state or StackState(tenant_id=getattr(context, "project_id", None))
        # Template classes by version, for nested stacks' templates.
        self.templates = templates
        # The resource this stack implements (for resource_facade), when nested; loaded
        # from the parent stack on first use when not given.
        self._parent_resource = parent_resource
        # The engine (an EngineRuntime) that loaded the stack: the nested stacks of a
        # convergence stack start their traversals through it.
        self.runtime: Any = None
        # A nested stack shares its root's store, so that one flush writes the whole tree.
        self.store = store or ResourceStore(context, settings.event_limits)
        self.strict_validate = True
        # A stack built for a preview (never stored): its nested stacks are built once,
        # validated, then shown.
        self.previewing = False
        # An update asked to bring resources back to their definition where the cloud
        # drifted from it (``converge``): their live state replaces what they stored.
        self.converge = False
        # Told of every stack state change (a StackNotifier), when the engine has one.
        self.notifier: Any = None
        self._resources: dict[str, Any] | None = None
        # A stored stack's resources take their state from their rows when first built.
        self.attach_stored_rows = False
        if settings.conf is not None:
            # Custom constraints find the clients on the context they are given.
            clients_for(context, settings.conf)
        self.definition = self._make_definition(template)

    @property
    def clients(self) -> Clients:
        """The clients of other services, acting as the stack's context."""
        if self.settings.conf is None:
            raise exception.Error(_("This stack has no configuration to reach other services."))
        return clients_for(self.context, self.settings.conf)

    def _make_definition(self, template: Any, parameters: Any = None) -> StackDefinition:
        return StackDefinition(
            template,
            env=template.env,
            parameters=parameters,
            identifier=self.identifier(),
            name=self.name,
            parent_lookup=lambda: self.parent_resource,
            resource_data=LiveResources(lambda: self.resources),
        )

    @property
    def parent_resource(self) -> Any:
        """The resource this nested stack implements; a nested stack loaded on its own (by
        a step of its traversal) finds it in its parent stack when first asked."""
        if self._parent_resource is None and self.state_data.owner_id and self.runtime:
            self._parent_resource = self.runtime.parent_resource_of(self)
        return self._parent_resource

    # -- identity and state -------------------------------------------------------------

    def identifier(self) -> identifier.HeatIdentifier:
        """``{tenant, stack_name, stack_id, path}`` of the stack."""
        return identifier.HeatIdentifier(self.state_data.tenant_id, self.name, self.id)

    def set_id(self, stack_id: str) -> None:
        """Give a new stack its id, which the ``OS::stack_id`` parameter then reports."""
        self.id = stack_id
        self.definition.identifier = self.identifier()
        self.definition.parameters.set_stack_id(self.identifier())

    @property
    def action(self) -> str:
        return self.state_data.action

    @property
    def status(self) -> str:
        return self.state_data.status

    @property
    def status_reason(self) -> str:
        return self.state_data.status_reason

    @property
    def state(self) -> tuple[str, str]:
        return self.state_data.action, self.state_data.status

    @property
    def root_stack_id(self) -> str | None:
        return self.state_data.root_stack_id or self.id

    @property
    def parameters(self) -> Any:
        return self.definition.parameters

    @property
    def outputs(self) -> Mapping[str, Any]:
        return self.definition.outputs

    def timeout_secs(self) -> int:
        """The time an action may take: ``timeout_mins``, else the configured default."""
        if self.state_data.timeout_mins:
            return int(self.state_data.timeout_mins) * 60
        return self.settings.stack_action_timeout

    # -- resources ----------------------------------------------------------------------

    @property
    def resources(self) -> dict[str, Any]:
        """``{name: Resource}`` of the enabled resources, in template order."""
        if self._resources is None:
            definitions = self.definition.resource_definitions
            resources = {
                name: self.make_resource(name, definition)
                for name, definition in definitions.items()
            }
            if self.attach_stored_rows and self.id:
                for name, row in self.store.rows_of(self.id).items():
                    if name in resources:
                        apply_row(resources[name], row)
            self._resources = resources
        return self._resources

    def make_resource(self, name: str, definition: Any) -> Any:
        """A new resource object of the class the environment maps its type to."""
        resource_class = self.env.get_class_to_instantiate(definition.resource_type, name)
        return resource_class(name, definition, self)

    def __getitem__(self, name: str) -> Any:
        return self.resources[name]

    def resource_by_refid(self, reference_id: str) -> Any:
        """The resource whose reference id (``get_resource``/``Ref``) or name is
        ``reference_id``, unless it is failed, being deleted or rolled back, or suspended;
        None when there is none."""
        for resource in self.resources.values():
            if resource.state not in _REFERABLE_STATES:
                continue
            if reference_id in (resource.FnGetRefId(), resource.name):
                return resource
        return None

    def __contains__(self, name: object) -> bool:
        return name in self.resources

    def dependencies(self) -> Dependencies:
        """The graph of the enabled resources (``a`` requires ``b``)."""
        return Dependencies.from_graph(self.definition.dependency_graph())

    def required_by(self, name: str) -> list[str]:
        """Names of the resources that need ``name``."""
        return sorted(self.dependencies().required_by(name))

    def total_resources(self) -> int:
        """How many resources the stack has (nested stacks count once each, for now)."""
        return len(self.resources)

    # -- checks -------------------------------------------------------------------------

    def validate(self, template_only: bool = False) -> None:
        """The template's static checks, then each resource's type and properties.

        Without ``strict_validate``, values are not checked (parameters may have none);
        ``template_only`` runs only the resources' template checks, as template validation
        does, rather than their plugins' own checks.
        """
        self.definition.validate(self.context, strict=self.strict_validate)
        for name, resource in self.resources.items():
            try:
                if template_only:
                    resource.validate_template()
                else:
                    resource.validate()
            except (exception.StackValidationFailed, exception.ResourceTypeUnavailable):
                raise
            except exception.HeatException as error:
                raise exception.StackValidationFailed(path=["resources", name], message=str(error))
        if 0 <= self.settings.max_resources_per_stack < self.total_resources():
            raise exception.RequestLimitExceeded(
                message=exception.StackResourceLimitExceeded.msg_fmt
            )

    def output(self, key: str) -> tuple[Any, str | None]:
        """``(value, None)`` of an output, or ``(None, error text)`` when it fails."""
        try:
            return self.outputs[key].get_value(), None
        except exception.HeatException as error:
            return None, str(error)
        except (KeyError, IndexError, TypeError, ValueError) as error:
            return None, _("Failed to resolve output: %s") % error
