"""The Blazar client plugin against the fake's HTTP API: where it finds Blazar in the
catalog, how Blazar's errors read, and what the types say where there is no Blazar."""

import pytest
from openstack import exceptions as sdk_exceptions
from oslo_config import cfg

from heat.common import config, exception
from heat.common.context import RequestContext
from heat.engine.clients import Clients
from tests.unit.engine.resources.openstack.ironic.conftest import (
    catalog_entry,
    service_engine_for,
    token_document,
)


def plugin(fake, *catalog):
    conf = config.register(cfg.ConfigOpts())
    conf([], project="heat", default_config_files=[])
    context = RequestContext(
        auth_token="user-token", auth_token_info=token_document(*catalog), auth_url=fake.url
    )
    return Clients(context, conf).client_plugin("blazar")


@pytest.mark.parametrize("suffix", ["/v1", "/v1/", "", "/"])
def test_blazar_is_found_at_its_v1_or_its_root(blazar, suffix):
    found = plugin(blazar, catalog_entry("reservation", blazar.url + suffix))
    assert found.has_host() is False
    assert blazar.made() == [("GET", "/v1/os-hosts", None)]


def test_blazars_error_message_is_the_errors_details(blazar):
    found = plugin(blazar, catalog_entry("reservation", blazar.url + "/v1"))
    with pytest.raises(sdk_exceptions.BadRequestException) as raised:
        found.create_lease({"name": "l", "start_date": "soon", "end_date": "later"})
    assert raised.value.details == "Invalid date format: soon. Expected %Y-%m-%d %H:%M"


def test_a_lease_blazar_does_not_have_is_not_found(blazar):
    found = plugin(blazar, catalog_entry("reservation", blazar.url + "/v1"))
    with pytest.raises(exception.EntityNotFound, match="The Lease .a/b. could not be found"):
        found.get_lease("a/b")
    assert blazar.made()[-1][:2] == ("GET", "/v1/leases/a%2Fb")


def test_without_blazar_in_the_catalog_the_types_are_unavailable(blazar, engine, global_env):
    elsewhere = service_engine_for(
        engine, global_env, blazar.url, catalog_entry("baremetal", blazar.url)
    )
    stack = elsewhere.stack({"host": {"type": "OS::Blazar::Host", "properties": {"name": "c"}}})
    with pytest.raises(exception.ResourceTypeUnavailable, match="Service endpoint not in"):
        stack.validate()
    assert blazar.requests == []
