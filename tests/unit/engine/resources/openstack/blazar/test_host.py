"""``OS::Blazar::Host`` against Blazar's HTTP API (the fake of fake_blazar.py)."""

from heat.engine import stack_actions


def host_template(**properties):
    return {"host": {"type": "OS::Blazar::Host", "properties": properties}}


def create(blazar_engine, **properties):
    stack = blazar_engine.create(host_template(**properties))
    assert stack.state == ("CREATE", "COMPLETE"), stack.status_reason
    return stack, stack.resources["host"]


def test_the_host_is_registered_by_name_with_its_extra_capabilities(blazar_engine, blazar):
    _stack, host = create(
        blazar_engine, name="compute-1", extra_capability={"gpu": "true", "name": "ignored"}
    )
    assert blazar.made("POST") == [("POST", "/v1/os-hosts", {"name": "compute-1", "gpu": "true"})]
    assert host.resource_id in blazar.hosts


def test_a_host_without_extra_capabilities_sends_its_name_alone(blazar_engine, blazar):
    create(blazar_engine, name="compute-1")
    assert blazar.made("POST")[0][2] == {"name": "compute-1"}


def test_the_attributes_are_blazars_and_the_extra_capabilities_apart(blazar_engine, blazar):
    _stack, host = create(blazar_engine, name="compute-1", extra_capability={"gpu": "true"})
    assert host.FnGetAtt("hypervisor_hostname") == "compute-1"
    assert host.FnGetAtt("vcpus") == 8
    assert host.FnGetAtt("reservable") is True
    assert host.FnGetAtt("extra_capability") == {"gpu": "true"}
    assert blazar.made()[-1][:2] == ("GET", "/v1/os-hosts/%s" % host.resource_id)


def test_a_changed_extra_capability_replaces_the_host(blazar_engine, blazar):
    stack, host = create(blazar_engine, name="compute-1", extra_capability={"gpu": "true"})
    updated = blazar_engine.update(
        stack, host_template(name="compute-1", extra_capability={"gpu": "false"})
    )
    assert updated.state == ("UPDATE", "COMPLETE"), updated.status_reason
    new = updated.resources["host"]
    assert new.resource_id != host.resource_id
    assert ("DELETE", "/v1/os-hosts/%s" % host.resource_id, None) in blazar.made()
    assert list(blazar.hosts) == [new.resource_id]


def test_delete_takes_the_host_out_and_one_gone_already_is_fine(blazar_engine, blazar):
    stack, host = create(blazar_engine, name="compute-1")
    stack_actions.delete(stack)
    assert stack.state == ("DELETE", "COMPLETE"), stack.status_reason
    assert blazar.made()[-1] == ("DELETE", "/v1/os-hosts/%s" % host.resource_id, None)
    again, _host = create(blazar_engine, name="compute-2")
    blazar.hosts.clear()
    stack_actions.delete(again)
    assert again.state == ("DELETE", "COMPLETE"), again.status_reason
