"""heat-all alone: engine and the three APIs in one process, SQLite and in-process messaging."""

import subprocess

import pytest
import requests

from tests.fixtures.services import free_port
from tests.functional.processes import BIN, HeatProcess, http_ready, wait_until, write_config

BINARIES = [
    "heat-all",
    "heat-api",
    "heat-api-cfn",
    "heat-api-cloudwatch",
    "heat-engine",
    "heat-manage",
    "heat-status",
    "heat-keystone-setup-domain",
]


@pytest.fixture(scope="module")
def heat_all(tmp_path_factory):
    tmp_path = tmp_path_factory.mktemp("heat-all")
    ports = {group: free_port() for group in ("heat_api", "heat_api_cfn", "heat_api_cloudwatch")}
    sections = {group: {"bind_port": port} for group, port in ports.items()}
    sections["database"] = {"connection": "sqlite:///%s" % (tmp_path / "heat.sqlite")}
    process = HeatProcess("heat-all", write_config(tmp_path / "heat.conf", sections), tmp_path)
    urls = {group: "http://127.0.0.1:%d" % port for group, port in ports.items()}
    for url in urls.values():
        wait_until(http_ready(url + "/"), [process], what="heat-all at " + url)
    yield urls
    assert process.stop() == 0


def test_native_api_lists_no_stacks(heat_all):
    answer = requests.get(heat_all["heat_api"] + "/v1/admin/stacks", timeout=10)
    assert (answer.status_code, answer.json()) == (200, {"stacks": []})


def test_its_engine_is_listed_up(heat_all):
    answer = requests.get(heat_all["heat_api"] + "/v1/admin/services", timeout=10)
    assert [(s["binary"], s["status"]) for s in answer.json()["services"]] == [
        ("heat-engine", "up")
    ]


def test_cfn_api_lists_no_stacks(heat_all):
    answer = requests.get(
        heat_all["heat_api_cfn"] + "/v1/",
        params={"Action": "ListStacks", "ContentType": "JSON"},
        timeout=10,
    )
    assert answer.status_code == 200
    result = answer.json()["ListStacksResponse"]["ListStacksResult"]
    assert result["StackSummaries"] == []


def test_heatclient_cli_lists_stacks(heat_all):
    cli = subprocess.run(
        [
            str(BIN / "openstack"),
            "--os-auth-type",
            "none",
            "--os-endpoint",
            heat_all["heat_api"] + "/v1/admin",
            "orchestration",
            "service",
            "list",
            "-f",
            "value",
            "-c",
            "Binary",
            "-c",
            "Status",
        ],
        capture_output=True,
        text=True,
        timeout=120,
    )
    assert cli.returncode == 0, cli.stderr
    assert cli.stdout.split() == ["heat-engine", "up"]


@pytest.mark.parametrize("binary", BINARIES)
def test_every_binary_has_help(binary):
    done = subprocess.run([str(BIN / binary), "--help"], capture_output=True, text=True, timeout=60)
    assert done.returncode == 0, done.stderr
    assert "usage: " + binary in done.stdout
