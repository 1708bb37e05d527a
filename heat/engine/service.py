"""``EngineService``: the ``engine`` RPC topic of one heat-engine process.

Each process has its own ``engine_id``; it registers in the ``service`` table
(heartbeat every ``periodic_interval``, at most 5 s apart), listens on the ``engine``
topic (shared by all engines), on its own listener topic and on the ``engine_worker``
topic of convergence work items, and deletes its row when stopped. Every
``periodic_interval`` it also evaluates the watch rules that are due
(:mod:`heat.engine.watch.evaluator`). Methods are a few lines each
(:mod:`heat.engine.endpoints`): the work is in the per-operation modules
(``stack_creation``, ``stack_queries``, ``stack_lifecycle``...). Calls not provided yet
are answered by :class:`heat.engine.unsupported.UnsupportedCalls`.
"""

import oslo_messaging as messaging
from oslo_log import log as logging
from oslo_service import loopingcall
from oslo_service import service as oslo_service
from oslo_utils import uuidutils

from heat.common import context as heat_context
from heat.common import messaging as heat_messaging
from heat.common import profiler
from heat.engine import listener, service_registry, stack_recovery
from heat.engine.convergence import recovery
from heat.engine.convergence.traversal_stacks import TraversalStacks
from heat.engine.convergence.worker import WorkerClient, WorkerEndpoint
from heat.engine.endpoints.change_sets import ChangeSetEndpoints
from heat.engine.endpoints.resources import ResourceEndpoints
from heat.engine.endpoints.software import SoftwareEndpoints
from heat.engine.endpoints.stacks import StackEndpoints
from heat.engine.endpoints.templates import TemplateEndpoints
from heat.engine.endpoints.watch import WatchEndpoints
from heat.engine.engine_liveness import EngineLiveness
from heat.engine.notification import StackNotifier
from heat.engine.runtime import EngineRuntime
from heat.engine.stack import EngineSettings
from heat.engine.thread_groups import ThreadGroupManager
from heat.engine.unsupported import UnsupportedCalls
from heat.engine.watch import evaluator
from heat.rpc import api as rpc_api

LOG = logging.getLogger(__name__)
_STOP_WAIT_SECONDS = 5


class EngineService(
    StackEndpoints,
    ChangeSetEndpoints,
    ResourceEndpoints,
    TemplateEndpoints,
    WatchEndpoints,
    SoftwareEndpoints,
    oslo_service.ServiceBase,
):
    """RPC endpoint of the engine API (version ``RPC_API_VERSION``); the calls themselves
    are in :mod:`heat.engine.endpoints`."""

    target = messaging.Target(version=rpc_api.RPC_API_VERSION)

    def __init__(self, conf, templates, global_env):
        self.conf = conf
        self.templates = templates
        self.global_env = global_env
        self.engine_id = ""
        self.registration: service_registry.ServiceRegistration | None = None
        self._servers: list = []
        self._periodic_tasks: list[loopingcall.FixedIntervalLoopingCall] = []
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
        self.runtime.call_timeout = self.conf.rpc_response_timeout
        transport = heat_messaging.get_transport(self.conf)
        self.runtime.is_alive = self.runtime.listeners = EngineLiveness(
            transport, self.conf.engine_life_check_timeout
        )
        worker = WorkerEndpoint(self.runtime, heat_messaging.executor_pool_size(self.conf))
        in_process = heat_messaging.is_in_process(self.conf.transport_url)
        self.runtime.workers = WorkerClient(transport, worker, only_engine=in_process)
        self.runtime.traversal_stacks = TraversalStacks()
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
            (
                messaging.Target(topic=rpc_api.WORKER_TOPIC, server=self.engine_id),
                [worker],
            ),
        ]
        for target, endpoints in targets:
            endpoints = profiler.traced_endpoints(self.conf, endpoints, target.topic)
            server = heat_messaging.get_rpc_server(
                heat_messaging.get_transport(self.conf), target, endpoints
            )
            server.start()
            self._servers.append(server)
        self.registration.report()
        # Separate tasks, so that a slow evaluation or recovery never delays the heartbeat.
        heartbeat = service_registry.heartbeat_interval(self.conf.periodic_interval)
        for task, interval in (
            (self._heartbeat, heartbeat),
            (self._reset_orphaned_stacks, heartbeat),
            (self._resume_lost_steps, heartbeat),
            (self._evaluate_watch_rules, self.conf.periodic_interval),
        ):
            call = loopingcall.FixedIntervalLoopingCall(task)
            call.start(interval=interval, initial_delay=interval)
            self._periodic_tasks.append(call)
        self._reset_orphaned_stacks()
        LOG.info(
            "Engine %s listening on topic %s as %s",
            self.engine_id,
            rpc_api.ENGINE_TOPIC,
            self.conf.host,
        )

    def _heartbeat(self) -> None:
        assert self.registration is not None
        self.registration.report()

    def _reset_orphaned_stacks(self) -> None:
        """Fail the stacks of engines that died (every heartbeat interval)."""
        try:
            stack_recovery.reset_orphaned_stacks(self.runtime, heat_context.get_admin_context())
        except Exception:  # noqa: BLE001 - the engine keeps serving whatever recovery meets
            LOG.exception("Resetting the stacks of dead engines failed")

    def _resume_lost_steps(self) -> None:
        """Send again the convergence steps that dead engines took (every heartbeat)."""
        try:
            recovery.resume_lost_steps(
                self.runtime, heat_context.get_admin_context(), self.conf.periodic_interval
            )
        except Exception:  # noqa: BLE001 - the engine keeps serving whatever recovery meets
            LOG.exception("Resuming the steps of dead engines failed")

    def _evaluate_watch_rules(self) -> None:
        try:
            evaluator.evaluate_due_rules(self.runtime, heat_context.get_admin_context())
        except Exception:  # noqa: BLE001 - the engine keeps serving whatever evaluation meets
            LOG.exception("Evaluating watch rules failed")

    def stop(self, graceful: bool = True) -> None:
        """Stop taking calls, finish the ones running, and leave the service table (once:
        oslo.service stops a service on the signal, and again on its way out)."""
        if self.registration is None:
            return
        for server in self._servers:
            server.stop()
        for server in self._servers:
            server.wait()
        self._servers = []
        # Unfinished actions stay IN_PROGRESS under this engine's lock; the next engine to
        # start fails them, since this engine's heartbeat stops.
        self.runtime.threads.stop_all(timeout=_STOP_WAIT_SECONDS)
        self._stop_periodic_tasks()
        self.registration.remove()
        self.registration = None
        LOG.info("Engine %s stopped", self.engine_id)

    def _stop_periodic_tasks(self) -> None:
        """Stop the heartbeat and the evaluation and wait for their green threads to end: a
        report still under way would write the service row again after stop() removed it."""
        for call in self._periodic_tasks:
            call.stop()
        for call in self._periodic_tasks:
            try:
                call.wait()
            except Exception:  # noqa: BLE001 - a task that failed logged why when it ended
                LOG.debug("Engine %s periodic task had ended with an error", self.engine_id)
        self._periodic_tasks = []

    def wait(self) -> None:
        """Nothing to wait for beyond stop(); present for oslo.service launchers."""

    def reset(self) -> None:
        """Called on SIGHUP by oslo.service; configuration is re-read by the launcher."""
