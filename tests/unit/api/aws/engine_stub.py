"""A stand-in engine on the ``inproc://`` transport, and helpers to call the Query APIs.

``StubEngine`` is a real oslo.messaging RPC endpoint: the apps reach it through a real
``EngineClient``. Each test sets canned answers (a value, a callable of the call's
keyword arguments, or an exception to raise) and reads back the calls it received.
"""

import contextlib
from urllib import parse

import oslo_messaging
import webob
from oslo_config import cfg
from oslo_policy import opts as policy_opts

from heat.common import config, context, messaging
from heat.rpc import api as rpc_api
from heat.rpc import client as rpc_client

TENANT = "tenant-1"
STACK_ID = "5b1c0c4e-1111-4d7e-9f8e-0a2b3c4d5e6f"
STACK_IDENTITY = {"tenant": TENANT, "stack_name": "web", "stack_id": STACK_ID, "path": ""}
STACK_ARN = "arn:openstack:heat::%s:stacks/web/%s" % (TENANT, STACK_ID)


def _endpoint(method):
    def call(self, ctxt, **kwargs):
        return self.reply(method, ctxt, kwargs)

    call.__name__ = method
    call.__doc__ = "Engine call %s: record it and give the canned answer." % method
    return call


class StubEngine:
    """Engine RPC endpoint answering with canned results and recording each call."""

    target = oslo_messaging.Target(version=rpc_api.RPC_API_VERSION)

    def __init__(self):
        self.answers: dict = {}
        self.calls: list[tuple[str, object, dict]] = []

    def reply(self, method, ctxt, kwargs):
        self.calls.append((method, ctxt, kwargs))
        answer = self.answers.get(method)
        if isinstance(answer, BaseException):
            raise answer
        return answer(**kwargs) if callable(answer) else answer

    def call_of(self, method) -> dict:
        """The arguments of the last call of ``method``."""
        matching = [kwargs for name, _ctxt, kwargs in self.calls if name == method]
        assert matching, "the engine got no %s call (calls: %s)" % (method, self.calls)
        return matching[-1]

    def context_of(self, method):
        """The request context of the last call of ``method``."""
        return [ctxt for name, ctxt, _kwargs in self.calls if name == method][-1]


for _method in (
    "identify_stack",
    "list_stacks",
    "show_stack",
    "create_stack",
    "update_stack",
    "delete_stack",
    "stack_cancel_update",
    "list_events",
    "validate_template",
    "get_template",
    "describe_stack_resource",
    "describe_stack_resources",
    "find_physical_resource",
    "list_stack_resources",
    "resource_signal",
    "show_watch",
    "show_watch_metric",
    "create_watch_data",
    "set_watch_state",
):
    setattr(StubEngine, _method, _endpoint(_method))


def make_conf(**policy_options) -> cfg.ConfigOpts:
    """A fresh, parsed configuration with Heat's options (``[oslo_policy]`` overrides)."""
    conf = cfg.ConfigOpts()
    config.register(conf)
    for group, opts in policy_opts.list_opts():
        conf.register_opts(opts, group=group)
    conf([], project="heat", default_config_files=[])
    for name, value in policy_options.items():
        conf.set_override(name, value, group="oslo_policy")
    return conf


@contextlib.contextmanager
def running_engine(conf: cfg.ConfigOpts, stub: StubEngine):
    """Serve ``stub`` on a ``inproc://`` transport; yields an EngineClient talking to it.

    Every ``inproc://`` transport of a process shares one exchange, so a stand-in serves
    only for the test that started it. The server is stopped without waiting for its
    idle executor worker, which would hold each test for a second; it ends on its own.
    """
    transport = oslo_messaging.get_rpc_transport(conf, url=messaging.IN_PROCESS_TRANSPORT_URL)
    target = oslo_messaging.Target(topic=rpc_api.ENGINE_TOPIC, server="stub-engine")
    # The default (threading) executor: passing one is deprecated in oslo.messaging.
    server = oslo_messaging.get_rpc_server(
        transport,
        target,
        [stub],
        serializer=messaging.RequestContextSerializer(),
        access_policy=oslo_messaging.DefaultRPCAccessPolicy,
    )
    server.start()
    try:
        yield rpc_client.EngineClient.from_transport(transport, timeout=10)
    finally:
        server.stop()


def make_context(*roles, project_id=TENANT) -> context.RequestContext:
    """A project-scoped caller holding ``roles``."""
    return context.RequestContext(
        user_id="user-1", project_id=project_id, roles=list(roles), auth_token="token-1"
    )


def query_request(params: dict, caller=None, method="GET", path="/v1/") -> webob.Request:
    """A Query API request with ``params`` in the query string (GET) or a form (POST)."""
    encoded = parse.urlencode(params)
    if method == "GET":
        request = webob.Request.blank(path + "?" + encoded)
    else:
        request = webob.Request.blank(path, method=method, body=encoded.encode())
        request.content_type = "application/x-www-form-urlencoded"
    if caller is not None:
        request.environ["context"] = caller
    return request
