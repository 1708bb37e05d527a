"""heat-engine (2 workers) and heat-api as separate processes over RabbitMQ, MariaDB, PostgreSQL."""

import contextlib
import subprocess
import uuid

import pytest
import requests
import sqlalchemy

from tests.fixtures.services import free_port, rabbit_vhost
from tests.functional.processes import (
    BIN,
    PASTE_CONFIG,
    HeatProcess,
    http_ready,
    wait_until,
    write_config,
)

TENANT = "project-a"


@contextlib.contextmanager
def running_deployment(database_url, rabbit_url, tmp_path):
    """heat-engine with two workers and heat-api, sharing a fresh database and vhost."""
    with rabbit_vhost(rabbit_url) as transport_url:
        yield from _run(database_url, transport_url, tmp_path)


def _run(database_url, transport_url, tmp_path):
    port = free_port()
    config_file = write_config(
        tmp_path / "heat.conf",
        {
            "DEFAULT": {
                "transport_url": transport_url,
                "host": "engine-%s" % uuid.uuid4().hex[:8],
                "num_engine_workers": 2,
                "rpc_response_timeout": 5,
            },
            "database": {"connection": database_url},
            "paste_deploy": {"flavor": "noauth", "api_paste_config": PASTE_CONFIG},
            "heat_api": {"bind_host": "127.0.0.1", "bind_port": port, "workers": 1},
        },
    )
    subprocess.run(
        [str(BIN / "heat-manage"), "--config-file", str(config_file), "db_sync"],
        check=True,
        capture_output=True,
    )
    engine = HeatProcess("heat-engine", config_file, tmp_path)
    api = HeatProcess("heat-api", config_file, tmp_path)
    base = "http://127.0.0.1:%d" % port
    try:
        wait_until(http_ready(base + "/"), [engine, api], what="heat-api to answer")
        running = {"base": base, "engine": engine, "api": api}
        engines_up(running)
        yield running
    finally:
        api.stop()
        engine.stop()


@pytest.fixture(scope="module", params=["mysql", "postgresql"])
def backend(request):
    return request.param


@pytest.fixture(scope="module")
def deployment(backend, make_database, rabbit_url, tmp_path_factory):
    tmp_path = tmp_path_factory.mktemp("split-" + backend)
    with running_deployment(make_database(backend), rabbit_url, tmp_path) as running:
        yield running


def engines_up(deployment):
    def both():
        answer = requests.get(deployment["base"] + "/v1/%s/services" % TENANT, timeout=10)
        services = answer.json()["services"] if answer.status_code == 200 else []
        return services if len([s for s in services if s["status"] == "up"]) == 2 else None

    return wait_until(both, [deployment["engine"], deployment["api"]], what="two engines up")


def live_service_rows(database_url):
    engine = sqlalchemy.create_engine(database_url)
    try:
        with engine.connect() as connection:
            query = "SELECT count(*) FROM service WHERE deleted_at IS NULL"
            return connection.execute(sqlalchemy.text(query)).scalar()
    finally:
        engine.dispose()


def test_root_answers_the_versions_document(deployment):
    answer = requests.get(deployment["base"] + "/", timeout=10)
    assert answer.status_code == 300
    assert answer.json()["versions"][0]["id"] == "v1.0"


def test_stack_list_comes_from_the_engine_and_database(deployment):
    answer = requests.get(deployment["base"] + "/v1/%s/stacks" % TENANT, timeout=10)
    assert answer.status_code == 200
    assert answer.json() == {"stacks": []}


def test_two_engine_workers_register_with_their_own_ids(deployment):
    services = requests.get(deployment["base"] + "/v1/%s/services" % TENANT, timeout=10).json()
    assert len({service["engine_id"] for service in services["services"]}) == 2
    assert {(s["binary"], s["topic"]) for s in services["services"]} == {("heat-engine", "engine")}


def test_stopped_engines_leave_and_the_api_reports_them_down(
    backend, make_database, rabbit_url, tmp_path
):
    database_url = make_database(backend)
    with running_deployment(database_url, rabbit_url, tmp_path) as deployment:
        assert deployment["engine"].stop() == 0
        answer = requests.get(deployment["base"] + "/v1/%s/services" % TENANT, timeout=30)
    assert live_service_rows(database_url) == 0
    assert answer.status_code == 503
    assert answer.json()["error"]["message"] == "All heat engines are down."
