"""The native API's Paste pipelines from etc/heat/api-paste.ini in front of a stand-in engine.

The stand-in is an oslo.messaging RPC server on the ``inproc://`` transport that the apps
share (``heat.api.engine_client``); it answers engine calls with canned data set by the
test and raises the Heat exceptions a test asks for.
"""

import contextlib
import json
import os
import pathlib
import threading

import oslo_messaging as messaging
import pytest
import webob
from oslo_config import cfg
from oslo_log import log
from oslo_policy import opts as policy_opts

from heat.api import engine_client
from heat.cmd import engine_setup
from heat.common import config, wsgi
from heat.common import messaging as heat_messaging
from heat.db import api as db_api
from heat.db import migration
from heat.rpc import api as rpc_api
from heat.rpc.client import EngineClient

TENANT = "7a1f"
PASTE_FILE = os.path.join(os.path.dirname(__file__), "../../../etc/heat/api-paste.ini")
KEYSTONE = "http://keystone.test:5000"
ENGINE_CALLS = frozenset(
    name for name in dir(EngineClient) if not name.startswith("_") and name != "from_transport"
)


class FakeEngine:
    """Answers every EngineClient call from ``answers`` (or raises from ``errors``)."""

    target = messaging.Target(version=rpc_api.RPC_API_VERSION)

    def __init__(self):
        self.answers: dict = {}
        self.errors: dict = {}
        self.calls: list = []
        self._lock = threading.Lock()

    def __getattr__(self, method):
        if method not in ENGINE_CALLS:
            raise AttributeError(method)

        def answer(context, **arguments):
            with self._lock:
                self.calls.append((method, context, arguments))
            if method in self.errors:
                raise self.errors[method]
            return self.answers.get(method)

        return answer

    def last_call(self, method):
        """``(context, arguments)`` of the latest call of ``method``."""
        for name, context, arguments in reversed(self.calls):
            if name == method:
                return context, arguments
        raise AssertionError("the engine got no %s call" % method)


# Resource types of services this test deployment lacks, for the real-looking templates.
STAND_IN_PLUGINS = pathlib.Path(__file__).parent / "openstack" / "v1" / "stand_in_plugins"


def make_conf(tmp_path, *lines) -> cfg.ConfigOpts:
    """A fresh configuration on ``inproc://``, with extra heat.conf ``lines`` if given."""
    conf = cfg.ConfigOpts()
    config.register(conf)
    log.register_options(conf)
    policy_opts.set_defaults(conf, policy_file=str(tmp_path / "policy.yaml"))
    conf_file = tmp_path / "heat.conf"
    conf_file.write_text(
        "\n".join(["[keystone_authtoken]", "www_authenticate_uri = %s" % KEYSTONE, *lines])
    )
    conf(["--config-file", str(conf_file)], project="heat", default_config_files=[])
    conf.set_override("transport_url", heat_messaging.IN_PROCESS_TRANSPORT_URL)
    conf.set_override("rpc_response_timeout", 5)
    return conf


@pytest.fixture
def conf(tmp_path):
    return make_conf(tmp_path)


@pytest.fixture
def engine(conf):
    fake = FakeEngine()
    target = messaging.Target(topic=rpc_api.ENGINE_TOPIC, server="fake-engine")
    server = heat_messaging.get_rpc_server(engine_client.get_transport(conf), target, [fake])
    server.start()
    yield fake
    # Without wait(): the executor's idle worker would hold each test for a second; it
    # ends on its own once the stopped listener no longer feeds it.
    server.stop()


@pytest.fixture
def load_app(conf):
    """Build a named pipeline of etc/heat/api-paste.ini with ``conf``."""

    def load(name="heat-api-noauth"):
        return wsgi.paste_deploy_app(PASTE_FILE, name, conf)

    return load


@pytest.fixture
def app(load_app, engine):
    """The noauth pipeline: every caller is an admin of the project in the URL."""
    return load_app("heat-api-noauth")


def call(app, method, path, body=None, headers=None, raw_body=None):
    """Send a request; ``body`` is sent as JSON."""
    request = webob.Request.blank(path, method=method, headers=headers or {})
    if body is not None:
        raw_body = json.dumps(body).encode()
        request.content_type = "application/json"
    if raw_body is not None:
        request.body = raw_body
    return request.get_response(app)


def engine_stack(name="web", stack_id="5b1c", tenant=TENANT, **values) -> dict:
    """A stack as the engine describes it (identity dict, action and status apart)."""
    stack = {
        "stack_identity": {"tenant": tenant, "stack_name": name, "stack_id": stack_id, "path": ""},
        "stack_name": name,
        "description": "",
        "template_description": "demo",
        "stack_action": "CREATE",
        "stack_status": "COMPLETE",
        "stack_status_reason": "Stack CREATE completed successfully",
        "creation_time": "2025-01-02T03:04:05Z",
        "updated_time": None,
        "deletion_time": None,
        "stack_owner": "alice",
        "parent": None,
        "stack_user_project_id": "9d0e",
        "tags": None,
        "disable_rollback": True,
        "timeout_mins": None,
        "notification_topics": [],
        "capabilities": [],
        "parameters": {"OS::stack_name": name},
        "outputs": [],
    }
    stack.update(values)
    return stack


def make_real_conf(tmp_path, connection, *lines) -> cfg.ConfigOpts:
    """A configuration on ``inproc://`` with the stand-in plugins and the database at
    ``connection``, migrated and configured; extra ``[DEFAULT]`` ``lines`` if given."""
    conf = make_conf(
        tmp_path,
        "[DEFAULT]",
        "plugin_dirs = %s" % STAND_IN_PLUGINS,
        *lines,
        "[database]",
        "connection = %s" % connection,
    )
    db_api.configure(conf)
    migration.db_sync(db_api.get_engine())
    return conf


@contextlib.contextmanager
def serving(conf):
    """The noauth pipeline in front of a real EngineService on ``conf``'s database."""
    engine = engine_setup.build_engine(conf)
    engine.start()
    try:
        yield wsgi.paste_deploy_app(PASTE_FILE, "heat-api-noauth", conf)
    finally:
        engine.stop()


@pytest.fixture
def real_conf(tmp_path):
    """Like ``conf``, with a migrated SQLite database configured."""
    return make_real_conf(tmp_path, "sqlite:///%s" % (tmp_path / "h.sqlite"))


@pytest.fixture
def real_app(real_conf):
    """The noauth pipeline in front of the real EngineService on a SQLite database."""
    with serving(real_conf) as app:
        yield app
