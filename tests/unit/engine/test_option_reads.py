"""Options read by client plugins and servers: the shared services' region, the longest
generated server name."""

import types

import pytest

from heat.common import exception
from heat.engine.clients.os import glance, neutron
from heat.engine.resources import nova_server, nova_server_steps, scheduler_hints
from tests.unit.heat_conf import registered_conf


@pytest.fixture
def conf():
    return registered_conf()


def _plugin(plugin_class, conf, region=None):
    context = types.SimpleNamespace(region_name=region)
    return plugin_class(types.SimpleNamespace(conf=conf, context=context))


def test_a_shared_service_is_used_in_the_shared_region(conf):
    conf.set_override("region_name_for_shared_services", "shared")
    conf.set_override("shared_services_types", ["image"])
    assert _plugin(glance.GlanceClientPlugin, conf, region="one").region_name() == "shared"
    assert _plugin(neutron.NeutronClientPlugin, conf, region="one").region_name() == "one"


def test_without_a_shared_region_the_context_region_applies(conf):
    conf.set_override("region_name_for_services", "default")
    assert _plugin(glance.GlanceClientPlugin, conf, region="one").region_name() == "one"
    assert _plugin(glance.GlanceClientPlugin, conf).region_name() == "default"


def _server(conf, name):
    stack = types.SimpleNamespace(settings=types.SimpleNamespace(conf=conf))
    return types.SimpleNamespace(stack=stack, physical_resource_name=lambda: name)


def test_a_long_server_name_is_cut_as_upstream_cuts_it(conf):
    conf.set_override("max_server_name_length", 10)
    server = _server(conf, "mystack-myserver-abcdefgh")
    assert nova_server.NovaServer.physical_server_name(server) == "my-bcdefgh"


def test_a_short_server_name_is_kept(conf):
    server = _server(conf, "web-a-1234")
    assert nova_server.NovaServer.physical_server_name(server) == "web-a-1234"


def _nested_resource(conf):
    settings = types.SimpleNamespace(conf=conf)
    root = types.SimpleNamespace(
        name="root", id="root-id", root_stack_id="root-id", parent_resource=None, settings=settings
    )
    group = types.SimpleNamespace(name="group", stack=root)
    child = types.SimpleNamespace(
        name="root-group-x", id="child-id", root_stack_id="root-id", parent_resource=group,
        settings=settings,
    )  # fmt: skip
    return types.SimpleNamespace(name="server", uuid="server-uuid", stack=child)


def test_stack_scheduler_hints_name_the_stack_and_resource(conf):
    conf.set_override("stack_scheduler_hints", True)
    hints = scheduler_hints.with_stack_hints(_nested_resource(conf), {"group": "g1"})
    assert hints == {
        "group": "g1",
        "heat_root_stack_id": "root-id",
        "heat_stack_id": "child-id",
        "heat_stack_name": "root-group-x",
        "heat_path_in_stack": [[None, "root"], ["group", "root-group-x"]],
        "heat_resource_name": "server",
        "heat_resource_uuid": "server-uuid",
    }


def test_without_the_option_hints_are_as_given(conf):
    assert scheduler_hints.with_stack_hints(_nested_resource(conf), None) is None


def test_interface_checks_are_spaced_and_bounded():
    now = [0.0]
    checks = nova_server_steps.InterfaceChecks(3, clock=lambda: now[0])
    assert checks.due() and not checks.exhausted()
    assert not checks.due()
    now[0] = 0.5
    assert checks.due() and not checks.exhausted()
    now[0] = 1.4
    assert not checks.due()
    now[0] = 1.5
    assert checks.due() and checks.exhausted()


def test_a_port_still_attached_after_the_last_check_fails_the_detach(conf):
    conf.set_override("max_interface_check_attempts", 1)
    attached = types.SimpleNamespace(port_id="port-1")
    compute = types.SimpleNamespace(server_interfaces=lambda server_id: [attached])
    resource = types.SimpleNamespace(
        client=lambda: compute,
        resource_id="server-1",
        stack=types.SimpleNamespace(settings=types.SimpleNamespace(conf=conf)),
    )
    step = nova_server_steps.detach_step(resource, "port-1")
    with pytest.raises(exception.Error, match=r"detach interface \(port-1\) from server"):
        step.done()
