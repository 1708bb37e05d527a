"""Stacks whose Ironic is :class:`FakeIronic`: the context's token (as keystonemiddleware
hands it over) has a catalog whose ``baremetal`` endpoint is the fake's root, unversioned
as Ironic registers it."""

import dataclasses

import pytest
from oslo_config import cfg

from heat.common import config
from heat.common.context import RequestContext
from tests.unit.engine.resources.conftest import Engine
from tests.unit.engine.resources.openstack.ironic.fake_ironic import FakeIronic

PERSON = {"domain": {"id": "default", "name": "Default"}}


def catalog_entry(service_type: str, url: str) -> dict:
    """The catalog's entry of a service with one public endpoint."""
    endpoint = {"id": "e-" + service_type, "interface": "public", "region": "RegionOne"}
    endpoint.update(region_id="RegionOne", url=url)
    return {"type": service_type, "id": "s-" + service_type, "endpoints": [endpoint]}


def token_document(*catalog: dict) -> dict:
    """A Keystone v3 token of alice in project-a whose catalog is ``catalog``."""
    return {
        "token": {
            "methods": ["token"],
            "expires_at": "2099-01-01T00:00:00.000000Z",
            "issued_at": "2024-01-01T00:00:00.000000Z",
            "user": {"id": "user-a", "name": "alice", **PERSON},
            "project": {"id": "project-a", "name": "demo", **PERSON},
            "roles": [{"id": "role-m", "name": "member"}],
            "catalog": list(catalog),
        }
    }


def service_engine_for(engine, global_env, root: str, *catalog: dict) -> Engine:
    """An engine of every installed type whose context's catalog is ``catalog`` (Keystone
    at ``root``)."""
    conf = config.register(cfg.ConfigOpts())
    conf([], project="heat", default_config_files=[])
    context = RequestContext(
        auth_token="user-token",
        auth_token_info=token_document(*catalog),
        auth_url=root + "/v3",
        project_id="project-a",
        user_id="user-a",
        username="alice",
    )
    return Engine(context, global_env, dataclasses.replace(engine.settings, conf=conf))


@pytest.fixture
def ironic():
    """The fake Ironic, serving for one test."""
    with FakeIronic() as fake:
        yield fake


@pytest.fixture
def ironic_engine(engine, global_env, ironic):
    """An engine of every installed type whose stacks reach the fake Ironic."""
    return service_engine_for(
        engine, global_env, ironic.url, catalog_entry("baremetal", ironic.url)
    )
