"""The base of resources implemented by a nested stack (template resources, groups, stacks).

A subclass says what its nested stack is — :meth:`StackResource.child_template` and
:meth:`StackResource.child_params` — and this class creates, updates, suspends, resumes,
checks and deletes that stack as steps of the parent's own action: in the parent's
thread, or, for a convergence stack, as traversals of the nested stack's own that the
parent's step waits for (:mod:`heat.engine.walk.nested`).
The nested stack's id is the resource's physical id; its outputs can serve as attributes.
"""

from typing import Any

from oslo_utils import uuidutils

from heat.common import exception, template_format
from heat.common.i18n import _
from heat.db import api as db_api
from heat.engine import environment, scheduler, stack_actions, stack_store
from heat.engine import resource_states as states
from heat.engine.resource import Resource
from heat.engine.resources import validation_budget
from heat.engine.stack import Stack, StackState
from heat.engine.walk import nested as nested_actions


def _resource_count(child: Stack) -> int:
    """The size of the nested template's resources section, as upstream counts it: known
    without building the resources."""
    return len(child.t.section(child.t.RESOURCES))


class StackResource(Resource):
    """A resource whose implementation is a nested stack."""

    def __init__(self, name: str, definition: Any, stack: Any):
        super().__init__(name, definition, stack)
        self._nested: Stack | None = None
        # The nested stack a preview validated, which the preview then shows.
        self._preview_child: Stack | None = None

    # -- what subclasses define -------------------------------------------------------------

    def child_template(self) -> Any:
        """The nested stack's template (a dict, or template text)."""
        raise NotImplementedError

    def child_params(self) -> dict[str, Any]:
        """The nested stack's parameters (a flat map, or an environment with sections)."""
        return {}

    def child_files(self) -> dict[str, str]:
        """The files the nested template may read: the parent's."""
        return dict(self.stack.t.files)

    def child_timeout_mins(self) -> int | None:
        """The nested stack's timeout: what is left of the parent's, in minutes."""
        return self.stack.state_data.timeout_mins

    def template_url(self) -> str:
        """Where the nested template comes from, as validation errors name it (Heat's
        placeholder for templates built from properties)."""
        return "nested_stack"

    # -- the nested stack -------------------------------------------------------------------

    def nested(self) -> Stack | None:
        """The nested stack, loaded from the database once this resource has created it."""
        if self._nested is None and self.resource_id:
            try:
                self._nested = stack_store.load(
                    self.stack.context,
                    self.stack.templates,
                    self.stack.env.global_env or self.stack.env,
                    self.stack.settings,
                    stack_id=self.resource_id,
                    store=self.stack.store,
                    parent_resource=self,
                )
            except exception.EntityNotFound:
                return None
            self._nested.notifier = self.stack.notifier
            self._nested.runtime = self.stack.runtime
        return self._nested

    def _child_template_object(self) -> Any:
        template = self.child_template()
        if isinstance(template, str):
            template = template_format.parse(template)
        files = self.child_files()
        env = environment.get_child_environment(
            self.stack.env, self.child_params(), child_resource_name=self.name
        )
        return self.stack.templates.load(template, files=files, env=env)

    def _make_child(self, stack_id: str | None = None, name: str | None = None) -> Stack:
        parent = self.stack
        depth = parent.state_data.nested_depth + 1
        if depth > parent.settings.max_nested_stack_depth:
            raise exception.RequestLimitExceeded(
                message=_("Recursion depth exceeds %d.") % parent.settings.max_nested_stack_depth
            )
        state = StackState(
            action=states.CREATE,
            status=states.IN_PROGRESS,
            status_reason="Stack CREATE started",
            disable_rollback=True,
            timeout_mins=self.child_timeout_mins(),
            owner_id=parent.id,
            nested_depth=depth,
            parent_resource_name=self.name,
            username=parent.state_data.username,
            tenant_id=parent.state_data.tenant_id,
            stack_user_project_id=parent.state_data.stack_user_project_id,
            user_creds_id=parent.state_data.user_creds_id,
            root_stack_id=parent.root_stack_id,
            convergence=parent.state_data.convergence,
        )
        child = Stack(
            self.stack.context,
            name or self.physical_resource_name(),
            self._child_template_object(),
            parent.settings,
            stack_id=stack_id,
            state=state,
            templates=parent.templates,
            store=parent.store,
            parent_resource=self,
        )
        if stack_id:
            child.set_id(stack_id)
        child.notifier = parent.notifier
        child.runtime = parent.runtime
        child.previewing = parent.previewing
        return child

    def validate(self) -> None:
        """The resource's own checks, then its nested stack's; as upstream, a stack being
        created below the root (strictly validated) leaves its nested stacks to their own
        creation."""
        super().validate()
        if self.stack.state_data.nested_depth == 0 or not self.stack.strict_validate:
            self.validate_nested_stack()

    def validate_nested_stack(self) -> None:
        """Parse and check the nested stack the current properties define, without checking
        values: its properties may have none yet (a parameter_defaults entry may be the only
        value of a parameter, and the parent's attributes are not known before creation).
        Below the :mod:`validation_budget` of the whole walk, the nested stack is left to its
        creation."""
        where = [self.stack.t.RESOURCES, "%s<%s>" % (self.name, self.template_url())]
        try:
            with validation_budget.opened(self.stack.settings.max_resources_per_stack):
                if validation_budget.exhausted():
                    return
                child = self.preview_stack() if self.stack.previewing else self._make_child()
                count = _resource_count(child)
                self.check_nested_size(count, count_stored=False)
                if validation_budget.spend(count):
                    child.strict_validate = False
                    child.validate()
        except exception.StackValidationFailed as error:
            raise exception.StackValidationFailed(
                error=error.error, path=where + error.path, message=error.error_message
            )
        except (exception.HeatException, ValueError) as error:
            raise exception.StackValidationFailed(
                error=type(error).__name__, path=where, message=str(error)
            )

    def preview_stack(self) -> Stack:
        """The nested stack the current properties define, for a preview: named
        ``<stack>-<resource>`` as upstream names it, without an id yet; made once, so that
        the preview shows the tree its validation built."""
        if self._preview_child is None:
            name = "%s-%s" % (self.stack.name, self.name)
            self._preview_child = self._make_child(stack_id=self.stack.id, name=name)
        return self._preview_child

    def planned_update(self, current: Stack) -> Stack:
        """The stack an update of this resource would turn ``current`` (its nested stack)
        into, for an update preview: its new template under ``current``'s id and state."""
        new = self._make_child(current.id)
        new.state_data = current.state_data
        return new

    # -- actions ------------------------------------------------------------------------------

    def check_nested_size(self, count: int, count_stored: bool = True) -> None:
        """RequestLimitExceeded, as upstream's, when a nested stack of ``count`` resources
        would take the resources stored in the tree (less those of the nested stack it
        replaces) past ``max_resources_per_stack``; groups call it before building their
        members. Validation, which may run beside the stored tree, counts ``count`` alone."""
        limit = self.stack.settings.max_resources_per_stack
        if limit < 0:
            return
        total = count
        if count_stored and self.stack.id is not None:
            root_id = self.stack.root_stack_id
            total += db_api.resource_count_by_root_stack(self.context, root_id)
            nested = self.nested() if self.resource_id else None
            total -= _resource_count(nested) if nested is not None else 0
        if total > limit:
            raise exception.RequestLimitExceeded(
                message=exception.StackResourceLimitExceeded.msg_fmt
            )

    def handle_create(self) -> scheduler.TaskRunner:
        return self._create_child(uuidutils.generate_uuid())

    def _create_child(self, stack_id: str) -> scheduler.TaskRunner:
        """Store the nested stack as ``stack_id`` and start its create. The id is the
        resource's before the stack is stored, so that a step cut off in between finds
        what it made (see :meth:`handle_resume_create`)."""
        child = self._make_child(stack_id)
        self.check_nested_size(_resource_count(child))
        child.validate()
        self.resource_id_set(child.id)
        stack_store.store_new(child)
        self._nested = child
        return scheduler.TaskRunner(nested_actions.create_task, child)

    def handle_resume_create(self) -> scheduler.TaskRunner:
        """Finish a create whose step died with its engine (convergence): wait for the
        nested stack's traversal, or create the stack if the step died before storing it."""
        nested = self.nested()
        if nested is None:
            return self._create_child(self.resource_id or uuidutils.generate_uuid())
        return scheduler.TaskRunner(nested_actions.resume_create_task, nested)

    def check_resume_create_complete(self, runner: scheduler.TaskRunner) -> bool:
        return self._step(runner, states.CREATE)

    def handle_create_cancel(self, runner: scheduler.TaskRunner | None) -> None:
        """The step waiting for the nested stack was cut short: the nested stack's
        traversals stop too (a legacy nested stack stopped with the step)."""
        nested = self._nested or self.nested()
        if nested is not None:
            nested_actions.stop(nested)

    handle_update_cancel = handle_create_cancel
    handle_resume_create_cancel = handle_create_cancel

    def _step(self, runner: scheduler.TaskRunner | None, action: str) -> bool:
        if runner is None:
            return True
        done = runner.step() if runner.started() else runner.start()
        if not done:
            return False
        nested = self._nested
        if nested is not None and nested.state_data.convergence:
            # Its traversal ran on stacks of its own: it is read again when next needed.
            self._nested = None
        if nested is not None and nested.status != states.COMPLETE:
            raise exception.Error(
                _("Nested stack %(action)s failed: %(reason)s")
                % {"action": action, "reason": nested.status_reason}
            )
        return True

    def check_create_complete(self, runner: scheduler.TaskRunner) -> bool:
        return self._step(runner, states.CREATE)

    def needs_update(self, old: Any) -> bool | None:
        """Always: the nested stack's update decides what changed in it (its template file
        may have changed though the resource's definition did not)."""
        return True

    def handle_update(self, json_snippet: Any, tmpl_diff: dict, prop_diff: dict) -> Any:
        current = self.nested()
        if current is None:
            raise exception.UpdateReplace(self.name)
        new = self._make_child(current.id)
        new.state_data = current.state_data
        self.check_nested_size(_resource_count(new))
        new.validate()
        self._nested = new
        rollback = self.stack.action == states.ROLLBACK
        return scheduler.TaskRunner(nested_actions.update_task, current, new, rollback)

    def check_update_complete(self, runner: scheduler.TaskRunner) -> bool:
        return self._step(runner, states.UPDATE)

    def _nested_task(self, task: Any) -> scheduler.TaskRunner | None:
        nested = self.nested()
        if nested is None:
            return None
        return scheduler.TaskRunner(task, nested)

    def handle_delete(self) -> scheduler.TaskRunner | None:
        return self._nested_task(nested_actions.delete_task)

    def check_delete_complete(self, runner: scheduler.TaskRunner | None) -> bool:
        if runner is None:
            return True
        done = runner.step() if runner.started() else runner.start()
        if done and not runner.result:
            raise exception.Error(
                _("Nested stack DELETE failed: %s")
                % (self._nested.status_reason if self._nested else "")
            )
        return done

    def handle_suspend(self) -> scheduler.TaskRunner | None:
        return self._nested_task(stack_actions.suspend_task)

    def check_suspend_complete(self, runner: scheduler.TaskRunner | None) -> bool:
        return self._step(runner, states.SUSPEND)

    def handle_resume(self) -> scheduler.TaskRunner | None:
        return self._nested_task(stack_actions.resume_task)

    def check_resume_complete(self, runner: scheduler.TaskRunner | None) -> bool:
        return self._step(runner, states.RESUME)

    def handle_check(self) -> scheduler.TaskRunner | None:
        return self._nested_task(stack_actions.check_task)

    def check_check_complete(self, runner: scheduler.TaskRunner | None) -> bool:
        return self._step(runner, states.CHECK)

    # -- attributes -----------------------------------------------------------------------------

    def get_output(self, name: str) -> Any:
        """The value of the nested stack's output ``name``; an error when it fails."""
        nested = self.nested()
        if nested is None:
            return None
        if name not in nested.outputs:
            raise exception.InvalidTemplateAttribute(resource=self.name, key=name)
        value, error = nested.output(name)
        if error is not None:
            raise exception.Error(
                _("Error in %(resource)s output %(output)s: %(error)s")
                % {"resource": self.name, "output": name, "error": error}
            )
        return value

    def _show_resource(self) -> dict[str, Any]:
        nested = self.nested()
        return {} if nested is None else {"id": nested.id, "stack_name": nested.name}
