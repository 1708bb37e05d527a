"""``OS::Trove::Instance`` against Trove's HTTP API (the fake of fake_trove.py): what its
create sends, how it waits, its attributes and its delete."""

from heat.engine import stack_actions

MINIMAL = {"flavor": "m1.tiny", "size": 2}


def stack_of(trove_engine, **properties):
    return trove_engine.create({"db": {"type": "OS::Trove::Instance", "properties": properties}})


def created(trove_engine, **properties):
    stack = stack_of(trove_engine, **properties)
    assert stack.state == ("CREATE", "COMPLETE"), stack.status_reason
    return stack, stack.resources["db"]


def test_the_create_sends_what_the_template_gives_names_made_ids(trove_engine, trove):
    _stack, db = created(
        trove_engine,
        name="orders",
        flavor="m1.small",
        size=5,
        datastore_type="mysql",
        datastore_version="5.7",
        databases=[{"name": "shop"}],
        users=[{"name": "clerk", "password": "secret1", "databases": ["shop"]}],
        networks=[{"network": "private", "fixed_ip": "10.0.0.5"}, {"port": "port-1-id"}],
        availability_zone="nova",
        restore_point="backup-1",
    )
    (body,) = [body for verb, path, body in trove.trove_requests("POST") if path == "/instances"]
    assert body == {
        "instance": {
            "name": "orders",
            "flavorRef": "2",
            "volume": {"size": 5},
            "databases": [{"name": "shop", "character_set": "utf8", "collate": "utf8_general_ci"}],
            "users": [
                {
                    "name": "clerk",
                    "password": "secret1",
                    "host": "%",
                    "databases": [{"name": "shop"}],
                }
            ],
            "availability_zone": "nova",
            "nics": [{"net-id": "net-1-id", "v4-fixed-ip": "10.0.0.5"}, {"port-id": "port-1-id"}],
            "restorePoint": {"backupRef": "backup-1"},
            "datastore": {"type": "mysql", "version": "5.7"},
        }
    }
    assert db.resource_id in trove.instances


def test_a_minimal_instance_is_named_after_the_stack_and_sends_no_empty_fields(trove_engine, trove):
    _stack, db = created(trove_engine, **MINIMAL)
    (body,) = [body for verb, path, body in trove.trove_requests("POST") if path == "/instances"]
    assert body == {
        "instance": {"name": db.physical_resource_name(), "flavorRef": "1", "volume": {"size": 2}}
    }


def test_a_replica_names_its_source_and_count(trove_engine, trove):
    created(trove_engine, replica_of="source-1", replica_count=2, **MINIMAL)
    (body,) = [body for verb, path, body in trove.trove_requests("POST") if path == "/instances"]
    assert (body["instance"]["replica_of"], body["instance"]["replica_count"]) == ("source-1", 2)


def test_the_create_waits_while_the_instance_builds(trove_engine, trove):
    trove.build_polls = 3
    _stack, db = created(trove_engine, **MINIMAL)
    reads = [path for verb, path, body in trove.trove_requests("GET") if db.resource_id in path]
    assert len(reads) == 4
    assert trove.instances[db.resource_id]["status"] == "ACTIVE"


def test_an_instance_trove_reports_healthy_is_ready(trove_engine, trove):
    trove.outcome = {"status": "HEALTHY"}
    created(trove_engine, **MINIMAL)


def test_a_rate_limited_read_is_tried_again(trove_engine, trove):
    trove.over_limit_polls = 2
    created(trove_engine, **MINIMAL)


def test_an_instance_in_error_fails_the_create_with_trove_s_fault(trove_engine, trove):
    trove.outcome = {
        "status": "ERROR",
        "fault": {"message": "No valid host was found.", "created": "x"},
    }
    stack = stack_of(trove_engine, **MINIMAL)
    assert stack.state == ("CREATE", "FAILED")
    assert stack.resources["db"].status_reason == (
        'ResourceInError: resources.db: Went to status ERROR due to "The last operation for the '
        'database instance failed due to an error. Trove says: No valid host was found."'
    )


def test_a_failed_instance_fails_the_create_with_heat_s_reason(trove_engine, trove):
    trove.outcome = {"status": "FAILED"}
    stack = stack_of(trove_engine, **MINIMAL)
    assert stack.state == ("CREATE", "FAILED")
    assert "heat failed to set up the datastore" in stack.resources["db"].status_reason


def test_the_attributes_are_the_hostname_and_the_self_link(trove_engine, trove):
    _stack, db = created(trove_engine, **MINIMAL)
    assert db.FnGetAtt("hostname") == "%s.troveexampledb.com" % db.resource_id[:8]
    assert db.FnGetAtt("href") == "%s/v1.0/project-a/instances/%s" % (trove.url, db.resource_id)
    assert db.FnGetAtt("show")["status"] == "ACTIVE"


def test_the_delete_waits_until_trove_no_longer_has_the_instance(trove_engine, trove):
    trove.delete_polls = 2
    stack, db = created(trove_engine, **MINIMAL)
    first = len(trove.requests)
    stack_actions.delete(stack)
    assert stack.state == ("DELETE", "COMPLETE"), stack.status_reason
    calls = [(verb, path) for verb, path, body in trove.trove_requests()[first:]]
    item = "/instances/%s" % db.resource_id
    assert calls == [("DELETE", item), ("GET", item), ("GET", item), ("GET", item)]
    assert trove.instances == {}


def test_an_instance_gone_already_is_deleted(trove_engine, trove):
    stack, db = created(trove_engine, **MINIMAL)
    del trove.instances[db.resource_id]
    stack_actions.delete(stack)
    assert stack.state == ("DELETE", "COMPLETE"), stack.status_reason


def test_the_check_finds_the_instance_ready_or_says_what_it_is(trove_engine, trove):
    stack, db = created(trove_engine, **MINIMAL)
    stack_actions.check(stack)
    assert stack.state == ("CHECK", "COMPLETE"), stack.status_reason
    trove.instances[db.resource_id]["status"] = "SHUTDOWN"
    trove.instances[db.resource_id]["_polls"] = 5
    stack_actions.check(stack)
    assert stack.state == ("CHECK", "FAILED")
    assert "expected '['ACTIVE', 'HEALTHY']', got 'SHUTDOWN'" in db.status_reason
