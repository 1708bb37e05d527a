"""Build one API's WSGI application the way a WSGI server process needs it: configuration
from the files the environment names (the server's command line is not ours to parse),
logging, then the paste pipeline of ``[paste_deploy]``.

``OS_HEAT_CONFIG_FILES`` lists configuration files separated by ``;``;
``OS_HEAT_CONFIG_DIR`` is where relative ones are (with no list: ``heat.conf`` there).
Without either, oslo.config looks where it always does (``/etc/heat/heat.conf``, ...).
"""

import os

from oslo_config import cfg

from heat.cmd import serve
from heat.common import heap, profiler

CONFIG_FILES_VARIABLE = "OS_HEAT_CONFIG_FILES"
CONFIG_DIR_VARIABLE = "OS_HEAT_CONFIG_DIR"
DEFAULT_CONFIG_FILE = "heat.conf"


def config_files(environ) -> list[str] | None:
    """The configuration files ``environ`` names, or None for oslo.config's own search."""
    names = [name.strip() for name in environ.get(CONFIG_FILES_VARIABLE, "").split(";")]
    names = [name for name in names if name]
    directory = environ.get(CONFIG_DIR_VARIABLE, "").strip()
    if directory:
        names = [os.path.join(directory, name) for name in names or [DEFAULT_CONFIG_FILE]]
    return names or None


def application(app_name: str, argv=(), environ=None, conf: cfg.ConfigOpts | None = None):
    """The WSGI application ``app_name`` (``heat-api``, ``heat-api-cfn``,
    ``heat-api-cloudwatch``) configured from ``environ`` (``os.environ``) and ``argv``."""
    environ = os.environ if environ is None else environ
    conf = cfg.CONF if conf is None else conf
    serve.configure(app_name, list(argv), conf, default_config_files=config_files(environ))
    # Guru Meditation Reports are left out: their signal (SIGUSR2) is the WSGI server's.
    profiler.setup(conf, app_name, conf.host)
    application = serve.load_api(conf, app_name)
    heap.freeze_startup_heap()
    return application
