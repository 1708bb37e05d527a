"""``OS::Blazar::Lease`` against Blazar's HTTP API (the fake of fake_blazar.py)."""

import pytest

from heat.common import exception
from heat.engine import stack_actions

START, END = "2099-01-01 10:00", "2099-01-02 10:00"
HOSTS = {"resource_type": "physical:host", "min": 1, "max": 2}
INSTANCES = {
    "resource_type": "virtual:instance",
    "amount": 2,
    "vcpus": 2,
    "memory_mb": 4096,
    "disk_gb": 20,
}


def lease_template(**properties):
    lease = {"name": "lease-1", "start_date": START, "end_date": END, **properties}
    return {"lease": {"type": "OS::Blazar::Lease", "properties": lease}}


@pytest.fixture
def with_host(blazar):
    blazar.hosts["1"] = {"id": "1", "hypervisor_hostname": "compute-1"}
    return blazar


def create(blazar_engine, **properties):
    stack = blazar_engine.create(lease_template(**properties))
    assert stack.state == ("CREATE", "COMPLETE"), stack.status_reason
    return stack, stack.resources["lease"]


def test_a_host_reservation_is_sent_with_its_keys(blazar_engine, with_host):
    host = dict(HOSTS, resource_properties='["==", "$gpu", "true"]')
    _stack, lease = create(blazar_engine, reservations=[host])
    assert with_host.made("POST") == [
        (
            "POST",
            "/v1/leases",
            {
                "name": "lease-1",
                "start_date": START,
                "end_date": END,
                "reservations": [
                    {
                        **host,
                        "hypervisor_properties": None,
                        "before_end": "default",
                    }
                ],
                "events": [],
            },
        )
    ]
    assert lease.resource_id in with_host.leases


def test_an_instance_reservation_events_and_before_end_date_are_sent(blazar_engine, with_host):
    event = {"event_type": "notification", "time": "2099-01-02 09:00"}
    create(
        blazar_engine, reservations=[INSTANCES], events=[event], before_end_date="2099-01-02 09:30"
    )
    body = with_host.made("POST")[0][2]
    assert body["reservations"] == [dict(INSTANCES, affinity=False, resource_properties=None)]
    assert body["events"] == [event]
    assert body["before_end_date"] == "2099-01-02 09:30"


def test_the_attributes_are_blazars(blazar_engine, with_host):
    stack, lease = create(blazar_engine, reservations=[HOSTS])
    assert lease.FnGetAtt("status") == "PENDING"
    assert lease.FnGetAtt("start_date") == "2099-01-01T10:00:00"
    assert lease.FnGetAtt("degraded") is False
    assert [r["resource_type"] for r in lease.FnGetAtt("reservations")] == ["physical:host"]
    assert [e["event_type"] for e in lease.FnGetAtt("events")] == ["start_lease", "end_lease"]
    assert with_host.made()[-1][:2] == ("GET", "/v1/leases/%s" % lease.resource_id)


def test_delete_deletes_the_lease_and_one_gone_already_is_fine(blazar_engine, with_host):
    stack, lease = create(blazar_engine, reservations=[HOSTS])
    stack_actions.delete(stack)
    assert stack.state == ("DELETE", "COMPLETE"), stack.status_reason
    assert with_host.made()[-1] == ("DELETE", "/v1/leases/%s" % lease.resource_id, None)
    again, _lease = create(blazar_engine, reservations=[INSTANCES])
    with_host.leases.clear()
    stack_actions.delete(again)
    assert again.state == ("DELETE", "COMPLETE"), again.status_reason


def test_a_lease_needs_blazar_to_have_a_host(blazar_engine, blazar):
    stack = blazar_engine.stack(lease_template(reservations=[HOSTS]))
    with pytest.raises(exception.StackValidationFailed) as raised:
        stack.validate()
    assert str(raised.value) == (
        "Couldn't find any host in Blazar. You must create a host before creating a lease."
    )
    assert blazar.made() == [("GET", "/v1/os-hosts", None)]


@pytest.mark.parametrize(
    ("reservation", "message"),
    [
        (
            {"resource_type": "physical:host", "max": 2},
            "lease.properties.reservations[0].min: min is required for a reservation of "
            "physical:host.",
        ),
        (
            {"resource_type": "physical:host", "min": 3, "max": 2},
            "lease.properties.reservations[0].max: max (2) must not be less than min (3).",
        ),
        (
            {"resource_type": "virtual:instance", "amount": 1, "memory_mb": 1, "disk_gb": 1},
            "lease.properties.reservations[0].vcpus: vcpus is required for a reservation of "
            "virtual:instance.",
        ),
    ],
)
def test_a_reservation_without_its_types_fields_is_refused(
    blazar_engine, with_host, reservation, message
):
    stack = blazar_engine.stack(lease_template(reservations=[reservation]))
    with pytest.raises(exception.StackValidationFailed) as raised:
        stack.validate()
    assert str(raised.value) == message
    assert with_host.made("POST") == []


def test_a_date_not_in_blazars_format_is_refused_naming_the_property(blazar_engine, with_host):
    stack = blazar_engine.stack(lease_template(reservations=[HOSTS], end_date="tomorrow"))
    with pytest.raises(exception.StackValidationFailed, match="end_date"):
        stack.validate()


def test_a_lease_blazar_refuses_fails_with_blazars_reason(blazar_engine, with_host):
    stack = blazar_engine.create(
        lease_template(reservations=[HOSTS], start_date="2000-01-01 00:00")
    )
    assert stack.state == ("CREATE", "FAILED")
    assert "Start date must be later than current date" in stack.status_reason


def test_the_reservation_constraint_looks_the_lease_up(blazar_engine, with_host):
    _stack, lease = create(blazar_engine, reservations=[HOSTS])
    parameter = {"type": "string", "constraints": [{"custom_constraint": "blazar.reservation"}]}
    template = {"v": {"type": "OS::Heat::Value", "properties": {"value": {"get_param": "r"}}}}
    for value, valid in ((lease.resource_id, True), ("no-such-lease", False)):
        sections = {"parameters": {"r": dict(parameter, default=value)}}
        stack = blazar_engine.stack(template, name="check", **sections)
        if valid:
            stack.validate()
        else:
            with pytest.raises(exception.StackValidationFailed, match="The Lease .no-such-lease."):
                stack.validate()
    assert with_host.made()[-1][:2] == ("GET", "/v1/leases/no-such-lease")
