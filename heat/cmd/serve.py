"""What the API binaries and WSGI applications share: configure, build a paste application,
serve it with the eventlet server, stop gracefully on a signal."""

import signal
import sys

from oslo_config import cfg
from oslo_log import log as logging

from heat.cmd import diagnostics
from heat.common import config, exception, heap, wsgi

LOG = logging.getLogger(__name__)

# Paste application name -> option group of its server.
API_GROUPS = {
    "heat-api": "heat_api",
    "heat-api-cfn": "heat_api_cfn",
    "heat-api-cloudwatch": "heat_api_cloudwatch",
}
# A paste file that cannot give the application: the process says why in one line.
PASTE_ERRORS = (
    exception.ConfigFileNotFound,
    exception.PasteAppNotFound,
    exception.PasteFactoryUnavailable,
)


def configure(app_name: str, argv, conf=cfg.CONF, default_config_files=None):
    """Parse ``argv`` and the configuration files into ``conf``, and set up logging.

    ``conf`` may have been parsed already (by an earlier application of the process, or
    before the binary started serving): it is parsed afresh.
    """
    conf.reset()
    config.parse_args(argv, conf, prog=app_name, default_config_files=default_config_files)
    logging.setup(conf, "heat")
    return conf


def load_api(conf, app_name: str):
    """The WSGI application ``app_name`` of the paste file, in the configured flavor."""
    application = wsgi.paste_deploy_app(conf.paste_deploy.api_paste_config, app_name, conf)
    LOG.info("%s loaded from %s", app_name, wsgi.find_paste_config(conf))
    return application


def start_api(conf, app_name: str) -> wsgi.Server:
    """Load ``app_name`` (with the configured flavor) and start serving it."""
    application = load_api(conf, app_name)
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
    conf = configure(app_name, argv)
    diagnostics.setup(conf, app_name)
    try:
        server = start_api(conf, app_name)
    except PASTE_ERRORS as error:
        sys.exit("%s: %s" % (app_name, error))
    heap.freeze_startup_heap()
    on_stop_signals(server.request_stop)
    server.wait()
