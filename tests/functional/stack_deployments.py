"""Running heat deployments for end-to-end stack tests, and the clients that drive them.

``running(kind, request, tmp_path_factory)`` starts one deployment of ``KINDS``: heat-all
alone (SQLite, in-process messaging), or heat-api with engine processes of their own
``host`` over a RabbitMQ vhost of its own and a fresh MariaDB or PostgreSQL database.
Every deployment uses the noauth pipeline and enables stack abandon and adopt. A missing
service skips the test (fails it under ``CI=true``), through the shared fixtures.
"""

import contextlib
import copy
import dataclasses
import json
import pathlib
import subprocess
import uuid

import sqlalchemy
from heatclient import client as heatclient
from heatclient.common import environment_format, template_format

from tests.fixtures.services import free_port, rabbit_vhost
from tests.functional.processes import (
    BIN,
    PASTE_CONFIG,
    REPO,
    HeatProcess,
    http_ready,
    stop_all,
    wait_until,
    write_config,
)

KINDS = ("heat-all", "split-mariadb", "split-postgresql")
SPLIT_BACKENDS = {"split-mariadb": "mysql", "split-postgresql": "postgresql"}
TENANT = "e2e-project"
TEMPLATES = REPO / "tests" / "templates" / "e2e"
_FEATURES = {"enable_stack_abandon": True, "enable_stack_adopt": True}


@dataclasses.dataclass
class Deployment:
    """The processes of one deployment, the URL of its native API and its database."""

    kind: str
    base_url: str
    database_url: str
    tmp_path: pathlib.Path
    config: dict
    processes: dict[str, HeatProcess] = dataclasses.field(default_factory=dict)
    killed: list[HeatProcess] = dataclasses.field(default_factory=list)

    @property
    def endpoint(self) -> str:
        """The native API's URL for this deployment's tenant (``.../v1/<tenant>``)."""
        return "%s/v1/%s" % (self.base_url, TENANT)

    def live(self) -> list[HeatProcess]:
        """The processes that are meant to be running."""
        return list(self.processes.values())

    def start_engine(self) -> str:
        """Start one more heat-engine (one worker) with a ``host`` of its own; its host."""
        host = "engine-%s" % uuid.uuid4().hex[:8]
        directory = self.tmp_path / host
        directory.mkdir()
        sections = copy.deepcopy(self.config)
        sections["DEFAULT"]["host"] = host
        config_file = write_config(directory / "heat.conf", sections)
        self.processes[host] = HeatProcess("heat-engine", config_file, directory)
        return host

    def kill(self, name: str) -> None:
        """SIGKILL a process, as a crash would end it, and wait until it is gone."""
        process = self.processes.pop(name)
        process.process.kill()
        process.process.wait(timeout=30)
        self.killed.append(process)

    def stop(self) -> None:
        """Stop every process (in parallel), and close the logs of killed ones."""
        stop_all([*self.processes.values(), *self.killed])


@contextlib.contextmanager
def running(kind: str, request, tmp_path_factory, engines: int = 2, **options):
    """A started deployment of ``kind`` with extra ``[DEFAULT]`` ``options``; services come
    from the session fixtures."""
    tmp_path = tmp_path_factory.mktemp(kind)
    with contextlib.ExitStack() as cleanup:
        if kind == "heat-all":
            deployment = heat_all_deployment(tmp_path, options)
            cleanup.callback(deployment.stop)
            start_heat_all(deployment)
        else:
            database_url = request.getfixturevalue("make_database")(SPLIT_BACKENDS[kind])
            rabbit_url = request.getfixturevalue("rabbit_url")
            transport_url = cleanup.enter_context(rabbit_vhost(rabbit_url))
            deployment = split_deployment(kind, database_url, transport_url, tmp_path, options)
            cleanup.callback(deployment.stop)
            start_split(deployment, engines)
        yield deployment


def heat_all_deployment(tmp_path: pathlib.Path, options: dict) -> Deployment:
    """A heat-all on SQLite in ``tmp_path``, configured but not started."""
    ports = {group: free_port() for group in ("heat_api", "heat_api_cfn", "heat_api_cloudwatch")}
    sections: dict = {group: {"bind_port": port} for group, port in ports.items()}
    sections["DEFAULT"] = {**_FEATURES, **options}
    sections["database"] = {"connection": "sqlite:///%s" % (tmp_path / "heat.sqlite")}
    base_url = "http://127.0.0.1:%d" % ports["heat_api"]
    database_url = sections["database"]["connection"]
    return Deployment("heat-all", base_url, database_url, tmp_path, sections)


def start_heat_all(deployment: Deployment) -> None:
    """Start the heat-all and return once it serves."""
    config_file = write_config(deployment.tmp_path / "heat.conf", deployment.config)
    deployment.processes["heat-all"] = HeatProcess("heat-all", config_file, deployment.tmp_path)
    _wait_until_serving(deployment, engines=1)


