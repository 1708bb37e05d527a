"""Stacks whose Magnum is :class:`FakeMagnum`: the context's token has a catalog whose
``container-infra`` endpoint is the fake's ``/magnum/v1`` (and whose Nova, Glance and
Neutron are the fake's look-ups)."""

import dataclasses

import pytest
from oslo_config import cfg

from heat.common import config
from tests.unit.engine.resources.conftest import Engine
from tests.unit.engine.resources.openstack.magnum import fake_cloud
from tests.unit.engine.resources.openstack.magnum.fake_magnum import ROOT, FakeMagnum

SERVICES = {"container-infra": ROOT}


@pytest.fixture
def magnum():
    """The fake Magnum, serving for one test."""
    with FakeMagnum() as fake:
        yield fake


@pytest.fixture
def magnum_engine(engine, global_env, magnum):
    """An engine of every installed type whose stacks reach the fake Magnum."""
    conf = config.register(cfg.ConfigOpts())
    conf([], project="heat", default_config_files=[])
    context = fake_cloud.context(magnum.url, SERVICES)
    return Engine(context, global_env, dataclasses.replace(engine.settings, conf=conf))
