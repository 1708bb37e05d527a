"""The CloudFormation app in front of a stand-in engine, and callers of different roles."""

import xml.etree.ElementTree as ElementTree

import pytest

from heat.api import cfn
from heat.common import wsgi
from tests.unit.api.aws import engine_stub

MEMBER = engine_stub.make_context("member", "reader")
READER = engine_stub.make_context("reader")
STACK_USER = engine_stub.make_context("heat_stack_user")


@pytest.fixture
def conf():
    return engine_stub.make_conf()


@pytest.fixture
def engine():
    return engine_stub.StubEngine()


@pytest.fixture
def engine_client(engine):
    """A client of ``engine`` served on ``inproc://`` for this test."""
    with engine_stub.running_engine(engine_stub.make_conf(), engine) as client:
        yield client


@pytest.fixture
def app(conf, engine_client):
    return cfn.API({wsgi.CONF_KEY: conf}, engine_client=engine_client)


@pytest.fixture
def call(app):
    """Send a Query action as a member (or ``caller``); returns the webob response."""

    def send(action, caller=MEMBER, method="GET", path="/v1/", **params):
        request = engine_stub.query_request(dict(params, Action=action), caller, method, path)
        return request.get_response(app)

    return send


def xml(response):
    """The parsed XML body of a response."""
    return ElementTree.fromstring(response.body)


def error_of(response):
    """``(Type, Code, Message)`` of an XML error envelope."""
    error = xml(response).find("Error")
    return error.findtext("Type"), error.findtext("Code"), error.findtext("Message")
