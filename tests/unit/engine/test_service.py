"""EngineService answering real RPC calls over the in-process ``inproc://`` transport, on SQLite."""

import pytest
from oslo_config import cfg

from heat.cmd import engine_setup
from heat.common import config, context, exception, messaging
from heat.db import api as db_api
from heat.db import migration
from heat.rpc import api as rpc_api
from heat.rpc.client import EngineClient


@pytest.fixture
def conf(tmp_path):
    conf = config.register(cfg.ConfigOpts())
    conf([], project="heat")
    conf.set_override("transport_url", "inproc://")
    conf.set_override("connection", "sqlite:///%s" % (tmp_path / "heat.sqlite"), "database")
    conf.set_override("host", "engine-host")
    db_api.configure(conf)
    migration.db_sync(db_api.get_engine())
    return conf


@pytest.fixture
def engine(conf):
    service = engine_setup.build_engine(conf)
    service.start()
    yield service
    service.stop()


@pytest.fixture
def client(conf, engine):
    return EngineClient.from_transport(messaging.get_transport(conf), timeout=10)


def user():
    return context.RequestContext(tenant_id="project-a", user_id="alice", roles=["member"])


def test_a_started_engine_is_listed_up(client, engine):
    services = client.list_services(user())
    assert [
        (s["engine_id"], s["host"], s["binary"], s["topic"], s["status"]) for s in services
    ] == [(engine.engine_id, "engine-host", "heat-engine", "engine", "up")]


def test_a_stopped_engine_leaves_the_service_list(conf, client, engine):
    engine.stop()
    assert db_api.service_get_all(context.get_admin_context()) == []


def test_an_engine_stopped_twice_stops_once(engine, caplog):
    # oslo.service stops a service on the signal, and again on its way out.
    caplog.set_level("INFO", logger="heat.engine.service")
    engine.stop()
    engine.stop()
    stopped = [r for r in caplog.records if r.getMessage().endswith(" stopped")]
    assert [r.getMessage() for r in stopped] == ["Engine %s stopped" % engine.engine_id]


def test_list_stacks_of_an_empty_database_is_empty(client):
    assert client.list_stacks(user()) == []
    assert client.count_stacks(user()) == 0


def test_get_revision_is_the_configured_one(conf, client):
    conf.set_override("heat_revision", "r42", "revision")
    assert client.get_revision(user()) == "r42"


def test_an_unimplemented_call_answers_not_supported(client):
    with pytest.raises(exception.NotSupported) as raised:
        client.authenticated_to_backend(user())
    assert "The engine call authenticated_to_backend is not supported." in str(raised.value)


def test_the_listener_answers_for_its_engine(conf, engine):
    transport = messaging.get_transport(conf)
    listener = messaging.get_rpc_client(
        transport,
        rpc_api.LISTENER_TOPIC,
        rpc_api.LISTENER_API_VERSION,
        server=engine.engine_id,
        timeout=10,
    )
    assert listener.call(user(), "listening") is True
