"""heat-all: the engine and the three APIs in one process, the embedded default.

Defaults suit a single developer machine: SQLite (schema created at start),
in-process messaging (``inproc://``), no authentication (``noauth`` pipelines),
servers on 127.0.0.1. Any of them can be changed in a config file.
"""

import eventlet
import eventlet.event

eventlet.monkey_patch()

import os
import sys

from oslo_config import cfg
from oslo_log import log as logging

from heat.cmd import diagnostics, engine_setup, serve
from heat.common import config, heap
from heat.common import messaging as heat_messaging
from heat.db import api as db_api
from heat.db import migration

LOG = logging.getLogger(__name__)
# The database of heat-all when [database] connection is unset: a file in the working
# directory (every other binary refuses to start without the option).
EMBEDDED_SQLITE_FILE = "heat.sqlite"
EMBEDDED_CONNECTION = "sqlite:///" + EMBEDDED_SQLITE_FILE

API_SERVICES = {
    "api": "heat-api",
    "api_cfn": "heat-api-cfn",
    "api_cloudwatch": "heat-api-cloudwatch",
}


def set_embedded_defaults(conf) -> None:
    conf.set_default("transport_url", heat_messaging.IN_PROCESS_TRANSPORT_URL)
    conf.set_default("flavor", "noauth", group="paste_deploy")
    for group in serve.API_GROUPS.values():
        conf.set_default("bind_host", "127.0.0.1", group=group)


def prepare_database(conf) -> None:
    """Point the database layer at ``[database] connection``, by default SQLite in the
    working directory (logged), and create or upgrade the schema of an SQLite one."""
    if not conf.database.connection:
        conf.set_default("connection", EMBEDDED_CONNECTION, group="database")
        LOG.info(
            "no [database] connection set: using %s (%s)",
            EMBEDDED_CONNECTION,
            os.path.abspath(EMBEDDED_SQLITE_FILE),
        )
    db_api.configure(conf)
    if conf.database.connection.startswith("sqlite"):
        migration.db_sync(db_api.get_engine())


def banner(conf, servers) -> str:
    lines = ["heat-all is running:"]
    lines += [
        "  %-20s http://%s:%d" % (name, conf[serve.API_GROUPS[name]].bind_host, server.port)
        for name, server in servers.items()
    ]
    if "heat-api" in servers:
        api = conf.heat_api
        lines.append(
            "Try: openstack --os-auth-type none --os-endpoint "
            "http://%s:%d/v1/admin stack list" % (api.bind_host, servers["heat-api"].port)
        )
    return "\n".join(lines)


def main(argv=None):
    conf = config.register(cfg.CONF)
    set_embedded_defaults(conf)
    config.parse_args(sys.argv[1:] if argv is None else argv, conf, prog="heat-all")
    logging.setup(conf, "heat")
    prepare_database(conf)
    diagnostics.setup(conf, "heat-all")
    enabled = conf.heat_all.enabled_services
    engine = engine_setup.build_engine(conf) if "engine" in enabled else None
    if engine is not None:
        engine.start()
    servers = {}
    for service, app_name in API_SERVICES.items():
        if service in enabled:
            # The inproc:// transport only reaches the engine from this very process.
            conf.set_override("workers", 0, group=serve.API_GROUPS[app_name])
            servers[app_name] = serve.start_api(conf, app_name)
    heap.freeze_startup_heap()
    print(banner(conf, servers), flush=True)

    stopped = eventlet.event.Event()
    serve.on_stop_signals(lambda: stopped.ready() or stopped.send())
    stopped.wait()
    for server in servers.values():
        server.stop()
    if engine is not None:
        engine.stop()
