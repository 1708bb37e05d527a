"""The Ironic client plugin against the fake's HTTP API: where it finds Ironic in the
catalog, the microversion it asks for, and what the type says where there is no Ironic."""

import pytest
from openstack import exceptions as sdk_exceptions
from oslo_config import cfg

from heat.common import config, exception
from heat.common.context import RequestContext
from heat.engine.clients import Clients
from heat.engine.clients.os import ironic as ironic_plugin
from tests.unit.engine.resources.openstack.ironic.conftest import (
    catalog_entry,
    service_engine_for,
    token_document,
)


def clients(fake, *catalog):
    conf = config.register(cfg.ConfigOpts())
    conf([], project="heat", default_config_files=[])
    context = RequestContext(
        auth_token="user-token", auth_token_info=token_document(*catalog), auth_url=fake.url
    )
    return Clients(context, conf)


@pytest.mark.parametrize("suffix", ["", "/", "/v1", "/v1/"])
def test_ironic_is_found_at_its_root_or_its_v1(ironic, suffix):
    node = ironic.add_node("n1")
    found = clients(ironic, catalog_entry("baremetal", ironic.url + suffix))
    assert found.unavailable_reason("ironic") is None
    assert found.client_plugin("ironic").get_node("n1") == node
    assert ironic.requests[-1][:2] == ("GET", "/v1/nodes/n1")
    assert ironic.requests[-1][2]["x-openstack-ironic-api-version"] == "1.115"


def test_a_node_is_found_by_uuid_and_a_portgroup_by_name(ironic):
    node = ironic.add_node("n1")
    group = ironic.add_portgroup("bond 0", node)
    plugin = clients(ironic, catalog_entry("baremetal", ironic.url)).client_plugin("ironic")
    assert plugin.get_node(node) == node
    assert plugin.get_portgroup("bond 0") == group
    assert ironic.requests[-1][:2] == ("GET", "/v1/portgroups/bond%200")


def test_an_ironic_older_than_the_microversion_refuses_it(ironic, monkeypatch):
    monkeypatch.setattr(ironic_plugin, "API_VERSION", "1.116")
    plugin = clients(ironic, catalog_entry("baremetal", ironic.url)).client_plugin("ironic")
    with pytest.raises(sdk_exceptions.HttpException, match="maximum is 1.115"):
        plugin.get_node("n1")


def test_without_ironic_in_the_catalog_the_type_is_unavailable(ironic, engine, global_env):
    found = clients(ironic, catalog_entry("reservation", ironic.url))
    assert found.unavailable_reason("ironic") == "Service endpoint not in service catalog."
    elsewhere = service_engine_for(
        engine, global_env, ironic.url, catalog_entry("reservation", ironic.url)
    )
    stack = elsewhere.stack(
        {"port": {"type": "OS::Ironic::Port", "properties": {"node": "n", "address": "x"}}}
    )
    with pytest.raises(exception.ResourceTypeUnavailable, match="Service endpoint not in"):
        stack.validate()
    assert ironic.requests == []
