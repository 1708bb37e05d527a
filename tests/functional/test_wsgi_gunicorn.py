"""The three WSGI applications (``heat.wsgi.*:application``) served by gunicorn, configured
through ``OS_HEAT_CONFIG_FILES``, in front of a heat-engine process reached over RabbitMQ:
no eventlet in the API processes, /healthcheck and its disable file, real API calls."""

import functools
import os
import pathlib
import subprocess
import uuid
import xml.etree.ElementTree as ElementTree

import pytest
import requests

from tests.fixtures.services import free_port, rabbit_vhost
from tests.functional.processes import (
    BIN,
    PASTE_CONFIG,
    HeatProcess,
    stop_all,
    wait_until,
    write_config,
)

pytestmark = pytest.mark.xdist_group("wsgi_gunicorn")

# noauth: the project is the path's, and "admin" for the Query APIs' paths (no project).
PROJECT = "admin"
# module -> gunicorn worker options: forked workers with threads, and plain sync workers.
SERVED = {
    "api": ["--workers", "2", "--worker-class", "gthread", "--threads", "2"],
    "cfn": ["--workers", "1", "--worker-class", "sync"],
    "cloudwatch": ["--workers", "1", "--worker-class", "sync"],
}
TEMPLATE = {
    "heat_template_version": "2021-04-16",
    "resources": {"secret": {"type": "OS::Heat::RandomString", "properties": {"length": 8}}},
}


def _no_control_socket() -> list[str]:
    # gunicorn >= 24 opens a control socket at one path in $HOME for every master.
    usage = subprocess.run([str(BIN / "gunicorn"), "--help"], capture_output=True, text=True)
    return ["--no-control-socket"] if "--no-control-socket" in usage.stdout else []


class Gunicorn(HeatProcess):
    """gunicorn serving ``heat.wsgi.<module>:application`` on ``port``."""

    def __init__(self, module, port, config_file, log_dir, options):
        self.binary = "gunicorn-%s" % module
        self.log_path = log_dir / ("%s.log" % self.binary)
        self._log = self.log_path.open("w")
        self.process = subprocess.Popen(
            [str(BIN / "gunicorn"), "--bind", "127.0.0.1:%d" % port, *options]
            + [*SERVED[module], "heat.wsgi.%s:application" % module],
            env={**os.environ, "OS_HEAT_CONFIG_FILES": str(config_file)},
            stdout=self._log,
            stderr=subprocess.STDOUT,
        )


def write_heat_conf(tmp_path: pathlib.Path, transport_url: str) -> pathlib.Path:
    return write_config(
        tmp_path / "heat.conf",
        {
            "DEFAULT": {
                "transport_url": transport_url,
                "host": "wsgi-engine-%s" % uuid.uuid4().hex[:8],
                "num_engine_workers": 1,
                "rpc_response_timeout": 10,
            },
            "database": {"connection": "sqlite:///%s" % (tmp_path / "heat.sqlite")},
            "paste_deploy": {"flavor": "noauth", "api_paste_config": PASTE_CONFIG},
            "healthcheck": {
                "backends": "disable_by_file",
                "disable_by_file_path": tmp_path / "healthcheck_disable",
            },
        },
    )


@pytest.fixture(scope="module")
def deployment(rabbit_url, tmp_path_factory):
    tmp_path = tmp_path_factory.mktemp("wsgi-gunicorn")
    with rabbit_vhost(rabbit_url) as transport_url:
        config_file = write_heat_conf(tmp_path, transport_url)
        subprocess.run(
            [str(BIN / "heat-manage"), "--config-file", str(config_file), "db_sync"],
            check=True,
            capture_output=True,
        )
        ports = {module: free_port() for module in SERVED}
        options = _no_control_socket()
        processes = [HeatProcess("heat-engine", config_file, tmp_path)]
        try:
            processes += [
                Gunicorn(module, port, config_file, tmp_path, options)
                for module, port in ports.items()
            ]
            bases = {module: "http://127.0.0.1:%d" % port for module, port in ports.items()}
            for base in bases.values():
                healthcheck = functools.partial(answers, base + "/healthcheck")
                wait_until(healthcheck, processes, what=base)
            running = {"bases": bases, "processes": processes, "tmp_path": tmp_path}
            wait_until(lambda: engine_up(bases["api"]), processes, what="the engine up")
            yield running
        finally:
            codes = stop_all(processes)
            assert codes[1:] == [0] * len(SERVED), "gunicorn exit codes %s" % codes[1:]


def answers(url) -> bool:
    """Whether ``url`` answers at all: a worker still loading heat holds the connection."""
    try:
        requests.get(url, timeout=5)
    except requests.RequestException:
        return False
    return True


def engine_up(api_base) -> bool:
    answer = requests.get(api_base + "/v1/%s/services" % PROJECT, timeout=15)
    services = answer.json().get("services", []) if answer.status_code == 200 else []
    return any(service["status"] == "up" for service in services)


@pytest.fixture(scope="module")
def stack(deployment):
    """A stack created through heat-api under gunicorn, once it is CREATE_COMPLETE."""
    api = deployment["bases"]["api"]
    body = {"stack_name": "wsgi-hello", "template": TEMPLATE}
    answer = requests.post(api + "/v1/%s/stacks" % PROJECT, json=body, timeout=30)
    assert answer.status_code == 201, answer.text

    def complete():
        stacks = requests.get(api + "/v1/%s/stacks" % PROJECT, timeout=15).json()["stacks"]
        status = {s["stack_name"]: s["stack_status"] for s in stacks}.get("wsgi-hello")
        assert status != "CREATE_FAILED", stacks
        return status == "CREATE_COMPLETE"

    wait_until(complete, deployment["processes"], what="the stack CREATE_COMPLETE")
    return answer.json()["stack"]


def test_every_api_answers_its_healthcheck(deployment):
    for base in deployment["bases"].values():
        answer = requests.get(base + "/healthcheck", timeout=10)
        assert (answer.status_code, answer.text) == (200, "OK")


def test_disable_file_takes_every_api_out_of_service(deployment):
    disable_file = deployment["tmp_path"] / "healthcheck_disable"
    disable_file.touch()
    try:
        for base in deployment["bases"].values():
            answer = requests.get(base + "/healthcheck", timeout=10)
            assert (answer.status_code, answer.text) == (503, "DISABLED BY FILE")
    finally:
        disable_file.unlink()
    for base in deployment["bases"].values():
        assert requests.get(base + "/healthcheck", timeout=10).status_code == 200


def test_stack_created_through_heat_api_is_listed(deployment, stack):
    answer = requests.get(deployment["bases"]["api"] + "/v1/%s/stacks" % PROJECT, timeout=15)
    assert [(s["id"], s["stack_name"]) for s in answer.json()["stacks"]] == [
        (stack["id"], "wsgi-hello")
    ]


def test_cfn_query_api_lists_the_stack(deployment, stack):
    answer = requests.get(
        deployment["bases"]["cfn"] + "/v1/", params={"Action": "ListStacks"}, timeout=15
    )
    assert answer.status_code == 200, answer.text
    names = [element.text for element in ElementTree.fromstring(answer.text).iter("StackName")]
    assert names == ["wsgi-hello"]


def test_cloudwatch_query_api_asks_the_engine(deployment):
    answer = requests.get(
        deployment["bases"]["cloudwatch"] + "/", params={"Action": "DescribeAlarms"}, timeout=15
    )
    assert answer.status_code == 200, answer.text
    assert ElementTree.fromstring(answer.text).tag == "DescribeAlarmsResponse"
