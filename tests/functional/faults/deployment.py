"""A deployment whose processes reach the database and RabbitMQ through TCP proxies of
the test, so that either link can be cut while the shared services keep running.

The test's own queries (``deployment.database_url``) go straight to the database, so the
test can look at the rows while heat cannot.
"""

import contextlib
import dataclasses
import subprocess
from collections.abc import Iterator

from tests.fixtures.services import rabbit_vhost
from tests.fixtures.tcp_proxy import TcpProxy, proxy_for
from tests.functional import stack_deployments as e2e
from tests.functional.processes import BIN, write_config


@dataclasses.dataclass
class Proxied:
    """A running deployment and the proxies in front of its database and broker (heat-all
    has no broker: its messaging is in-process)."""

    deployment: e2e.Deployment
    database: TcpProxy
    broker: TcpProxy | None = None


@contextlib.contextmanager
def running(kind: str, request, tmp_path_factory, engines: int = 2, **options) -> Iterator[Proxied]:
    """A started deployment of ``kind`` with default settings but ``options``, behind
    proxies: ``split-mariadb``, ``split-postgresql``, or ``heat-all-mariadb``. Its stacks
    are the legacy engine's unless ``convergence_engine`` is among the ``options``."""
    options = {"convergence_engine": False, **options}
    tmp_path = tmp_path_factory.mktemp(kind)
    backend = "mysql" if kind.endswith("mariadb") else "postgresql"
    database_url = request.getfixturevalue("make_database")(backend)
    with contextlib.ExitStack() as cleanup:
        database = cleanup.enter_context(proxy_for(database_url))
        if kind.startswith("heat-all"):
            deployment = e2e.heat_all_deployment(tmp_path, options)
            deployment.config["database"]["connection"] = database.route(database_url)
            deployment.database_url = database_url
            _db_sync(deployment)
            cleanup.callback(deployment.stop)
            e2e.start_heat_all(deployment)
            broker = None
        else:
            rabbit_url = request.getfixturevalue("rabbit_url")
            transport_url = cleanup.enter_context(rabbit_vhost(rabbit_url))
            broker = cleanup.enter_context(proxy_for(transport_url))
            deployment = e2e.split_deployment(
                kind, database.route(database_url), broker.route(transport_url), tmp_path, options
            )
            cleanup.callback(deployment.stop)
            e2e.start_split(deployment, engines)
        deployment.database_url = database_url
        yield Proxied(deployment, database, broker)


def _db_sync(deployment: e2e.Deployment) -> None:
    """Create the schema: heat-all does so only on SQLite."""
    config_file = write_config(deployment.tmp_path / "db-sync.conf", deployment.config)
    subprocess.run(
        [str(BIN / "heat-manage"), "--config-file", str(config_file), "db_sync"],
        check=True,
        capture_output=True,
        timeout=300,
    )
