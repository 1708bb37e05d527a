"""Stacks whose Trove is :class:`FakeTrove`: the context's token (as keystonemiddleware
hands it over) has a catalog whose ``database`` endpoint is the fake's ``/v1.0/<project>``
and whose ``network`` endpoint (for the lookups of networks and ports) is its
``/networking``."""

import dataclasses

import pytest
from oslo_config import cfg

from heat.common import config
from heat.common.context import RequestContext
from tests.unit.engine.resources.conftest import Engine
from tests.unit.engine.resources.openstack.mistral.conftest import catalog_entry
from tests.unit.engine.resources.openstack.trove.fake_trove import PROJECT, FakeTrove

PERSON = {"domain": {"id": "default", "name": "Default"}}


def token_document(root: str) -> dict:
    """A Keystone v3 token whose catalog holds Trove (``database``) and Neutron of the fake
    at ``root``."""
    return {
        "token": {
            "methods": ["token"],
            "expires_at": "2099-01-01T00:00:00.000000Z",
            "issued_at": "2024-01-01T00:00:00.000000Z",
            "user": {"id": "user-a", "name": "alice", **PERSON},
            "project": {"id": PROJECT, "name": "demo", **PERSON},
            "roles": [{"id": "role-m", "name": "member"}],
            "catalog": [
                catalog_entry("database", "%s/v1.0/%s" % (root, PROJECT)),
                catalog_entry("network", root + "/networking"),
            ],
        }
    }


def context_for(root: str, document: dict | None = None) -> RequestContext:
    """A request context of the fake's token (or of ``document``)."""
    return RequestContext(
        auth_token="user-token",
        auth_token_info=document or token_document(root),
        auth_url=root + "/v3",
        project_id=PROJECT,
        user_id="user-a",
        username="alice",
    )


@pytest.fixture
def trove():
    """The fake Trove (and Neutron), serving for one test."""
    with FakeTrove() as fake:
        yield fake


@pytest.fixture
def trove_engine(engine, global_env, trove):
    """An engine of every installed type whose stacks reach the fake Trove."""
    conf = config.register(cfg.ConfigOpts())
    conf([], project="heat", default_config_files=[])
    settings = dataclasses.replace(engine.settings, conf=conf)
    return Engine(context_for(trove.url), global_env, settings)
