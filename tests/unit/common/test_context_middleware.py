"""context: the RequestContext built from identity headers."""

import json

from heat.common import context_middleware
from tests.unit.common.middleware_helpers import Echo, make_conf, send

HEADERS = {
    "X-Auth-Token": "tok",
    "X-Project-Id": "p1",
    "X-Project-Name": "demo",
    "X-User-Id": "u1",
    "X-User-Name": "alice",
    "X-Roles": "member, reader",
    "X-User-Domain-Id": "default",
    "X-Project-Domain-Id": "default",
    "X-Auth-Url": "http://keystone.test:5000",
    "X-Region-Name": "RegionOne",
    "X-Service-Catalog": json.dumps([{"type": "orchestration"}]),
}


def _context(tmp_path, headers):
    echo = Echo()
    send(context_middleware.ContextMiddleware(echo, make_conf(tmp_path)), headers=headers)
    return echo.request.environ["context"]


def test_identity_headers_fill_the_context(tmp_path):
    context = _context(tmp_path, HEADERS)
    assert (context.auth_token, context.project_id, context.tenant, context.user_id) == (
        "tok",
        "p1",
        "demo",
        "u1",
    )
    assert context.roles == ["member", "reader"]
    assert context.user_domain_id == "default"
    assert context.auth_url == "http://keystone.test:5000"
    assert context.region_name == "RegionOne"
    assert context.service_catalog == [{"type": "orchestration"}]


def test_member_is_not_admin(tmp_path):
    assert _context(tmp_path, HEADERS).is_admin is False


def test_admin_role_makes_an_admin_context(tmp_path):
    assert _context(tmp_path, dict(HEADERS, **{"X-Roles": "admin"})).is_admin is True


def test_user_and_key_become_username_and_password(tmp_path):
    context = _context(tmp_path, dict(HEADERS, **{"X-Auth-User": "bob", "X-Auth-Key": "pw"}))
    assert (context.username, context.password) == ("bob", "pw")


def test_ec2_credentials_become_aws_creds(tmp_path):
    context = _context(tmp_path, dict(HEADERS, **{"X-Auth-EC2-Creds": "creds"}))
    assert context.aws_creds == "creds"


def test_legacy_tenant_headers_are_understood(tmp_path):
    context = _context(tmp_path, {"X-Tenant-Id": "t1", "X-Tenant-Name": "old"})
    assert (context.project_id, context.project_name) == ("t1", "old")
