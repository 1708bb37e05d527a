"""Horizon's local settings for dashboards run against a test heat: install.sh copies this file
into the virtualenv (openstack_dashboard/local/), and tools/horizon/serve.sh passes, through the
environment, what is only known when it starts: the Keystone and a directory for the sessions.

Sessions live in files, not in signed cookies (Horizon's session holds the whole service
catalog, past a cookie's 4 KB) nor in memcached (not there): any number of servers may run
side by side, each with its own directory.
"""

import os
import tempfile
import warnings

from horizon.utils import secret_key

# openstack_dashboard.settings shows DeprecationWarnings: a page of them per policy file would
# bury the log's errors.
warnings.simplefilter("ignore", DeprecationWarning)

DEBUG = False
ALLOWED_HOSTS = ["*"]
LOCAL_PATH = os.path.dirname(os.path.abspath(__file__))
# Made by install.sh's collectstatic, then only read: every server of this venv shares it.
SECRET_KEY = secret_key.generate_or_read_from_file(os.path.join(LOCAL_PATH, ".secret_key_store"))

OPENSTACK_KEYSTONE_URL = os.environ.get("HEAT_HORIZON_KEYSTONE_URL", "http://127.0.0.1:5000/v3")

SESSION_ENGINE = "django.contrib.sessions.backends.file"
SESSION_FILE_PATH = os.environ.get("HEAT_HORIZON_STATE_DIR", tempfile.gettempdir())
CACHES = {"default": {"BACKEND": "django.core.cache.backends.locmem.LocMemCache"}}
# install.sh compressed the static files once; no page compiles SCSS at request time.
COMPRESS_OFFLINE = True
TIME_ZONE = "UTC"

# Errors with their tracebacks on stderr, which serve.sh's caller keeps as the log.
LOGGING = {
    "version": 1,
    "disable_existing_loggers": False,
    "formatters": {"plain": {"format": "%(asctime)s %(levelname)s %(name)s %(message)s"}},
    "handlers": {"console": {"class": "logging.StreamHandler", "formatter": "plain"}},
    "loggers": {
        name: {"handlers": ["console"], "level": "INFO", "propagate": False}
        for name in ("django", "horizon", "openstack_auth", "openstack_dashboard", "heat_dashboard")
    },
}
