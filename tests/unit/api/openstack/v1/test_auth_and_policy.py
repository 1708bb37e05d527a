"""Authentication and authorization through the keystonemiddleware pipeline (heat-api).

Tokens come from keystonemiddleware's AuthTokenFixture; policy overrides from a policy
file in a temporary directory.
"""

import uuid

import pytest
from keystonemiddleware import fixture as ksm_fixture

from tests.unit.api.conftest import KEYSTONE, TENANT, call

STACKS = "/v1/%s/stacks" % TENANT


@pytest.fixture
def tokens():
    fixture = ksm_fixture.AuthTokenFixture()
    fixture.setUp()
    yield fixture
    fixture.cleanUp()


@pytest.fixture
def keystone_app(load_app, engine, tokens):
    engine.answers["list_stacks"] = []
    return load_app("heat-api")


def _token(tokens, project=TENANT, roles=("member", "reader")):
    token_id = uuid.uuid4().hex
    tokens.add_token_data(token_id=token_id, project_id=project, user_id="u1", role_list=roles)
    return token_id


def test_missing_token_is_401_with_www_authenticate(keystone_app):
    response = call(keystone_app, "GET", STACKS)
    assert response.status_int == 401
    assert response.headers["WWW-Authenticate"] == 'Keystone uri="%s"' % KEYSTONE


def test_valid_token_reaches_the_engine_as_that_user(keystone_app, tokens, engine):
    token = _token(tokens)
    assert call(keystone_app, "GET", STACKS, headers={"X-Auth-Token": token}).status_int == 200
    context, _ = engine.last_call("list_stacks")
    assert (context.project_id, context.user_id, context.is_admin) == (TENANT, "u1", False)


def test_other_project_in_url_is_403(keystone_app, tokens):
    token = _token(tokens, project="someone-else")
    response = call(keystone_app, "GET", STACKS, headers={"X-Auth-Token": token})
    assert response.status_int == 403
    assert response.json["error"]["type"] == "HTTPForbidden"


def test_policy_file_denial_is_403(conf, tmp_path, load_app, engine, tokens):
    (tmp_path / "policy.yaml").write_text('"stacks:index": "!"\n')
    app = load_app("heat-api")
    response = call(app, "GET", STACKS, headers={"X-Auth-Token": _token(tokens)})
    assert response.status_int == 403
    assert response.json["error"] == {
        "type": "Forbidden",
        "message": "You are not authorized to use stacks:index.",
        "traceback": None,
    }


def test_stack_user_may_not_create(keystone_app, tokens):
    token = _token(tokens, roles=("heat_stack_user",))
    response = call(keystone_app, "POST", STACKS, {}, headers={"X-Auth-Token": token})
    assert response.status_int == 403


def test_services_need_an_admin(keystone_app, tokens):
    response = call(
        keystone_app, "GET", "/v1/%s/services" % TENANT, headers={"X-Auth-Token": _token(tokens)}
    )
    assert response.status_int == 403
