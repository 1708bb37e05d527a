"""Engine calls about whole stacks: list, create, preview, update, show, delete, actions,
outputs, migration to convergence."""

from typing import Any

from heat.engine import (
    drift,
    stack_creation,
    stack_lifecycle,
    stack_listing,
    stack_migration,
    stack_queries,
    stack_update_request,
)
from heat.engine.container_files import with_container_files


class StackEndpoints:
    """Whole-stack calls; mixed into :class:`heat.engine.service.EngineService`, which
    provides ``conf`` and ``runtime``."""

    conf: Any
    runtime: Any

    def list_stacks(self, context, **kwargs: Any) -> list[dict[str, Any]]:
        return stack_listing.list_stacks(context, self.conf.hidden_stack_tags, **kwargs)

    def count_stacks(self, context, **kwargs: Any) -> int:
        return stack_listing.count_stacks(context, self.conf.hidden_stack_tags, **kwargs)

    def identify_stack(self, context, stack_name):
        return stack_queries.identify_stack(context, stack_name)

    def create_stack(self, context, stack_name, template, params, files, args, **kwargs):
        container = kwargs.pop("files_container", None)
        files = with_container_files(context, self.conf, container, files)
        kwargs.pop("template_id", None)
        return stack_creation.create_stack(
            self.runtime, context, stack_name, template, params, files, args, **kwargs
        )

    def preview_stack(self, context, stack_name, template, params, files, args, **kwargs):
        container = kwargs.pop("files_container", None)
        files = with_container_files(context, self.conf, container, files)
        return stack_creation.preview_stack(
            self.runtime, context, stack_name, template, params, files, args, **kwargs
        )

    def update_stack(self, context, stack_identity, template, params, files, args, **kwargs):
        container = kwargs.pop("files_container", None)
        files = with_container_files(context, self.conf, container, files)
        kwargs.pop("template_id", None)
        return stack_update_request.update_stack(
            self.runtime, context, stack_identity, template, params, files, args, **kwargs
        )

    def preview_update_stack(
        self, context, stack_identity, template, params, files, args, **kwargs
    ):
        container = kwargs.pop("files_container", None)
        files = with_container_files(context, self.conf, container, files)
        return stack_update_request.preview_update_stack(
            self.runtime, context, stack_identity, template, params, files, args, **kwargs
        )

    def show_stack(self, context, stack_identity, resolve_outputs=True):
        return stack_queries.show_stack(self.runtime, context, stack_identity, resolve_outputs)

    def get_template(self, context, stack_identity):
        return stack_queries.get_template(self.runtime, context, stack_identity)

    def get_environment(self, context, stack_identity):
        return stack_queries.get_environment(self.runtime, context, stack_identity)

    def get_files(self, context, stack_identity):
        return stack_queries.get_files(self.runtime, context, stack_identity)

    def delete_stack(self, context, stack_identity):
        return stack_lifecycle.delete_stack(self.runtime, context, stack_identity)

    def stack_suspend(self, context, stack_identity):
        return stack_lifecycle.stack_suspend(self.runtime, context, stack_identity)

    def stack_resume(self, context, stack_identity):
        return stack_lifecycle.stack_resume(self.runtime, context, stack_identity)

    def stack_check(self, context, stack_identity):
        return stack_lifecycle.stack_check(self.runtime, context, stack_identity)

    def stack_cancel_update(self, context, stack_identity, cancel_with_rollback=True):
        return stack_lifecycle.stack_cancel_update(
            self.runtime, context, stack_identity, cancel_with_rollback
        )

    def detect_stack_drift(self, context, stack_identity):
        return drift.detect(self.runtime, context, stack_identity)

    def show_stack_drift(self, context, stack_identity, detection_id=None):
        return drift.latest(context, stack_identity, detection_id)

    def update_termination_protection(self, context, stack_identity, enabled):
        return stack_lifecycle.update_termination_protection(
            self.runtime, context, stack_identity, enabled
        )

    def list_outputs(self, context, stack_identity):
        return stack_queries.list_outputs(self.runtime, context, stack_identity)

    def show_output(self, context, stack_identity, output_key):
        return stack_queries.show_output(self.runtime, context, stack_identity, output_key)

    def migrate_convergence_1(self, context, stack_id):
        return stack_migration.migrate_convergence_1(self.runtime, context, stack_id)
