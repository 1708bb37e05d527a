"""The CloudWatch app in front of a stand-in engine."""

import pytest

from heat.api import cloudwatch
from heat.common import wsgi
from tests.unit.api.aws import engine_stub

MEMBER = engine_stub.make_context("member", "reader")
READER = engine_stub.make_context("reader")
STACK_USER = engine_stub.make_context("heat_stack_user")
# The engine calls of the CloudWatch actions 2014 Heat did not implement.
WATCH_CALLS = (
    "put_watch",
    "delete_watches",
    "set_watch_actions_enabled",
    "show_watches_for_metric",
    "list_watch_history",
    "show_watch_statistics",
)


class WatchStubEngine(engine_stub.StubEngine):
    """The stand-in engine, answering the watch calls too."""


for _method in WATCH_CALLS:
    setattr(WatchStubEngine, _method, engine_stub._endpoint(_method))


@pytest.fixture
def engine():
    return WatchStubEngine()


@pytest.fixture
def engine_client(engine):
    """A client of ``engine`` served on ``inproc://`` for this test."""
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


def result(response, action):
    """The ``<Action>Result`` of a successful JSON response."""
    assert response.status_int == 200, response.body
    return response.json["%sResponse" % action]["%sResult" % action]


def error_code(response):
    """The AWS error code of a JSON error response."""
    return response.json["ErrorResponse"]["Error"]["Code"]
