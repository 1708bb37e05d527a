"""The CloudWatch-compatible Query API (heat-api-cloudwatch) over the engine's watch rules.

``version_negotiation_filter`` is the filter older OpenStack Heat api-paste.ini files name
``heat.api.cloudwatch:version_negotiation_filter``.
"""

from heat.api import engine_client as api_engine_client
from heat.api.aws import query
from heat.api.cloudwatch import actions
from heat.api.middleware import version_negotiation
from heat.common import wsgi
from heat.common.wsgi import paste_compat
from heat.rpc import client as rpc_client

SCOPE = "cloudwatch"


def API(  # noqa: N802 (the Paste factory name api-paste.ini refers to)
    global_conf, engine_client: rpc_client.EngineClient | None = None, **local_conf
) -> query.QueryApp:
    """Paste app factory (``global_conf`` may be the configuration itself, as
    heat.common.wsgi:app_factory passes it); ``engine_client`` replaces the process's
    client (tests)."""
    conf = wsgi.conf_from(global_conf)
    engine = engine_client or api_engine_client.get_engine_client(conf)
    return query.QueryApp(actions.ACTIONS, SCOPE, engine, conf)


version_negotiation_filter = paste_compat.heat_filter(version_negotiation.VersionNegotiationFilter)
