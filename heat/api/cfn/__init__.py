"""The CloudFormation-compatible Query API (heat-api-cfn) and its signal URLs."""

from heat.api import engine_client as api_engine_client
from heat.api.cfn.app import CfnApp
from heat.common import wsgi
from heat.rpc import client as rpc_client


def API(  # noqa: N802 (the Paste factory name api-paste.ini refers to)
    global_conf, engine_client: rpc_client.EngineClient | None = None, **local_conf
) -> CfnApp:
    """Paste app factory; ``engine_client`` replaces the process's client (tests)."""
    conf = wsgi.conf_from(global_conf)
    engine = engine_client or api_engine_client.get_engine_client(conf)
    return CfnApp(engine, conf)
