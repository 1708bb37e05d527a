"""``EngineService``: the ``engine`` RPC topic of one heat-engine process.

Each process has its own ``engine_id``; it registers in the ``service`` table
(heartbeat every ``periodic_interval``), listens on the ``engine`` topic (shared by
all engines) and on its own listener topic, and deletes its row when stopped. Methods
are a few lines each: the work is in the per-operation modules (``stack_creation``,
``stack_queries``, ``stack_lifecycle``...). Calls not provided yet are answered by
:class:`heat.engine.unsupported.UnsupportedCalls`.
"""

from typing import Any

import oslo_messaging as messaging
from oslo_log import log as logging
from oslo_service import loopingcall
from oslo_service import service as oslo_service
from oslo_utils import uuidutils

from heat.common import context as heat_context
from heat.common import exception
from heat.common import messaging as heat_messaging
from heat.db import api as db_api
from heat.engine import (
    listener,
    resource_schema,
    service_registry,
    stack_creation,
    stack_events,
    stack_export,
    stack_lifecycle,
    stack_listing,
    stack_queries,
    stack_recovery,
    stack_snapshots,
    stack_update_request,
    template_catalog,
    template_validation,
)
from heat.engine.engine_liveness import EngineLiveness
from heat.engine.notification import StackNotifier
from heat.engine.runtime import EngineRuntime
from heat.engine.stack import EngineSettings
from heat.engine.thread_groups import ThreadGroupManager
from heat.engine.unsupported import UnsupportedCalls
from heat.rpc import api as rpc_api

LOG = logging.getLogger(__name__)
_STOP_WAIT_SECONDS = 5


