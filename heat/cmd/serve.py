"""What the API binaries share: build a paste pipeline, serve it, stop gracefully on a signal."""

import signal

from oslo_config import cfg
from oslo_log import log as logging

from heat.common import config, wsgi

LOG = logging.getLogger(__name__)

# Paste application name -> option group of its server.
API_GROUPS = {
    "heat-api": "heat_api",
    "heat-api-cfn": "heat_api_cfn",
    "heat-api-cloudwatch": "heat_api_cloudwatch",
}


def start_api(conf, app_name: str) -> wsgi.Server:
    """Load ``app_name`` (with the configured flavor) and start serving it."""
    application = wsgi.paste_deploy_app(conf.paste_deploy.api_paste_config, app_name, conf)
    group_conf = conf[API_GROUPS[app_name]]
    server = wsgi.Server(app_name, group_conf)
    server.start(application)
    LOG.info("%s listening on %s:%s", app_name, group_conf.bind_host, server.port)
    return server


def on_stop_signals(stop) -> None:
    """Call ``stop()`` on SIGTERM and SIGINT (graceful shutdown)."""
    for signum in (signal.SIGTERM, signal.SIGINT):
        signal.signal(signum, lambda *_: stop())


def run_api(app_name: str, argv) -> None:
    """The whole life of one API binary."""
    conf = config.parse_args(argv, cfg.CONF, prog=app_name)
    logging.setup(conf, "heat")
    server = start_api(conf, app_name)
    on_stop_signals(server.stop)
    server.wait()
