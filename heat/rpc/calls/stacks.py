"""Engine calls about whole stacks: life cycle, content and outputs."""

from heat.rpc.calls.base import Calls


class StackCalls(Calls):
    """Engine calls about whole stacks: life cycle, content and outputs."""

    def identify_stack(self, context, stack_name):
        """The identity of the stack with this name or id in the caller's project."""
        return self._call(context, "identify_stack", "1.0", stack_name=stack_name)

    def list_stacks(
        self,
        context,
        limit=None,
        sort_keys=None,
        marker=None,
        sort_dir=None,
        filters=None,
        show_deleted=False,
        show_nested=False,
        show_hidden=False,
        tags=None,
        tags_any=None,
        not_tags=None,
        not_tags_any=None,
    ):
        """Stacks of the caller's project, filtered, sorted and paginated."""
        return self._call(
            context,
            "list_stacks",
            "1.33",
            limit=limit,
            sort_keys=sort_keys,
            marker=marker,
            sort_dir=sort_dir,
            filters=filters,
            show_deleted=show_deleted,
            show_nested=show_nested,
            show_hidden=show_hidden,
            tags=tags,
            tags_any=tags_any,
            not_tags=not_tags,
            not_tags_any=not_tags_any,
        )

    def count_stacks(
        self,
        context,
        filters=None,
        show_deleted=False,
        show_nested=False,
        show_hidden=False,
        tags=None,
        tags_any=None,
        not_tags=None,
        not_tags_any=None,
    ):
        """How many stacks list_stacks would return without pagination."""
        return self._call(
            context,
            "count_stacks",
            "1.33",
            filters=filters,
            show_deleted=show_deleted,
            show_nested=show_nested,
            show_hidden=show_hidden,
            tags=tags,
            tags_any=tags_any,
            not_tags=not_tags,
            not_tags_any=not_tags_any,
        )

    def show_stack(self, context, stack_identity, resolve_outputs=True):
        """Full descriptions of one stack (or all stacks when the identity is None)."""
        return self._call(
            context,
            "show_stack",
            "1.20",
            stack_identity=stack_identity,
            resolve_outputs=resolve_outputs,
        )

    def preview_stack(
        self,
        context,
        stack_name,
        template=None,
        params=None,
        files=None,
        environment_files=None,
        files_container=None,
        args=None,
    ):
        """What creating this stack would make, without making it."""
        return self._call(
            context,
            "preview_stack",
            "1.36",
            stack_name=stack_name,
            template=template,
            params=params,
            files=files,
            environment_files=environment_files,
            files_container=files_container,
            args=args,
        )

    def create_stack(
        self,
        context,
        stack_name,
        template=None,
        params=None,
        files=None,
        environment_files=None,
        files_container=None,
        args=None,
        owner_id=None,
        nested_depth=0,
        user_creds_id=None,
        stack_user_project_id=None,
        parent_resource_name=None,
        template_id=None,
    ):
        """Create a stack; returns its identity at once while the create runs."""
        return self._call(
            context,
            "create_stack",
            "1.36",
            stack_name=stack_name,
            template=template,
            params=params,
            files=files,
            environment_files=environment_files,
            files_container=files_container,
            args=args,
            owner_id=owner_id,
            nested_depth=nested_depth,
            user_creds_id=user_creds_id,
            stack_user_project_id=stack_user_project_id,
            parent_resource_name=parent_resource_name,
            template_id=template_id,
        )

    def update_stack(
        self,
        context,
        stack_identity,
        template=None,
        params=None,
        files=None,
        environment_files=None,
        files_container=None,
        args=None,
        template_id=None,
    ):
        """Update a stack to a new template, parameters or environment."""
        return self._call(
            context,
            "update_stack",
            "1.36",
            stack_identity=stack_identity,
            template=template,
            params=params,
            files=files,
            environment_files=environment_files,
            files_container=files_container,
            args=args,
            template_id=template_id,
        )

    def preview_update_stack(
        self,
        context,
        stack_identity,
        template=None,
        params=None,
        files=None,
        environment_files=None,
        files_container=None,
        args=None,
    ):
        """What updating the stack would change, without changing it."""
        return self._call(
            context,
            "preview_update_stack",
            "1.36",
            stack_identity=stack_identity,
            template=template,
            params=params,
            files=files,
            environment_files=environment_files,
            files_container=files_container,
            args=args,
        )

    def get_template(self, context, stack_identity):
        """The template the stack was created or last updated with."""
        return self._call(context, "get_template", "1.0", stack_identity=stack_identity)

    def get_environment(self, context, stack_identity):
        """The stack's environment, hidden values redacted."""
        return self._call(context, "get_environment", "1.28", stack_identity=stack_identity)

    def get_files(self, context, stack_identity):
        """The files map stored with the stack."""
        return self._call(context, "get_files", "1.32", stack_identity=stack_identity)

    def abandon_stack(self, context, stack_identity):
        """Remove the stack from Heat, leaving its physical resources; returns its export."""
        return self._call(context, "abandon_stack", "1.0", stack_identity=stack_identity)

    def export_stack(self, context, stack_identity):
        """The export document of a stack."""
        return self._call(context, "export_stack", "1.22", stack_identity=stack_identity)

    def stack_suspend(self, context, stack_identity):
        """Suspend every resource of a stack."""
        return self._call(context, "stack_suspend", "1.0", stack_identity=stack_identity)

    def stack_resume(self, context, stack_identity):
        """Resume a suspended stack."""
        return self._call(context, "stack_resume", "1.0", stack_identity=stack_identity)

    def stack_check(self, context, stack_identity):
        """Check that every resource of a stack still exists as recorded."""
        return self._call(context, "stack_check", "1.0", stack_identity=stack_identity)

    def stack_cancel_update(self, context, stack_identity, cancel_with_rollback=True):
        """Cancel an update in progress, rolling back unless told not to."""
        return self._call(
            context,
            "stack_cancel_update",
            "1.14",
            stack_identity=stack_identity,
            cancel_with_rollback=cancel_with_rollback,
        )

    def detect_stack_drift(self, context, stack_identity):
        """Compare each resource of the stack with its physical resource; the detection."""
        return self._call(context, "detect_stack_drift", "1.38", stack_identity=stack_identity)

    def show_stack_drift(self, context, stack_identity, detection_id=None):
        """A kept drift detection: of that id, or the stack's latest."""
        return self._call(
            context,
            "show_stack_drift",
            "1.38",
            stack_identity=stack_identity,
            detection_id=detection_id,
        )

    def update_termination_protection(self, context, stack_identity, enabled):
        """Protect a root stack (and its tree) from deletion, or lift the protection."""
        return self._call(
            context,
            "update_termination_protection",
            "1.38",
            stack_identity=stack_identity,
            enabled=enabled,
        )

    def list_outputs(self, context, stack_identity):
        """Output keys and descriptions of a stack."""
        return self._call(context, "list_outputs", "1.19", stack_identity=stack_identity)

    def show_output(self, context, stack_identity, output_key):
        """One output of a stack, resolved."""
        return self._call(
            context, "show_output", "1.19", stack_identity=stack_identity, output_key=output_key
        )

    def delete_stack(self, context, stack_identity, cast=False):
        """Delete a stack; with ``cast`` return without waiting for the engine to accept."""
        if cast:
            return self._cast(context, "delete_stack", "1.0", stack_identity=stack_identity)
        return self._call(context, "delete_stack", "1.0", stack_identity=stack_identity)

    def migrate_convergence_1(self, context, stack_id):
        """Move a legacy stack to the convergence engine."""
        return self._call(context, "migrate_convergence_1", "1.34", stack_id=stack_id)
