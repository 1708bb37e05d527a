"""A split deployment for the AWS-compatible side of heat, on the real Keystone.

heat-engine, heat-api, heat-api-cfn and heat-api-cloudwatch run as processes of their own
over a RabbitMQ vhost and a MariaDB database. Every API authenticates with Keystone
(authtoken; ec2token before it on the CFN and CloudWatch APIs, which checks EC2 signatures
through Keystone's ``/v3/ec2tokens`` with the heat user's credentials), and the engine
writes the CFN and CloudWatch URLs into what servers get (pre-signed URLs, metadata).
``aws_heat`` is one such deployment per test session (and xdist worker).
"""

import contextlib
import dataclasses
import pathlib
import subprocess
from collections.abc import Iterator

import pytest
import sqlalchemy

from tests.fixtures.services import free_port, rabbit_vhost
from tests.functional.processes import (
    BIN,
    PASTE_CONFIG,
    HeatProcess,
    http_ready,
    stop_all,
    wait_until,
    write_config,
)

API_GROUPS = ("heat_api", "heat_api_cfn", "heat_api_cloudwatch")
# Test-only resource plugins the engine loads (tests/functional/plugins).
PLUGIN_DIR = pathlib.Path(__file__).resolve().parent / "plugins"
# Further [DEFAULT] options of the deployment: the test plugins, and a short periodic
# interval so that the engine evaluates CloudWatch alarms (watch rules) every second.
EXTRA_DEFAULTS = {"plugin_dirs": str(PLUGIN_DIR), "periodic_interval": 1}


@dataclasses.dataclass
class AwsHeat:
    """A running deployment: the root URL of each API and the processes."""

    native_url: str
    cfn_url: str
    cloudwatch_url: str
    database_url: str
    work_dir: pathlib.Path
    processes: dict[str, HeatProcess]

    @property
    def region(self) -> str:
        """The catalog region of the deployment's endpoints (see ``region``)."""
        return region({"heat_api": int(self.native_url.rsplit(":", 1)[1])})

    def log_tails(self) -> str:
        """The end of every process's log, to explain a failure."""
        return "\n".join("--- %s\n%s" % (name, p.log_tail()) for name, p in self.processes.items())


def region(ports: dict) -> str:
    """The catalog region of the deployment listening on ``ports``."""
    return "heat-%d" % ports["heat_api"]


def add_catalog_region(keystone, ports: dict, services: dict[str, str]) -> None:
    """Register the deployment's APIs in Keystone's catalog, in a region of their own, with
    ``services`` (URLs by service type): the other services its stacks use."""
    endpoints = dict(
        services,
        orchestration="http://127.0.0.1:%d/v1/%%(tenant_id)s" % ports["heat_api"],
        cloudformation="http://127.0.0.1:%d/v1" % ports["heat_api_cfn"],
    )
    keystone.add_region(region(ports), endpoints)


def configuration(
    keystone, transport_url: str, database_url: str, ports: dict, work_dir: pathlib.Path
) -> dict:
    """heat.conf of the deployment: Keystone's sections, messaging, database, API ports."""
    (work_dir / "environment.d").mkdir(exist_ok=True)
    config = keystone.heat_config()
    cfn_url = "http://127.0.0.1:%d" % ports["heat_api_cfn"]
    config["DEFAULT"].update(
        transport_url=transport_url,
        num_engine_workers=1,
        rpc_response_timeout=30,
        heat_metadata_server_url=cfn_url,
        heat_waitcondition_server_url=cfn_url + "/v1/waitcondition",
        heat_watch_server_url="http://127.0.0.1:%d" % ports["heat_api_cloudwatch"],
        environment_dir=str(work_dir / "environment.d"),
    )
    # The deployment's own region of the catalog: what servers' agents (os-collect-config's
    # heat collector, heat-config-notify) look the orchestration endpoint up in.
    config["DEFAULT"]["region_name_for_services"] = region(ports)
    # Where servers reach the native API (TOKEN_SIGNAL and HEAT_SIGNAL URLs).
    config["clients_heat"] = {"url": "http://127.0.0.1:%d/v1/%%(tenant_id)s" % ports["heat_api"]}
    config["ec2authtoken"] = dict(config["trustee"], project_name="service")
    config["ec2authtoken"]["project_domain_id"] = "default"
    config["database"] = {"connection": database_url}
    config["paste_deploy"] = {"flavor": "", "api_paste_config": PASTE_CONFIG}
    for group, port in ports.items():
        config[group] = {"bind_host": "127.0.0.1", "bind_port": port, "workers": 1}
    return config


def start(config: dict, work_dir: pathlib.Path) -> dict[str, HeatProcess]:
    """Create the schema, then start the engine and the three APIs."""
    config_file = write_config(work_dir / "heat.conf", config)
    subprocess.run(
        [str(BIN / "heat-manage"), "--config-file", str(config_file), "db_sync"],
        check=True,
        capture_output=True,
        timeout=300,
    )
    binaries = ("heat-engine", "heat-api", "heat-api-cfn", "heat-api-cloudwatch")
    processes = {}
    for binary in binaries:
        directory = work_dir / binary
        directory.mkdir()
        processes[binary] = HeatProcess(binary, config_file, directory)
    return processes


@contextlib.contextmanager
def running(
    keystone,
    database_url: str,
    rabbit_url: str,
    work_dir: pathlib.Path,
    extra_defaults: dict,
    services: dict[str, str] | None = None,
) -> Iterator[AwsHeat]:
    """A deployment in ``work_dir`` whose [DEFAULT] also has ``extra_defaults``, from the
    moment every API answers and the engine has registered until the block ends. Its
    catalog region also lists ``services`` (URLs by type), e.g. the lab's Nova and Cinder;
    the region leaves the catalog with the deployment (a shared Keystone outlives it)."""
    ports = {group: free_port() for group in API_GROUPS}
    add_catalog_region(keystone, ports, services or {})
    with (
        _region_removed(keystone, region(ports)),
        rabbit_vhost(rabbit_url) as transport_url,
    ):
        config = configuration(keystone, transport_url, database_url, ports, work_dir)
        config["DEFAULT"].update(extra_defaults)
        processes = start(config, work_dir)
        try:
            urls = ["http://127.0.0.1:%d" % ports[group] for group in API_GROUPS]
            for url in urls:
                wait_until(http_ready(url + "/"), list(processes.values()), what=url)
            wait_until(
                lambda: _engines(database_url) > 0,
                list(processes.values()),
                what="the engine in the service table",
            )
            yield AwsHeat(*urls, database_url, work_dir, processes)
        finally:
            stop_all(list(processes.values()))


@pytest.fixture(scope="session")
def aws_heat(keystone, make_database, rabbit_url, tmp_path_factory):
    """The running AWS-side deployment of this test session."""
    work_dir = tmp_path_factory.mktemp("aws-heat")
    database_url = make_database("mysql")
    with running(keystone, database_url, rabbit_url, work_dir, EXTRA_DEFAULTS) as deployment:
        yield deployment


@contextlib.contextmanager
def _region_removed(keystone, region_id: str) -> Iterator[None]:
    """Remove the region and its endpoints from the catalog when the block ends."""
    try:
        yield
    finally:
        keystone.remove_region(region_id)


def _engines(database_url: str) -> int:
    """How many engines have registered (an RPC call sent before that would wait in vain)."""
    engine = sqlalchemy.create_engine(database_url)
    try:
        with engine.connect() as connection:
            query = "SELECT COUNT(*) FROM service WHERE deleted_at IS NULL"
            return int(connection.execute(sqlalchemy.text(query)).scalar_one())
    finally:
        engine.dispose()
