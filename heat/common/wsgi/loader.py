"""Paste Deploy glue: load a named pipeline of api-paste.ini with our configuration object.

Paste only passes strings to factories, so :func:`paste_deploy_app` puts the ``ConfigOpts``
into every factory's ``global_conf`` under ``oslo_config_config`` before building; that is
the key oslo.middleware and keystonemiddleware already read, and our factories read it too
(falling back to ``cfg.CONF`` when the file is loaded by a plain Paste server).
"""

import os
import sys

import webob
from oslo_config import cfg
from paste.deploy import loadwsgi

from heat.common import exception
from heat.common.wsgi import routing

CONF_KEY = "oslo_config_config"
_SUBCONTEXTS = ("app_context", "next_context", "filter_context")
_REPO_ETC = os.path.join(os.path.dirname(__file__), "..", "..", "..", "etc", "heat")


def conf_from(global_conf) -> cfg.ConfigOpts:
    """The configuration a Paste factory was given, or the process-wide one."""
    return (global_conf or {}).get(CONF_KEY) or cfg.CONF


def find_paste_config(conf: cfg.ConfigOpts, name: str | None = None) -> str:
    """Absolute path of the paste file: as given, in the config dirs, or the one shipped
    with the code (the repository's etc/heat, or <prefix>/etc/heat once installed)."""
    name = name or conf.paste_deploy.api_paste_config
    if os.path.isabs(name) and os.path.exists(name):
        return name
    found = conf.find_file(name)
    if found:
        return os.path.abspath(found)
    for directory in (_REPO_ETC, os.path.join(sys.prefix, "etc", "heat")):
        bundled = os.path.abspath(os.path.join(directory, os.path.basename(name)))
        if os.path.exists(bundled):
            return bundled
    raise exception.ConfigFileNotFound(path=name)


def _give_conf(context, conf) -> None:
    if context.global_conf is None:
        context.global_conf = {}
    context.global_conf[CONF_KEY] = conf
    for child in [getattr(context, name, None) for name in _SUBCONTEXTS] + list(
        getattr(context, "filter_contexts", [])
    ):
        if child is not None:
            _give_conf(child, conf)


def paste_deploy_app(paste_config_file: str | None, app_name: str, conf: cfg.ConfigOpts):
    """Build ``<app_name>-<flavor>`` (or ``app_name`` without a flavor) from the paste file."""
    path = find_paste_config(conf, paste_config_file)
    flavor = conf.paste_deploy.flavor
    name = "%s-%s" % (app_name, flavor) if flavor else app_name
    try:
        context = loadwsgi.loadcontext(loadwsgi.APP, "config:%s" % path, name=name)
    except LookupError:
        raise exception.PasteAppNotFound(name=name, path=path)
    _give_conf(context, conf)
    return context.create()


class Middleware:
    """Base of our Paste filters: ``process_request`` may answer early, ``process_response``
    may change the answer. Subclasses get the configuration and the filter's paste options."""

    def __init__(self, application, conf: cfg.ConfigOpts, options: dict | None = None):
        self.application = application
        self.conf = conf
        self.options = options or {}

    @classmethod
    def factory(cls, global_conf, **local_conf):
        """Paste ``filter_factory``."""
        conf = conf_from(global_conf)

        def make_filter(application):
            return cls(application, conf, local_conf)

        return make_filter

    def process_request(self, request):
        """Inspect or change the request; return a response (or WSGI app) to answer early."""
        return None

    def process_response(self, response):
        """Inspect or change the answer of the rest of the pipeline."""
        return response

    def __call__(self, environ, start_response):
        # Not webob.dec.wsgify: that would turn raised HTTP errors into plain-text answers
        # before faultwrap can give them Heat's JSON error body.
        request = webob.Request(environ)
        with routing.carry_http_errors():
            response = self.process_request(request)
            if response is None:
                response = self.process_response(request.get_response(self.application))
        return response(environ, start_response)
