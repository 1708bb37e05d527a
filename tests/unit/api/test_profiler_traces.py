"""OSProfiler across the native API and a real engine of the same process: a request
signed with a configured HMAC key is traced through the API, the RPC call and the engine's
SQL; unsigned requests, or profiling disabled, leave no trace point."""

import time

import osprofiler.notifier
import osprofiler.web
import pytest
from osprofiler import profiler as osprofiler_profiler

from heat.cmd import engine_setup
from heat.common import profiler, wsgi
from heat.db import api as db_api
from heat.db import migration
from tests.unit.api.conftest import PASTE_FILE, TENANT, call, make_conf

HMAC_KEY = "trace-me"


@pytest.fixture
def trace_points(monkeypatch):
    """The trace points notified during the test; osprofiler's process-wide state (the
    middleware switch, its keys, the notifier) is put back after."""
    monkeypatch.setattr(osprofiler.web, "_ENABLED", osprofiler.web._ENABLED)
    monkeypatch.setattr(osprofiler.web, "_HMAC_KEYS", osprofiler.web._HMAC_KEYS)
    previous = osprofiler.notifier.get()
    points: list[dict] = []
    yield points
    osprofiler.notifier.set(previous)
    osprofiler.notifier.clear_notifier_cache()


def _app(tmp_path, trace_points, *profiler_lines):
    """The noauth pipeline (its osprofiler filter included), a real engine behind it."""
    conf = make_conf(
        tmp_path,
        "[database]",
        "connection = sqlite:///%s" % (tmp_path / "h.sqlite"),
        "[profiler]",
        *profiler_lines,
    )
    db_api.configure(conf)
    migration.db_sync(db_api.get_engine())
    profiler.setup(conf, "heat-all", "test-host")
    osprofiler.notifier.set(trace_points.append)
    engine = engine_setup.build_engine(conf)
    engine.start()
    app = wsgi.paste_deploy_app(PASTE_FILE, "heat-api-noauth", conf)
    return engine, app


def signed_headers(key=HMAC_KEY):
    """Trace headers signed with ``key``, and the trace's base id."""
    osprofiler_profiler.init(key)
    try:
        return osprofiler.web.get_trace_id_headers(), osprofiler_profiler.get().get_base_id()
    finally:
        osprofiler_profiler.clean()


@pytest.fixture
def traced_app(tmp_path, trace_points):
    engine, app = _app(
        tmp_path,
        trace_points,
        "enabled = true",
        "hmac_keys = %s" % HMAC_KEY,
        "trace_sqlalchemy = true",
    )
    yield app
    engine.stop()


def test_a_signed_request_is_traced_into_the_engine_and_its_sql(traced_app, trace_points):
    headers, base_id = signed_headers()
    answer = call(traced_app, "GET", "/v1/%s/stacks" % TENANT, headers=headers)
    assert answer.status_code == 200
    traced = [point for point in trace_points if point["base_id"] == base_id]
    names = {point["name"] for point in traced}
    assert {"wsgi-start", "rpc-start", "rpc-stop", "db-start", "db-stop"} <= names
    calls = [p["info"]["function"]["name"] for p in traced if p["name"] == "rpc-start"]
    assert calls == ["engine.list_stacks"]
    statements = [p["info"]["db"]["statement"] for p in traced if p["name"] == "db-start"]
    assert any("FROM stack" in statement for statement in statements)


def test_a_request_signed_with_another_key_is_not_traced(traced_app, trace_points):
    headers, _base_id = signed_headers("not-the-key")
    assert call(traced_app, "GET", "/v1/%s/stacks" % TENANT, headers=headers).status_code == 200
    assert trace_points == []


def test_profiling_disabled_traces_nothing(tmp_path, trace_points):
    engine, app = _app(tmp_path, trace_points, "enabled = false", "hmac_keys = %s" % HMAC_KEY)
    try:
        headers, _base_id = signed_headers()
        assert call(app, "GET", "/v1/%s/stacks" % TENANT, headers=headers).status_code == 200
    finally:
        engine.stop()
    assert trace_points == []


def test_a_traced_create_is_traced_in_the_resources_work_too(traced_app, trace_points):
    headers, base_id = signed_headers()
    template = {
        "heat_template_version": "2021-04-16",
        "resources": {"a": {"type": "OS::Heat::None"}},
    }
    body = {"stack_name": "web", "template": template}
    answer = call(traced_app, "POST", "/v1/%s/stacks" % TENANT, body=body, headers=headers)
    assert answer.status_code == 201, answer.body
    path = "/v1/%s/stacks/web/%s" % (TENANT, answer.json["stack"]["id"])
    deadline = time.monotonic() + 10
    while call(traced_app, "GET", path).json["stack"]["stack_status"] != "CREATE_COMPLETE":
        assert time.monotonic() < deadline, "the stack was not created"
        time.sleep(0.05)
    traced = [point for point in trace_points if point["base_id"] == base_id]
    statements = [p["info"]["db"]["statement"] for p in traced if p["name"] == "db-start"]
    # The resource's step (in a thread of its own) wrote its state and its event.
    assert any(statement.startswith("INSERT INTO event") for statement in statements)
    assert any(statement.startswith("UPDATE sync_point") for statement in statements)
