"""The placeholders of types OpenStack Heat 27 keeps for services that are gone: hidden,
with the support history it reports (``retired_upstream.json``, recorded from it), and
making nothing."""

import json
import pathlib

import pytest

from heat.engine.resources.openstack.heat.none_resource import NoneResource

RECORDED = json.loads((pathlib.Path(__file__).parent / "retired_upstream.json").read_text())


def history(status) -> list:
    chain = []
    while status is not None:
        chain.append([status.status, status.version, status.message])
        status = status.previous_status
    return chain


@pytest.mark.parametrize("type_name", sorted(RECORDED))
def test_a_retired_type_is_a_hidden_placeholder_with_upstreams_history(global_env, type_name):
    placeholder = global_env.get_class(type_name)
    assert issubclass(placeholder, NoneResource)
    assert history(placeholder.support_status) == RECORDED[type_name]


def test_retired_types_are_not_listed(global_env):
    listed = set(global_env.get_types())
    assert not listed & set(RECORDED)