class EngineService(oslo_service.ServiceBase):
    """RPC endpoint of the engine API (version ``RPC_API_VERSION``)."""

    target = messaging.Target(version=rpc_api.RPC_API_VERSION)

    def __init__(self, conf, templates, global_env):
        self.conf = conf
        self.templates = templates
        self.global_env = global_env
        self.engine_id = ""
        self.registration: service_registry.ServiceRegistration | None = None
        self._servers: list = []
        self._heartbeat: loopingcall.FixedIntervalLoopingCall | None = None
        self.runtime = EngineRuntime(
            templates, global_env, EngineSettings.from_conf(conf), ThreadGroupManager()
        )

    def start(self) -> None:
        """Listen on the engine and listener topics, then register and start the heartbeat.

        Runs in the worker process (after any fork), so each worker gets its own
        engine id, service row and broker connection. An engine in the service table
        is already listening.
        """
        self.engine_id = uuidutils.generate_uuid()
        self.runtime.engine_id = self.engine_id
        self.runtime.notifier = StackNotifier(self.conf, self.conf.host)
        self.runtime.is_alive = self.runtime.listeners = EngineLiveness(
            heat_messaging.get_transport(self.conf), self.conf.engine_life_check_timeout
        )
        self.registration = service_registry.ServiceRegistration(
            self.conf.host, self.engine_id, self.conf.periodic_interval
        )
        targets = [
            (
                messaging.Target(topic=rpc_api.ENGINE_TOPIC, server=self.conf.host),
                [
                    heat_messaging.QuietErrors(self),
                    heat_messaging.QuietErrors(UnsupportedCalls(self)),
                ],
            ),
            (
                messaging.Target(topic=rpc_api.LISTENER_TOPIC, server=self.engine_id),
                [
                    listener.EngineListener(
                        self.engine_id,
                        self.runtime.threads,
                        self.runtime.settings.error_wait_time + 10,
                    )
                ],
            ),
        ]
        for target, endpoints in targets:
            server = heat_messaging.get_rpc_server(
                heat_messaging.get_transport(self.conf), target, endpoints
            )
            server.start()
            self._servers.append(server)
        self.registration.report()
        self._heartbeat = loopingcall.FixedIntervalLoopingCall(self._periodic)
        self._heartbeat.start(
            interval=self.conf.periodic_interval, initial_delay=self.conf.periodic_interval
        )
        self._reset_orphaned_stacks()
        LOG.info(
            "Engine %s listening on topic %s as %s",
            self.engine_id,
            rpc_api.ENGINE_TOPIC,
            self.conf.host,
        )

    def _periodic(self) -> None:
        """The heartbeat, then failing stacks whose engine has died since."""
        assert self.registration is not None
        self.registration.report()
        self._reset_orphaned_stacks()

    def _reset_orphaned_stacks(self) -> None:
        try:
            stack_recovery.reset_orphaned_stacks(self.runtime, heat_context.get_admin_context())
        except Exception:  # noqa: BLE001 - the engine keeps serving whatever recovery meets
            LOG.exception("Resetting the stacks of dead engines failed")

    def stop(self, graceful: bool = True) -> None:
        """Stop taking calls, finish the ones running, and leave the service table."""
        for server in self._servers:
            server.stop()
        for server in self._servers:
            server.wait()
        self._servers = []
        # Unfinished actions stay IN_PROGRESS under this engine's lock; the next engine to
        # start fails them, since this engine's heartbeat stops.
        self.runtime.threads.stop_all(timeout=_STOP_WAIT_SECONDS)
        if self._heartbeat is not None:
            self._heartbeat.stop()
            self._heartbeat = None
        if self.registration is not None:
            self.registration.remove()
        LOG.info("Engine %s stopped", self.engine_id)

    def wait(self) -> None:
        """Nothing to wait for beyond stop(); present for oslo.service launchers."""

    def reset(self) -> None:
        """Called on SIGHUP by oslo.service; configuration is re-read by the launcher."""

    def list_stacks(self, context, **kwargs: Any) -> list[dict[str, Any]]:
        return stack_listing.list_stacks(context, self.conf.hidden_stack_tags, **kwargs)

    def count_stacks(self, context, **kwargs: Any) -> int:
        return stack_listing.count_stacks(context, self.conf.hidden_stack_tags, **kwargs)

    def list_services(self, context) -> list[dict[str, Any]]:
        services = db_api.service_get_all(context)
        return [service_registry.format_service(service) for service in services]

    def get_revision(self, context) -> str:
        return self.conf.revision.heat_revision

    def list_template_versions(self, context) -> list[dict[str, Any]]:
        return template_catalog.list_versions(self.templates)

    def list_template_functions(
        self, context, template_version: str, with_condition: bool = False
    ) -> list[dict[str, Any]]:
        return template_catalog.list_functions(self.templates, template_version, with_condition)

    def validate_template(
        self,
        context,
        template,
        params=None,
        files=None,
        environment_files=None,
        files_container=None,
        show_nested=False,
        ignorable_errors=None,
    ) -> dict[str, Any]:
        if files_container:
            raise exception.NotSupported(feature="files_container (Swift)")
        return template_validation.validate_template(
            context,
            self.templates,
            self.global_env,
            template,
            params,
            files,
            environment_files,
            ignorable_errors,
            show_nested=show_nested,
            max_depth=self.conf.max_nested_stack_depth,
        )

    # -- resource types --------------------------------------------------------------------

    def list_resource_types(
        self,
        context,
        support_status=None,
        type_name=None,
        heat_version=None,
        with_description=False,
    ) -> list:
        return self.global_env.get_types(
            support_status=support_status,
            type_name=type_name,
            version=heat_version,
            with_description=with_description,
        )

    def resource_schema(self, context, type_name, with_description=False) -> dict[str, Any]:
        return resource_schema.resource_schema(self.global_env, type_name, with_description)

    def generate_template(self, context, type_name, template_type="cfn") -> dict[str, Any]:
        return resource_schema.generate_template(self.global_env, type_name, template_type)

    # -- stacks ---------------------------------------------------------------------------

    def identify_stack(self, context, stack_name):
        return stack_queries.identify_stack(context, stack_name)

    def create_stack(self, context, stack_name, template, params, files, args, **kwargs):
        if kwargs.pop("files_container", None):
            raise exception.NotSupported(feature="files_container (Swift)")
        kwargs.pop("template_id", None)
        return stack_creation.create_stack(
            self.runtime, context, stack_name, template, params, files, args, **kwargs
        )

    def preview_stack(self, context, stack_name, template, params, files, args, **kwargs):
        if kwargs.pop("files_container", None):
            raise exception.NotSupported(feature="files_container (Swift)")
        return stack_creation.preview_stack(
            self.runtime, context, stack_name, template, params, files, args, **kwargs
        )

    def update_stack(self, context, stack_identity, template, params, files, args, **kwargs):
        if kwargs.pop("files_container", None):
            raise exception.NotSupported(feature="files_container (Swift)")
        kwargs.pop("template_id", None)
        return stack_update_request.update_stack(
            self.runtime, context, stack_identity, template, params, files, args, **kwargs
        )

    def preview_update_stack(
        self, context, stack_identity, template, params, files, args, **kwargs
    ):
        if kwargs.pop("files_container", None):
            raise exception.NotSupported(feature="files_container (Swift)")
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

    def list_outputs(self, context, stack_identity):
        return stack_queries.list_outputs(self.runtime, context, stack_identity)

    def show_output(self, context, stack_identity, output_key):
        return stack_queries.show_output(self.runtime, context, stack_identity, output_key)

    # -- resources and events -----------------------------------------------------------------

    def list_stack_resources(self, context, stack_identity, **options):
        return stack_queries.list_stack_resources(self.runtime, context, stack_identity, **options)

    def describe_stack_resource(self, context, stack_identity, resource_name, with_attr=None):
        return stack_queries.describe_stack_resource(
            self.runtime, context, stack_identity, resource_name, with_attr
        )

    def describe_stack_resources(self, context, stack_identity, resource_name):
        return stack_queries.describe_stack_resources(
            self.runtime, context, stack_identity, resource_name
        )

    def find_physical_resource(self, context, physical_resource_id):
        return stack_queries.find_physical_resource(context, physical_resource_id)

    def resource_signal(self, context, stack_identity, resource_name, details, sync_call=False):
        return stack_lifecycle.resource_signal(
            self.runtime, context, stack_identity, resource_name, details, sync_call
        )

    def resource_mark_unhealthy(
        self, context, stack_identity, resource_name, mark_unhealthy, resource_status_reason=None
    ):
        return stack_lifecycle.resource_mark_unhealthy(
            self.runtime,
            context,
            stack_identity,
            resource_name,
            mark_unhealthy,
            resource_status_reason,
        )

    def list_events(self, context, stack_identity, **options):
        return stack_events.list_events(context, stack_identity, **options)

    # -- export, abandon, snapshots -------------------------------------------------------------

    def export_stack(self, context, stack_identity):
        return stack_export.export_stack(self.runtime, context, stack_identity)

    def abandon_stack(self, context, stack_identity):
        return stack_export.abandon_stack(self.runtime, context, stack_identity)

    def stack_snapshot(self, context, stack_identity, name):
        return stack_snapshots.stack_snapshot(self.runtime, context, stack_identity, name)

    def stack_list_snapshots(self, context, stack_identity):
        return stack_snapshots.stack_list_snapshots(self.runtime, context, stack_identity)

    def show_snapshot(self, context, stack_identity, snapshot_id):
        return stack_snapshots.show_snapshot(self.runtime, context, stack_identity, snapshot_id)

    def delete_snapshot(self, context, stack_identity, snapshot_id):
        return stack_snapshots.delete_snapshot(self.runtime, context, stack_identity, snapshot_id)

    def stack_restore(self, context, stack_identity, snapshot_id):
        return stack_snapshots.stack_restore(self.runtime, context, stack_identity, snapshot_id)
