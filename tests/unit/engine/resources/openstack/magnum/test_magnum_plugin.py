"""The Magnum client plugin against the fake's HTTP API: the ``magnum.cluster_template``
look-up, and what the types say where there is no Magnum."""

import pytest
from oslo_config import cfg

from heat.common import config, exception
from heat.common.context import RequestContext
from heat.engine.clients import Clients
from tests.unit.engine.resources.openstack.magnum import fake_cloud
from tests.unit.engine.resources.openstack.magnum.fake_magnum import ROOT


def clients(magnum, services):
    conf = config.register(cfg.ConfigOpts())
    conf([], project="heat", default_config_files=[])
    document = fake_cloud.token_document(magnum.url, services)
    context = RequestContext(
        auth_token="user-token", auth_token_info=document, auth_url=magnum.url + "/v3"
    )
    return Clients(context, conf)


def test_a_cluster_template_is_found_by_name_or_uuid(magnum):
    template = magnum.add_template("k8s/1")
    plugin = clients(magnum, {"container-infra": ROOT}).client_plugin("magnum")
    assert plugin.cluster_template_id("k8s/1") == template["uuid"]
    assert plugin.get_cluster_template(template["uuid"])["name"] == "k8s/1"
    assert magnum.magnum_requests()[0][1] == "/magnum/v1/clustertemplates/k8s%2F1"


def test_a_template_magnum_does_not_have_is_not_found(magnum):
    plugin = clients(magnum, {"container-infra": ROOT}).client_plugin("magnum")
    with pytest.raises(exception.EntityNotFound, match=r"The ClusterTemplate \(x\) could not"):
        plugin.get_cluster_template("x")


def test_without_magnum_in_the_catalog_the_types_are_unavailable(magnum):
    found = clients(magnum, {})
    assert found.unavailable_reason("magnum") == "Service endpoint not in service catalog."


def test_a_stack_of_a_type_without_its_service_is_refused_before_any_request(magnum_engine, magnum):
    magnum_engine.context.auth_token_info["token"]["catalog"] = [
        entry
        for entry in magnum_engine.context.auth_token_info["token"]["catalog"]
        if entry["type"] != "container-infra"
    ]
    template = {"c": {"type": "OS::Magnum::Cluster", "properties": {"cluster_template": "t"}}}
    stack = magnum_engine.stack(template)
    with pytest.raises(exception.ResourceTypeUnavailable) as error:
        stack.validate()
    assert str(error.value) == (
        "HEAT-E99001 Service magnum is not available for resource type OS::Magnum::Cluster, "
        "reason: Service endpoint not in service catalog."
    )
    assert magnum.magnum_requests() == []
