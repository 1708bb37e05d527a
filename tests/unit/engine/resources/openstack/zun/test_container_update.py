"""Updating an ``OS::Zun::Container`` in place: name, CPU and memory with a PATCH at API
1.18, networks by detaching and attaching interfaces; the image replaces it."""

from tests.unit.engine.resources.openstack.zun.test_container import create, resources


def update(zun_engine, stack, **properties):
    new = zun_engine.update(stack, resources(**properties))
    assert new.state == ("UPDATE", "COMPLETE"), new.status_reason
    return new


def test_name_cpu_and_memory_change_with_a_patch(zun_engine, zun):
    stack, box = create(zun_engine, name="web", cpu=1, memory=256)
    update(zun_engine, stack, name="www", cpu=2, memory=512)
    (method, path, headers, body) = zun.zun_requests("PATCH")[-1]
    assert path == "/zun/v1/containers/" + box.resource_id
    assert headers["openstack-api-version"] == "container 1.18"
    assert body == {"name": "www", "cpu": 2, "memory": 512}
    assert zun.containers[box.resource_id]["name"] == "www"


def test_another_image_replaces_the_container(zun_engine, zun):
    stack, box = create(zun_engine)
    new = update(zun_engine, stack, image="httpd")
    assert new.resources["box"].resource_id != box.resource_id
    assert list(zun.containers) == [new.resources["box"].resource_id]


def test_a_network_added_is_attached_and_the_kept_one_stays(zun_engine, zun):
    stack, box = create(zun_engine, networks=[{"network": "private"}])
    zun.requests.clear()
    update(zun_engine, stack, networks=[{"network": "private"}, {"port": "port-one"}])
    path = "/zun/v1/containers/%s/network_attach?port=port-1" % box.resource_id
    assert [request[:2] for request in zun.zun_requests("POST")] == [("POST", path)]
    assert zun.zun_requests("PATCH") == []
    ports = {entry["port"] for entry in zun.containers[box.resource_id]["addresses"]["net-private"]}
    assert ports == {"port-made-0", "port-1"}


def test_a_network_dropped_is_detached_and_another_attached(zun_engine, zun):
    stack, box = create(zun_engine, networks=[{"port": "port-one"}])
    zun.requests.clear()
    update(zun_engine, stack, networks=[{"network": "public", "fixed_ip": "172.24.4.9"}])
    container = "/zun/v1/containers/" + box.resource_id
    assert [request[:2] for request in zun.zun_requests("POST")] == [
        ("POST", container + "/network_detach?port=port-1"),
        ("POST", container + "/network_attach?network=net-public&fixed_ip=172.24.4.9"),
    ]
    (headers,) = {str(request[2]["openstack-api-version"]) for request in zun.zun_requests()}
    assert headers == "container 1.18"
    addresses = zun.containers[box.resource_id]["addresses"]
    assert list(addresses) == ["net-public"]
    assert addresses["net-public"][0]["addr"] == "172.24.4.9"


def test_networks_given_where_there_were_none_replace_zuns_choice(zun_engine, zun):
    stack, box = create(zun_engine)
    zun.requests.clear()
    update(zun_engine, stack, networks=[{"network": "public"}])
    container = "/zun/v1/containers/" + box.resource_id
    assert [request[:2] for request in zun.zun_requests("POST")] == [
        ("POST", container + "/network_detach?port=port-made-0"),
        ("POST", container + "/network_attach?network=net-public"),
    ]
