"""Engine calls about change sets: previewed updates kept until executed (1.38)."""

from heat.rpc.calls.base import Calls


class ChangeSetCalls(Calls):
    def create_change_set(
        self, context, stack_identity, name, template, params, files, args, description=None
    ):
        """Preview an update of the stack and keep it as a change set; its summary."""
        return self._call(
            context,
            "create_change_set",
            "1.38",
            stack_identity=stack_identity,
            name=name,
            template=template,
            params=params,
            files=files,
            args=args,
            description=description,
        )

    def show_change_set(self, context, stack_identity, name_or_id):
        """A change set with its planned changes (``stack_identity`` None: by id only)."""
        return self._call(
            context,
            "show_change_set",
            "1.38",
            stack_identity=stack_identity,
            name_or_id=name_or_id,
        )

    def list_change_sets(self, context, stack_identity):
        """The stack's change sets, without their changes."""
        return self._call(context, "list_change_sets", "1.38", stack_identity=stack_identity)

    def execute_change_set(self, context, stack_identity, name_or_id):
        """Start the update a change set previewed."""
        return self._call(
            context,
            "execute_change_set",
            "1.38",
            stack_identity=stack_identity,
            name_or_id=name_or_id,
        )

    def delete_change_set(self, context, stack_identity, name_or_id):
        """Delete a change set that is not being executed."""
        return self._call(
            context,
            "delete_change_set",
            "1.38",
            stack_identity=stack_identity,
            name_or_id=name_or_id,
        )
