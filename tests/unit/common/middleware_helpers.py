"""Helpers of the middleware tests: a configuration and an app that records its request."""

import webob
from oslo_config import cfg
from oslo_policy import opts as policy_opts

from heat.common import config


def make_conf(tmp_path, *lines) -> cfg.ConfigOpts:
    """A fresh configuration with extra heat.conf ``lines``."""
    conf = cfg.ConfigOpts()
    config.register(conf)
    policy_opts.set_defaults(conf, policy_file=str(tmp_path / "policy.yaml"))
    conf_file = tmp_path / "heat.conf"
    conf_file.write_text("\n".join(lines) + "\n")
    conf(["--config-file", str(conf_file)], project="heat", default_config_files=[])
    return conf


class Echo:
    """A WSGI app answering 200 and keeping the request it got."""

    request = None

    def __call__(self, environ, start_response):
        self.request = webob.Request(environ)
        return webob.Response("ok")(environ, start_response)


def send(middleware, path="/7a1f/stacks", headers=None):
    """The response of ``middleware`` to a GET of ``path``."""
    return webob.Request.blank(path, headers=headers or {}).get_response(middleware)
