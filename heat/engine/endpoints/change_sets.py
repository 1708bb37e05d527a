"""Engine calls about change sets (:mod:`heat.engine.change_sets`)."""

from typing import Any

from heat.engine import change_sets


class ChangeSetEndpoints:
    """Change set calls; mixed into :class:`heat.engine.service.EngineService`, which
    provides ``runtime``."""

    runtime: Any

    def create_change_set(
        self, context, stack_identity, name, template, params, files, args, description=None
    ):
        return change_sets.create(
            self.runtime, context, stack_identity, name, template, params, files, args, description
        )

    def show_change_set(self, context, stack_identity, name_or_id):
        return change_sets.show(self.runtime, context, stack_identity, name_or_id)

    def list_change_sets(self, context, stack_identity):
        return change_sets.list_all(context, stack_identity)

    def execute_change_set(self, context, stack_identity, name_or_id):
        return change_sets.execute(self.runtime, context, stack_identity, name_or_id)

    def delete_change_set(self, context, stack_identity, name_or_id):
        return change_sets.delete(context, stack_identity, name_or_id)
