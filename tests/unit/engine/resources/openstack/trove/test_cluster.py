"""``OS::Trove::Cluster`` against Trove's HTTP API (the fake of fake_trove.py): its
create, the wait for its instances, its attributes, its delete and its rules."""

import pytest

from heat.common import exception
from heat.engine import stack_actions

MEMBER = {"flavor": "m1.tiny", "volume_size": 2}
BASE = {"datastore_type": "mongodb", "datastore_version": "4.0", "instances": [MEMBER, MEMBER]}


def stack_of(trove_engine, **properties):
    properties = {**BASE, **properties}
    return trove_engine.create(
        {"cluster": {"type": "OS::Trove::Cluster", "properties": properties}}
    )


def created(trove_engine, **properties):
    stack = stack_of(trove_engine, **properties)
    assert stack.state == ("CREATE", "COMPLETE"), stack.status_reason
    return stack, stack.resources["cluster"]


def test_the_create_sends_the_datastore_and_each_instance(trove_engine, trove):
    members = [
        {"flavor": "m1.small", "volume_size": 3, "networks": [{"network": "private"}]},
        {
            "flavor": "1",
            "volume_size": 3,
            "availability_zone": "az2",
            "networks": [{"port": "db-port"}],
        },
    ]
    _stack, cluster = created(trove_engine, name="shards", instances=members)
    (body,) = [body for verb, path, body in trove.trove_requests("POST")]
    assert body == {
        "cluster": {
            "name": "shards",
            "datastore": {"type": "mongodb", "version": "4.0"},
            "instances": [
                {"flavorRef": "2", "volume": {"size": 3}, "nics": [{"net-id": "net-1-id"}]},
                {
                    "flavorRef": "1",
                    "volume": {"size": 3},
                    "nics": [{"port-id": "port-1-id"}],
                    "availability_zone": "az2",
                },
            ],
        }
    }
    assert cluster.resource_id in trove.clusters


def test_the_create_waits_for_every_instance(trove_engine, trove):
    trove.build_polls = 2
    _stack, cluster = created(trove_engine)
    reads = [
        path for verb, path, body in trove.trove_requests("GET") if cluster.resource_id in path
    ]
    assert len(reads) == 3


def test_an_instance_in_error_fails_the_create(trove_engine, trove):
    trove.outcome = {"status": "ERROR"}
    stack = stack_of(trove_engine)
    assert stack.state == ("CREATE", "FAILED")
    assert stack.resources["cluster"].status_reason == (
        'ResourceInError: resources.cluster: Went to status ERROR due to "The last operation '
        'for the database instance failed due to an error."'
    )


def test_the_attributes_are_the_instances_ids_and_ips(trove_engine, trove):
    _stack, cluster = created(trove_engine)
    members = trove.clusters[cluster.resource_id]["_members"]
    assert cluster.FnGetAtt("instances") == members
    assert cluster.FnGetAtt("ip") == ["10.0.0.10", "10.0.0.11"]


def test_the_delete_is_sent_once_and_waits_until_the_cluster_is_gone(trove_engine, trove):
    trove.delete_polls = 2
    stack, cluster = created(trove_engine)
    first = len(trove.requests)
    stack_actions.delete(stack)
    assert stack.state == ("DELETE", "COMPLETE"), stack.status_reason
    item = "/clusters/%s" % cluster.resource_id
    calls = [(verb, path) for verb, path, body in trove.trove_requests()[first:]]
    assert calls == [("GET", item), ("DELETE", item)] + [("GET", item)] * 3
    assert trove.clusters == {}


def test_a_busy_cluster_is_deleted_once_trove_is_done_with_it(trove_engine, trove):
    stack, cluster = created(trove_engine)
    busy = trove.clusters[cluster.resource_id]
    busy["task"] = {"id": 2, "name": "BUILDING", "description": "Building the initial cluster."}
    for member in busy["_members"]:
        trove.instances[member].update(status="BUILD", _polls=2)
    first = len(trove.requests)
    stack_actions.delete(stack)
    assert stack.state == ("DELETE", "COMPLETE"), stack.status_reason
    calls = [verb for verb, path, body in trove.trove_requests()[first:]]
    assert calls[:4] == ["GET", "GET", "GET", "DELETE"]
    assert calls.count("DELETE") == 1


def validate(trove_engine, **properties):
    properties = {**BASE, **properties}
    trove_engine.stack(
        {"cluster": {"type": "OS::Trove::Cluster", "properties": properties}}
    ).validate()


def test_a_network_interface_with_neither_network_nor_port_is_refused(trove_engine, trove):
    members = [dict(MEMBER, networks=[{"fixed_ip": "10.0.0.5"}])]
    with pytest.raises(
        exception.StackValidationFailed, match="^Either network or port must be provided.$"
    ):
        validate(trove_engine, instances=members)


def test_a_network_interface_with_both_network_and_port_is_refused(trove_engine, trove):
    members = [dict(MEMBER, networks=[{"network": "private", "port": "db-port"}])]
    with pytest.raises(exception.StackValidationFailed) as raised:
        validate(trove_engine, instances=members)
    assert str(raised.value) == (
        "resources.cluster: Cannot define the following properties at the same time: network, port."
    )


def test_a_datastore_version_the_type_lacks_is_refused(trove_engine, trove):
    with pytest.raises(exception.StackValidationFailed, match="Allowed versions are 4.0."):
        validate(trove_engine, datastore_version="3.6")


def test_a_member_flavor_trove_does_not_have_is_refused(trove_engine, trove):
    with pytest.raises(exception.StackValidationFailed) as raised:
        validate(trove_engine, instances=[{"flavor": "m9.huge", "volume_size": 1}])
    assert str(raised.value).startswith(
        "Property error: resources.cluster.properties.instances[0].flavor:"
    )
