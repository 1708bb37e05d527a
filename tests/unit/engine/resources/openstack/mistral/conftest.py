"""Stacks whose Mistral is :class:`FakeMistral`: the context's token (as keystonemiddleware
hands it over) has a catalog whose ``workflowv2`` endpoint is the fake's ``/v2`` (and
``messaging`` its ``/zaqar``), and its Keystone is the fake's ``/v3``."""

import dataclasses

import pytest
from oslo_config import cfg

from heat.common import config
from heat.common.context import RequestContext
from tests.unit.engine.resources.conftest import Engine
from tests.unit.engine.resources.openstack.mistral.fake_mistral import FakeMistral

CFN_URL = "http://127.0.0.1:8000/v1/waitcondition"
PERSON = {"domain": {"id": "default", "name": "Default"}}


def catalog_entry(service_type: str, url: str) -> dict:
    """The catalog's entry of a service with one public endpoint."""
    endpoint = {"id": "e-" + service_type, "interface": "public", "region": "RegionOne"}
    endpoint.update(region_id="RegionOne", url=url)
    return {"type": service_type, "id": "s-" + service_type, "endpoints": [endpoint]}


def token_document(root: str) -> dict:
    """A Keystone v3 token whose catalog holds Mistral (``workflowv2``) and Zaqar of the
    fake at ``root``."""
    return {
        "token": {
            "methods": ["token"],
            "expires_at": "2099-01-01T00:00:00.000000Z",
            "issued_at": "2024-01-01T00:00:00.000000Z",
            "user": {"id": "user-a", "name": "alice", **PERSON},
            "project": {"id": "project-a", "name": "demo", **PERSON},
            "roles": [{"id": "role-m", "name": "member"}],
            "catalog": [
                catalog_entry("workflowv2", root + "/v2"),
                catalog_entry("messaging", root + "/zaqar"),
            ],
        }
    }


@pytest.fixture
def mistral():
    """The fake Mistral (and Keystone), serving for one test."""
    with FakeMistral() as fake:
        yield fake


@pytest.fixture
def mistral_engine(engine, global_env, mistral):
    """An engine of every installed type whose stacks reach the fake Mistral."""
    conf = config.register(cfg.ConfigOpts())
    conf([], project="heat", default_config_files=[])
    conf.set_override("heat_waitcondition_server_url", CFN_URL)
    context = RequestContext(
        auth_token="user-token",
        auth_token_info=token_document(mistral.url),
        auth_url=mistral.url + "/v3",
        project_id="project-a",
        user_id="user-a",
        username="alice",
    )
    return Engine(context, global_env, dataclasses.replace(engine.settings, conf=conf))
