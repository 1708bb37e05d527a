"""``EngineService``: the ``engine`` RPC topic of one heat-engine process.

Each process has its own ``engine_id``; it registers in the ``service`` table
(heartbeat every ``periodic_interval``), listens on the ``engine`` topic (shared by
all engines) and on its own listener topic, and deletes its row when stopped.
Calls not provided yet are answered by :class:`heat.engine.unsupported.UnsupportedCalls`.
"""

from typing import Any

import oslo_messaging as messaging
from oslo_log import log as logging
from oslo_service import loopingcall
from oslo_service import service as oslo_service
from oslo_utils import uuidutils

from heat.common import exception
from heat.common import messaging as heat_messaging
from heat.db import api as db_api
from heat.engine import (
    listener,
    service_registry,
    stack_listing,
    template_catalog,
    template_validation,
)
from heat.engine.unsupported import UnsupportedCalls
from heat.rpc import api as rpc_api

LOG = logging.getLogger(__name__)


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

    def start(self) -> None:
        """Listen on the engine and listener topics, then register and start the heartbeat.

        Runs in the worker process (after any fork), so each worker gets its own
        engine id, service row and broker connection. An engine in the service table
        is already listening.
        """
        self.engine_id = uuidutils.generate_uuid()
        self.registration = service_registry.ServiceRegistration(
            self.conf.host, self.engine_id, self.conf.periodic_interval
        )
        targets = [
            (
                messaging.Target(topic=rpc_api.ENGINE_TOPIC, server=self.conf.host),
                [self, UnsupportedCalls(self)],
            ),
            (
                messaging.Target(topic=rpc_api.LISTENER_TOPIC, server=self.engine_id),
                [listener.EngineListener(self.engine_id)],
            ),
        ]
        for target, endpoints in targets:
            server = heat_messaging.get_rpc_server(
                heat_messaging.get_transport(self.conf), target, endpoints
            )
            server.start()
            self._servers.append(server)
        self.registration.report()
        self._heartbeat = loopingcall.FixedIntervalLoopingCall(self.registration.report)
        self._heartbeat.start(
            interval=self.conf.periodic_interval, initial_delay=self.conf.periodic_interval
        )
        LOG.info(
            "Engine %s listening on topic %s as %s",
            self.engine_id,
            rpc_api.ENGINE_TOPIC,
            self.conf.host,
        )

    def stop(self, graceful: bool = True) -> None:
        """Stop taking calls, finish the ones running, and leave the service table."""
        for server in self._servers:
            server.stop()
        for server in self._servers:
            server.wait()
        self._servers = []
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
