"""The hidden ``OS::Magnum::BayModel`` and ``OS::Magnum::Bay`` of OpenStack Heat 27: not
listed, their schema refused as it refuses them; a BayModel still makes a cluster
template (as upstream's does), so stacks holding one can be updated and deleted."""

import pytest

from heat.common import exception
from heat.engine import stack_actions
from heat.engine.resource_schema import resource_schema


def history(status) -> list:
    chain = []
    while status is not None:
        chain.append([status.status, status.version, status.message])
        status = status.previous_status
    return chain


@pytest.mark.parametrize("type_name", ["OS::Magnum::Bay", "OS::Magnum::BayModel"])
def test_bays_are_hidden_and_their_schema_is_refused(global_env, type_name):
    assert type_name not in global_env.get_types()
    with pytest.raises(exception.NotSupported) as error:
        resource_schema(global_env, type_name)
    assert str(error.value) == "%s is not supported." % type_name


def test_the_bay_model_has_upstreams_history(global_env):
    message = "Please use OS::Magnum::ClusterTemplate instead."
    assert history(global_env.get_class("OS::Magnum::BayModel").support_status) == [
        ["HIDDEN", "11.0.0", message],
        ["DEPRECATED", "9.0.0", message],
        ["SUPPORTED", "5.0.0", None],
    ]


def test_a_bay_model_still_makes_a_cluster_template(magnum_engine, magnum):
    properties = {
        "image": "fedora-coreos",
        "external_network": "public",
        "coe": "swarm",
        "ssh_authorized_key": "ssh-rsa AAAA",
    }
    stack = magnum_engine.create({"bm": {"type": "OS::Magnum::BayModel", "properties": properties}})
    assert stack.state == ("CREATE", "COMPLETE"), stack.status_reason
    body = magnum.magnum_requests("POST")[-1][3]
    assert body["coe"] == "swarm" and "ssh_authorized_key" not in body
    stack_actions.delete(stack)
    assert stack.state == ("DELETE", "COMPLETE"), stack.status_reason
    assert magnum.templates == {}
