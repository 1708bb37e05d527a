"""Stacks whose Zun is :class:`FakeZun`: the context's token has a catalog whose
``container`` endpoint is the fake's ``/zun/v1`` (and whose Neutron and Cinder are the
fake's look-ups)."""

import dataclasses

import pytest
from oslo_config import cfg

from heat.common import config
from tests.unit.engine.resources.conftest import Engine
from tests.unit.engine.resources.openstack.magnum import fake_cloud
from tests.unit.engine.resources.openstack.zun.fake_zun import ROOT, FakeZun

SERVICES = {"container": ROOT}


@pytest.fixture
def zun():
    """The fake Zun, serving for one test."""
    with FakeZun() as fake:
        yield fake


@pytest.fixture
def zun_engine(engine, global_env, zun):
    """An engine of every installed type whose stacks reach the fake Zun."""
    conf = config.register(cfg.ConfigOpts())
    conf([], project="heat", default_config_files=[])
    context = fake_cloud.context(zun.url, SERVICES)
    return Engine(context, global_env, dataclasses.replace(engine.settings, conf=conf))
