"""Stacks whose Blazar is :class:`FakeBlazar`: the context's token has a catalog whose
``reservation`` endpoint is the fake's ``/v1``, as Blazar registers it."""

import pytest

from tests.unit.engine.resources.openstack.blazar.fake_blazar import FakeBlazar
from tests.unit.engine.resources.openstack.ironic.conftest import (
    catalog_entry,
    service_engine_for,
)


@pytest.fixture
def blazar():
    """The fake Blazar, serving for one test."""
    with FakeBlazar() as fake:
        yield fake


@pytest.fixture
def blazar_engine(engine, global_env, blazar):
    """An engine of every installed type whose stacks reach the fake Blazar."""
    entry = catalog_entry("reservation", blazar.url + "/v1")
    return service_engine_for(engine, global_env, blazar.url, entry)