def split_deployment(kind, database_url, transport_url, tmp_path, options: dict) -> Deployment:
    """A split deployment on ``database_url`` and ``transport_url``, configured but not
    started."""
    port = free_port()
    config = {
        "DEFAULT": {
            "transport_url": transport_url,
            "num_engine_workers": 1,
            "rpc_response_timeout": 30,
            **_FEATURES,
            **options,
        },
        "database": {"connection": database_url},
        "paste_deploy": {"flavor": "noauth", "api_paste_config": PASTE_CONFIG},
        "heat_api": {"bind_host": "127.0.0.1", "bind_port": port, "workers": 1},
    }
    return Deployment(kind, "http://127.0.0.1:%d" % port, database_url, tmp_path, config)


def start_split(deployment: Deployment, engines: int) -> None:
    """Start its APIs and ``engines`` engines; return once they serve."""
    api_config = write_config(deployment.tmp_path / "heat-api.conf", deployment.config)
    subprocess.run(
        [str(BIN / "heat-manage"), "--config-file", str(api_config), "db_sync"],
        check=True,
        capture_output=True,
        timeout=300,
    )
    for _ in range(engines):
        deployment.start_engine()
    deployment.processes["heat-api"] = HeatProcess("heat-api", api_config, deployment.tmp_path)
    _wait_until_serving(deployment, engines)


def _wait_until_serving(deployment: Deployment, engines: int) -> None:
    wait_until(http_ready(deployment.base_url + "/"), deployment.live(), what="the API")
    wait_until(
        lambda: len(registered_engines(deployment)) >= engines,
        deployment.live(),
        what="%d engines in the service table" % engines,
    )


def registered_engines(deployment: Deployment) -> dict[str, str]:
    """``{engine_id: host}`` of the engines in the service table (not deleted).

    Read from the database rather than through the API: an engine registers only once
    it listens, while an RPC call sent before that is lost until its timeout.
    """
    rows = query(deployment, "SELECT engine_id, host FROM service WHERE deleted_at IS NULL")
    return dict(rows)


def query(deployment: Deployment, statement: str, **parameters) -> list:
    """The rows of one SQL statement run on the deployment's database."""
    engine = sqlalchemy.create_engine(deployment.database_url)
    try:
        with engine.connect() as connection:
            return [
                tuple(row) for row in connection.execute(sqlalchemy.text(statement), parameters)
            ]
    finally:
        engine.dispose()


def heat_client(deployment: Deployment):
    """A python-heatclient v1 client of the deployment's native API (noauth token)."""
    return heatclient.Client("1", endpoint=deployment.endpoint, token="e2e-token")


def openstack(deployment: Deployment, *args: str, check: bool = True):
    """Run ``openstack <args>`` against the deployment; the finished process."""
    command = [
        str(BIN / "openstack"),
        "--os-auth-type",
        "none",
        "--os-endpoint",
        deployment.endpoint,
        *args,
    ]
    done = subprocess.run(command, capture_output=True, text=True, timeout=300)
    if check:
        assert done.returncode == 0, "%s failed:\n%s%s" % (args, done.stdout, done.stderr)
    return done


def openstack_json(deployment: Deployment, *args: str):
    """Run ``openstack <args> -f json``; its parsed output.

    With ``--wait`` the CLI prints the events it saw before the JSON document, one a line.
    """
    lines = openstack(deployment, *args, "-f", "json").stdout.splitlines()
    start = next(index for index, line in enumerate(lines) if line[:1] in ("{", "["))
    return json.loads("\n".join(lines[start:]))


def template_path(name: str) -> str:
    """The path of a fixture template of ``tests/templates/e2e``."""
    return str(TEMPLATES / name)


def load_template(name: str) -> dict:
    """A fixture template parsed as heatclient parses it (dates stay strings)."""
    return template_format.parse((TEMPLATES / name).read_text())


def load_environment(name: str) -> dict:
    """A fixture environment file of ``tests/templates/e2e``, parsed."""
    return environment_format.parse((TEMPLATES / name).read_text())


def unique_name(prefix: str) -> str:
    """A stack name no other test uses."""
    return "%s-%s" % (prefix, uuid.uuid4().hex[:8])


def wait_for_stack(
    deployment: Deployment, client, stack_id: str, timeout: float = 60, action: str | None = None
):
    """Wait until the stack is no longer IN_PROGRESS, and in ``action`` if given (a create
    that rolls back shows CREATE_FAILED for a moment first, as upstream's); the stack."""

    def settled():
        stack = client.stacks.get(stack_id)
        if stack.stack_status.endswith("_IN_PROGRESS") or action not in (None, stack.action):
            return None
        return stack

    return wait_until(settled, deployment.live(), timeout, what="stack %s to settle" % stack_id)


def create_stack(
    deployment: Deployment,
    client,
    template: str,
    wait: bool = True,
    settle_in: str | None = None,
    **fields,
):
    """Create a stack of a fixture template through heatclient; its id (once settled, in
    action ``settle_in`` if given)."""
    fields.setdefault("stack_name", unique_name("e2e"))
    created = client.stacks.create(template=load_template(template), **fields)
    stack_id = created["stack"]["id"]
    if wait:
        wait_for_stack(deployment, client, stack_id, action=settle_in)
    return stack_id
