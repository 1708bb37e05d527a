"""The Trove client plugin against the fake's HTTP API: flavors found by id or name (what
the ``trove.flavor`` constraint asks), and what the types say where there is no Trove."""

import pytest
from oslo_config import cfg

from heat.common import config, exception
from heat.engine.clients import Clients
from tests.unit.engine.resources.openstack.mistral.conftest import catalog_entry
from tests.unit.engine.resources.openstack.trove.conftest import context_for, token_document


def plugin(trove, *catalog):
    conf = config.register(cfg.ConfigOpts())
    conf([], project="heat", default_config_files=[])
    document = token_document(trove.url)
    if catalog:
        document["token"]["catalog"] = list(catalog)
    return Clients(context_for(trove.url, document), conf)


def test_a_flavor_is_found_by_its_id_first(trove):
    assert plugin(trove).client_plugin("trove").find_flavor_by_name_or_id("2") == "2"
    assert trove.trove_requests() == [("GET", "/flavors/2", None)]


def test_a_flavor_is_found_by_its_name_among_trove_s_flavors(trove):
    assert plugin(trove).client_plugin("trove").find_flavor_by_name_or_id("m1.small") == "2"
    assert trove.trove_requests() == [
        ("GET", "/flavors/m1.small", None),
        ("GET", "/flavors", None),
    ]


def test_a_flavor_trove_does_not_have_is_not_found(trove):
    with pytest.raises(exception.EntityNotFound, match="The Flavor .m9.huge. could not be found"):
        plugin(trove).client_plugin("trove").find_flavor_by_name_or_id("m9.huge")


def test_a_flavor_name_two_flavors_share_is_ambiguous(trove):
    trove.flavors.append({"id": "3", "name": "m1.small"})
    with pytest.raises(exception.PhysicalResourceNameAmbiguity):
        plugin(trove).client_plugin("trove").find_flavor_by_name_or_id("m1.small")


def test_without_trove_in_the_catalog_the_types_are_unavailable(trove):
    found = plugin(trove, catalog_entry("network", trove.url + "/networking"))
    assert found.unavailable_reason("trove") == "Service endpoint not in service catalog."
