"""The Mistral client plugin against the fake's HTTP API: where it finds Mistral in the
catalog, and what the types say where there is no Mistral."""

import pytest
from oslo_config import cfg

from heat.common import config, exception
from heat.common.context import RequestContext
from heat.engine.clients import Clients
from tests.unit.engine.resources.openstack.mistral.conftest import catalog_entry, token_document


def clients(mistral, *catalog):
    conf = config.register(cfg.ConfigOpts())
    conf([], project="heat", default_config_files=[])
    document = token_document(mistral.url)
    document["token"]["catalog"] = list(catalog)
    context = RequestContext(
        auth_token="user-token", auth_token_info=document, auth_url=mistral.url + "/v3"
    )
    return Clients(context, conf)


@pytest.mark.parametrize("service_type", ["workflowv2", "workflow"])
def test_mistral_is_found_under_its_registered_type_and_the_official_one(mistral, service_type):
    mistral.workflows["w"] = {"id": "1", "name": "w"}
    found = clients(mistral, catalog_entry(service_type, mistral.url + "/v2"))
    assert found.unavailable_reason("mistral") is None
    assert found.client_plugin("mistral").get_workflow("w") == {"id": "1", "name": "w"}


def test_a_workflow_mistral_does_not_have_is_not_found(mistral):
    plugin = clients(mistral, catalog_entry("workflowv2", mistral.url + "/v2")).client_plugin(
        "mistral"
    )
    with pytest.raises(exception.EntityNotFound, match="The Workflow .a/b. could not be found"):
        plugin.get_workflow("a/b")
    assert mistral.requests[-1][:2] == ("GET", "/v2/workflows/a%2Fb")


def test_without_mistral_in_the_catalog_the_types_are_unavailable(mistral):
    found = clients(mistral, catalog_entry("messaging", mistral.url + "/zaqar"))
    assert found.unavailable_reason("mistral") == "Service endpoint not in service catalog."
