"""The CloudWatch app in front of a stand-in engine."""

import pytest

from heat.api import cloudwatch
from heat.common import wsgi
from tests.unit.api.aws import engine_stub

MEMBER = engine_stub.make_context("member", "reader")
READER = engine_stub.make_context("reader")
STACK_USER = engine_stub.make_context("heat_stack_user")


@pytest.fixture
def engine():
    return engine_stub.StubEngine()


@pytest.fixture
def engine_client(engine):
    """A client of ``engine`` served on ``fake://`` for this test."""
    with engine_stub.running_engine(engine_stub.make_conf(), engine) as client:
        yield client


@pytest.fixture
def app(engine_client):
    conf = engine_stub.make_conf()
    return cloudwatch.API({wsgi.CONF_KEY: conf}, engine_client=engine_client)


@pytest.fixture
def call(app):
    """Send a Query action as a member (or ``caller``) asking for JSON; returns the response."""

    def send(action, caller=MEMBER, **params):
        params = dict(params, Action=action, ContentType="JSON")
        return engine_stub.query_request(params, caller).get_response(app)

    return send
