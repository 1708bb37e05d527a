"""Heat's configuration: registration of every option group and command-line parsing.

Options are declared in :mod:`heat.common.options`; this module puts them on a
``ConfigOpts`` (``cfg.CONF`` in the binaries, a fresh one in tests) and lists them
for oslo-config-generator.
"""

import copy
import itertools
import sys

import oslo_messaging
from oslo_config import cfg
from oslo_db import options as db_options
from oslo_log import log as logging
from oslo_messaging import opts as messaging_opts
from oslo_middleware import cors
from oslo_reports import opts as reports_opts
from osprofiler import opts as profiler_opts

from heat import version
from heat.common import policy
from heat.common.options import api, auth, clients, engine, software

_MODULES = (engine, software, auth, api, clients)


def _grouped_options():
    groups: dict[str, list] = {}
    for group, opts in itertools.chain.from_iterable(m.OPTIONS for m in _MODULES):
        groups.setdefault(group, []).extend(opts)
    return groups


def list_opts():
    """Every Heat-owned option by group, for oslo-config-generator."""
    groups = _grouped_options()
    trustee, ec2 = auth.keystoneauth_opts()
    groups["trustee"] = trustee
    groups["ec2authtoken"] = groups["ec2authtoken"] + ec2
    for group, opts in sorted(groups.items(), key=lambda item: item[0] != "DEFAULT"):
        yield (None if group == "DEFAULT" else group), copy.deepcopy(opts)


def register(conf: cfg.ConfigOpts) -> cfg.ConfigOpts:
    """Register Heat's options and the library options it relies on onto ``conf``."""
    set_config_defaults()
    for group, opts in _grouped_options().items():
        conf.register_opts(opts, group=None if group == "DEFAULT" else group)
    auth.register_keystoneauth(conf)
    for group, opts in messaging_opts.list_opts():
        conf.register_opts(opts, group=group)
    _register_messaging_globals(conf)
    conf.register_opts(db_options.database_opts, group="database")
    profiler_opts.set_defaults(conf)
    reports_opts.set_defaults(conf)
    return conf


def _register_messaging_globals(conf: cfg.ConfigOpts) -> None:
    # oslo.messaging reads [oslo_messaging_tracing] and [oslo_messaging_metrics] from the
    # conf it is given but registers them on the global CONF only; a ConfigOpts of our
    # own (tests, tools) needs them too.
    from oslo_messaging._metrics import client as metrics
    from oslo_messaging._tracing import client as tracing

    conf.register_opts(tracing.oslo_messaging_tracing, group="oslo_messaging_tracing")
    conf.register_opts(metrics.oslo_messaging_metrics, group="oslo_messaging_metrics")


def set_config_defaults():
    """Library defaults that differ for Heat: exchange, CORS, legacy policy rules.

    Set on the libraries' option objects, so the generated sample shows them too.
    """
    oslo_messaging.set_transport_defaults("heat")
    policy.set_defaults()
    cors.set_defaults(
        allow_headers=[
            "X-Auth-Token",
            "X-Identity-Status",
            "X-Roles",
            "X-Service-Catalog",
            "X-User-Id",
            "X-Tenant-Id",
            "X-OpenStack-Request-ID",
        ],
        expose_headers=[
            "X-Auth-Token",
            "X-Subject-Token",
            "X-Service-Token",
            "X-OpenStack-Request-ID",
        ],
        allow_methods=["GET", "PUT", "POST", "DELETE", "PATCH"],
    )


def parse_args(argv, conf: cfg.ConfigOpts, prog=None, default_config_files=None):
    """Register options, logging and parse ``argv`` (without the program name) into ``conf``."""
    register(conf)
    logging.register_options(conf)
    conf(
        argv,
        project="heat",
        prog=prog,
        version=version.version_string,
        default_config_files=default_config_files,
    )
    return conf


def config_files_read(conf: cfg.ConfigOpts) -> str:
    """The configuration files and directories ``conf`` was parsed from, for messages."""
    sources = list(conf.config_file or []) + list(conf.config_dir or [])
    return ", ".join(sources) or "none"


def require_database_connection(conf: cfg.ConfigOpts, prog: str) -> str:
    """``[database] connection``; exit the process with a one-line error when it is unset
    (every binary but heat-all, which has an SQLite default, needs the shared database)."""
    if not conf.database.connection:
        sys.exit(
            "%s: [database] connection is not set (config files read: %s)"
            % (prog, config_files_read(conf))
        )
    return conf.database.connection
