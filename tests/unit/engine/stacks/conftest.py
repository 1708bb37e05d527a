"""A real engine on a SQLite database, with the test resource types, and helpers to wait."""

import time

import oslo_messaging as messaging
import pytest
from oslo_config import cfg
from oslo_log import log

from heat.common import config
from heat.common import messaging as heat_messaging
from heat.common.context import RequestContext
from heat.db import api as db_api
from heat.db import migration
from heat.engine import environment, plugin_manager
from heat.engine.convergence.worker import WorkerClient
from heat.engine.hot.functions import yaql_query
from heat.engine.resources.template_resource import TemplateResource
from heat.engine.service import EngineService
from heat.engine.template import TemplateRegistry
from tests.unit.engine.stacks.plugins import PLUGINS

TENANT = "project-a"


@pytest.fixture
def conf(tmp_path):
    conf = cfg.ConfigOpts()
    config.register(conf)
    log.register_options(conf)
    conf([], project="heat", default_config_files=[])
    conf.set_override("connection", "sqlite:///%s" % (tmp_path / "h.sqlite"), group="database")
    conf.set_override("transport_url", heat_messaging.IN_PROCESS_TRANSPORT_URL)
    conf.set_override("environment_dir", str(tmp_path / "no-env"))
    db_api.configure(conf)
    migration.db_sync(db_api.get_engine())
    return conf


@pytest.fixture(params=["convergence", "legacy"])
def both_engines(conf, request):
    """Runs a test once per strategy of new stacks (``pytestmark = usefixtures(...)``)."""
    conf.set_override("convergence_engine", request.param == "convergence")
    return request.param


@pytest.fixture
def legacy_engine(conf):
    """New stacks of the legacy engine, whose actions run under the stack lock."""
    conf.set_override("convergence_engine", False)


@pytest.fixture
def engine(conf):
    yaql_query.Yaql.configure(conf)
    plugins = dict(plugin_manager.load_resource_classes([]), **PLUGINS)
    global_env = environment.global_environment(
        conf, plugin_classes=plugins, template_resource_class=TemplateResource
    )
    service = EngineService(conf, TemplateRegistry.from_entry_points(), global_env)
    service.start()
    yield service
    service.stop()


@pytest.fixture
def context(conf):
    return RequestContext(project_id=TENANT, user_id="user-a", username="alice")


def hot(resources, **sections):
    """A HOT template with ``resources`` (and other sections)."""
    return {"heat_template_version": "2021-04-16", "resources": resources, **sections}


def wait_for(engine, context, identity, timeout=10.0):
    """The stack once the action running on it has ended (a convergence traversal's work
    items start one another's threads: wait until none is left)."""
    deadline = time.monotonic() + timeout
    while engine.runtime.threads.running(identity["stack_id"]):
        if time.monotonic() > deadline:
            raise AssertionError("the action on the stack is still running")
        engine.runtime.threads.wait(identity["stack_id"], max(0.0, deadline - time.monotonic()))
    return engine.show_stack(context, identity)[0]


def create(engine, context, template, name="web", params=None, **args):
    """Create a stack and wait for the end of its create; ``(identity, stack)``."""
    identity = engine.create_stack(context, name, template, params or {}, {}, args)
    return identity, wait_for(engine, context, identity)


@pytest.fixture
def two_at_once(conf):
    heat_messaging.executor_pool_size(conf)  # registers oslo.messaging's option
    conf.set_override("executor_thread_pool_size", 2)
    return conf


@pytest.fixture
def nowhere():
    """A worker client whose items nobody takes, as if an engine took them and died."""
    lost = cfg.ConfigOpts()
    config.register(lost)
    lost([], project="heat", default_config_files=[])
    messaging.get_rpc_transport(lost, url="inproc://").cleanup()  # registers the options
    lost.set_override("control_exchange", "nowhere")
    transport = messaging.get_rpc_transport(lost, url="inproc://")
    yield WorkerClient(transport, _DyingEngine())
    transport.cleanup()


class _DyingEngine:
    """The worker endpoint of an engine that takes the items handed to it and dies
    before running them."""

    def check_resources(self, *item):
        pass
