"""Paste Deploy glue: load a named pipeline of api-paste.ini with our configuration object.

Paste only passes strings to factories, so :func:`paste_deploy_app` puts the ``ConfigOpts``
into every factory's ``global_conf`` under ``oslo_config_config``; that is the key
keystonemiddleware reads, and our factories read it too (falling back to ``cfg.CONF`` when
the file is loaded by a plain Paste server). oslo.middleware's filters and its
``/healthcheck`` read ``cfg.CONF`` (the configuration of every heat process) unless their
section names an ``oslo_config_project``, whose default files they then read.
"""

import os
import sys

import webob
from oslo_config import cfg
from paste.deploy import loadwsgi

from heat.common import exception
from heat.common.i18n import _
from heat.common.wsgi import paste_references, routing

CONF_KEY = "oslo_config_config"
_REPO_ETC = os.path.join(os.path.dirname(__file__), "..", "..", "..", "etc", "heat")


def conf_from(global_conf) -> cfg.ConfigOpts:
    """The configuration a Paste factory was given, or the process-wide one.

    ``global_conf`` is Paste's dict, or the configuration itself when the factory is called
    through ``heat.common.wsgi:app_factory`` (OpenStack Heat's protocol).
    """
    if isinstance(global_conf, cfg.ConfigOpts):
        return global_conf
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


class FlavorNotFound(LookupError):
    """A flavor-keyed composite has no pipeline for the configured flavor."""

    def __init__(self, flavor: str, flavors: list[str]):
        self.flavor = flavor
        self.flavors = flavors
        super().__init__("no %r pipeline (it has %s)" % (flavor, ", ".join(flavors) or "none"))


def _has_section(paste_loader, name: str) -> bool:
    try:
        paste_loader.find_config_section(loadwsgi.APP, name=name)
    except LookupError:
        return False
    return True


def _candidates(app_name: str, flavor: str | None) -> list[str]:
    return ["%s-%s" % (app_name, flavor), app_name] if flavor else [app_name]


def paste_deploy_app(paste_config_file: str | None, app_name: str, conf: cfg.ConfigOpts):
    """Build ``<app_name>-<flavor>`` if the paste file has it, else ``app_name`` (which may
    be a composite picking its pipeline by flavor itself, as OpenStack Heat's file does).

    Raises :class:`~heat.common.exception.PasteAppNotFound` naming the sections looked for,
    and :class:`~heat.common.exception.PasteFactoryUnavailable` naming the lines of the file
    whose factories cannot be imported.
    """
    path = find_paste_config(conf, paste_config_file)
    flavor = conf.paste_deploy.flavor
    candidates = _candidates(app_name, flavor)
    paste_loader = loadwsgi.ConfigLoader(path)
    name = next((n for n in candidates if _has_section(paste_loader, n)), None)
    if name is None:
        reason = _("no section named %s") % " or ".join(candidates)
        raise exception.PasteAppNotFound(name=candidates[0], path=path, reason=reason)
    try:
        context = paste_loader.get_context(loadwsgi.APP, name, global_conf={CONF_KEY: conf})
        return context.create()
    except FlavorNotFound as missing:
        reason = "%s has %s" % (name, missing)
        if name != candidates[0]:
            reason = _("no section named %(absent)s, and %(reason)s") % {
                "absent": candidates[0],
                "reason": reason,
            }
        raise exception.PasteAppNotFound(name=candidates[0], path=path, reason=reason)
    except LookupError as error:
        if type(error) is not LookupError:  # a KeyError or IndexError is a bug, not the file
            raise
        raise exception.PasteAppNotFound(name=name, path=path, reason=str(error))
    except (ImportError, AttributeError) as error:
        unavailable = paste_references.unavailable_factories(path)
        if not unavailable:
            raise
        raise exception.PasteFactoryUnavailable(
            path=path, lines="\n".join("  %s" % line for line in unavailable)
        ) from error


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
