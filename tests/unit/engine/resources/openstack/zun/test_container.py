"""``OS::Zun::Container`` against Zun's HTTP API (the fake of fake_zun.py): run, waited
for, its attributes, deleted."""

import pytest

from heat.engine import stack_actions


def resources(**properties):
    properties.setdefault("image", "nginx")
    return {"box": {"type": "OS::Zun::Container", "properties": properties}}


def create(zun_engine, **properties):
    stack = zun_engine.create(resources(**properties))
    return stack, stack.resources["box"]


def test_the_container_is_run_with_zuns_fields_at_api_1_12(zun_engine, zun):
    stack, box = create(
        zun_engine,
        name="web",
        command="/bin/sh -c 'echo hello'",
        cpu=0.5,
        memory=256,
        environment={"MODE": "prod"},
        workdir="/srv",
        labels={"app": "web"},
        image_pull_policy="always",
        restart_policy="on-failure:3",
        interactive=False,
        image_driver="docker",
        hints={"zone": "a"},
        hostname="web-1",
        security_groups=["default"],
        mounts=[
            {"volume_id": "data", "mount_path": "/data"},
            {"volume_size": 2, "mount_path": "/x"},
        ],
        networks=[{"network": "private", "fixed_ip": "10.0.0.5"}, {"port": "port-two"}],
    )
    assert stack.state == ("CREATE", "COMPLETE"), stack.status_reason
    (method, path, headers, body) = zun.zun_requests("POST")[-1]
    assert (method, path) == ("POST", "/zun/v1/containers?run=true")
    assert headers["openstack-api-version"] == "container 1.12"
    assert body == {
        "name": "web",
        "image": "nginx",
        "command": '"/bin/sh" "-c" "echo hello"',
        "cpu": 0.5,
        "memory": 256,
        "environment": {"MODE": "prod"},
        "workdir": "/srv",
        "labels": {"app": "web"},
        "image_pull_policy": "always",
        "restart_policy": {"Name": "on-failure", "MaximumRetryCount": "3"},
        "interactive": False,
        "image_driver": "docker",
        "hints": {"zone": "a"},
        "hostname": "web-1",
        "security_groups": ["default"],
        "mounts": [{"destination": "/data", "source": "data"}, {"destination": "/x", "size": 2}],
        "nets": [{"network": "net-private", "v4-fixed-ip": "10.0.0.5"}, {"port": "port-2"}],
    }
    assert box.resource_id in zun.containers


def test_a_container_with_a_tty_is_run_at_api_1_36_with_its_command_as_a_list(zun_engine, zun):
    stack, _box = create(zun_engine, command="sleep 60", tty=True, restart_policy="always")
    assert stack.state == ("CREATE", "COMPLETE"), stack.status_reason
    (_method, _path, headers, body) = zun.zun_requests("POST")[-1]
    assert headers["openstack-api-version"] == "container 1.36"
    assert body["command"] == ["sleep", "60"] and body["tty"] is True
    assert body["restart_policy"] == {"Name": "always", "MaximumRetryCount": "0"}
    assert "name" not in body and "nets" not in body


def test_the_create_waits_while_zun_makes_the_container(zun_engine, zun):
    zun.busy_polls = 3
    stack, box = create(zun_engine)
    assert stack.state == ("CREATE", "COMPLETE"), stack.status_reason
    polls = [request[1] for request in zun.zun_requests("GET")]
    assert polls == ["/zun/v1/containers/" + box.resource_id] * 4


@pytest.mark.parametrize(
    ("outcome", "reason"),
    [
        (
            {"status": "Error", "status_reason": "No such image: nginx"},
            "Error in creating container 'box' - No such image: nginx",
        ),
        (
            {"status": "Stopped", "interactive": True},
            "Error in creating container 'box' - interactive mode was enabled but the "
            "container has stopped running",
        ),
        ({"status": "Paused"}, "Unknown status Container 'box' - None"),
    ],
)
def test_a_container_zun_fails_to_run_fails_with_its_reason(zun_engine, zun, outcome, reason):
    zun.outcome = outcome
    stack, box = create(zun_engine)
    assert stack.state == ("CREATE", "FAILED")
    assert reason in box.status_reason


def test_a_container_that_ran_and_stopped_is_made(zun_engine, zun):
    zun.outcome = {"status": "Stopped"}
    stack, _box = create(zun_engine, command="true")
    assert stack.state == ("CREATE", "COMPLETE"), stack.status_reason


def test_addresses_are_listed_by_network_id_and_by_name(zun_engine, zun):
    _stack, box = create(zun_engine, name="web", networks=[{"network": "private"}])
    entry = {"subnet_id": "sub-private", "version": 4, "addr": "10.0.0.10", "port": "port-made-0"}
    assert box.FnGetAtt("addresses") == {"net-private": [entry], "private": [entry]}
    assert box.FnGetAtt("addresses", "private", 0, "port") == "port-made-0"
    assert box.FnGetAtt("name") == "web"
    assert box.FnGetAtt("show")["uuid"] == box.resource_id


def test_the_attributes_of_a_container_gone_are_empty(zun_engine, zun):
    _stack, box = create(zun_engine, name="web")
    zun.containers.clear()
    assert box.FnGetAtt("name") == ""


def test_deleting_stops_the_container_and_waits_until_it_is_gone(zun_engine, zun):
    stack, box = create(zun_engine)
    zun.busy_polls = 2
    zun.requests.clear()
    stack_actions.delete(stack)
    assert stack.state == ("DELETE", "COMPLETE"), stack.status_reason
    path = "/zun/v1/containers/" + box.resource_id
    assert [request[:2] for request in zun.zun_requests()] == [
        ("DELETE", path + "?stop=True"),
        ("GET", path),
        ("GET", path),
        ("GET", path),
    ]
    assert zun.containers == {}


def test_a_container_gone_already_is_deleted(zun_engine, zun):
    stack, _box = create(zun_engine)
    zun.containers.clear()
    stack_actions.delete(stack)
    assert stack.state == ("DELETE", "COMPLETE"), stack.status_reason
