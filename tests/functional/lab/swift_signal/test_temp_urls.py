"""The Swift client plugin's temporary URLs against the lab's Swift, as a server polling its
configuration (POLL_TEMP_URL) or signalling uses them: no token, only the URL."""

import time
import uuid
from urllib import parse

import pytest
import requests

from heat.engine.clients import Clients
from heat.engine.clients.os.swift import IN_PROGRESS


@pytest.fixture
def swift(engine_conf, demo_context):
    """The Swift client plugin of the demo user's context."""
    return Clients(demo_context, engine_conf).client_plugin("swift")


@pytest.fixture
def container(swift, demo_cloud):
    """A container of the demo project, deleted with its objects afterwards."""
    name = "heat-temp-url-%s" % uuid.uuid4().hex[:8]
    demo_cloud.object_store.create_container(name)
    yield name
    for obj in list(demo_cloud.object_store.objects(name)):
        demo_cloud.object_store.delete_object(obj.name, container=name)
    demo_cloud.object_store.delete_container(name)


def test_a_get_url_reads_the_object_and_nothing_else(swift, demo_cloud, container):
    demo_cloud.object_store.create_object(container, "config", data=b'{"deployments": []}')
    url = swift.get_temp_url(container, "config", method="GET")
    assert requests.get(url, timeout=10).content == b'{"deployments": []}'
    assert requests.put(url, data=b"x", timeout=10).status_code == 401
    other = url.replace("/config?", "/other?")
    assert requests.get(other, timeout=10).status_code == 401


def test_a_put_url_writes_the_object(swift, demo_cloud, container):
    url = swift.get_temp_url(container, "result", method="PUT")
    requests.put(url, data=b"done", timeout=10).raise_for_status()
    assert demo_cloud.object_store.download_object("result", container=container) == b"done"


def test_a_url_expires_after_its_timeout(swift, demo_cloud, container):
    demo_cloud.object_store.create_object(container, "config", data=b"{}")
    url = swift.get_temp_url(container, "config", timeout=1, method="GET")
    time.sleep(2.5)
    assert requests.get(url, timeout=10).status_code == 401


def test_the_account_keeps_one_key(swift, demo_cloud):
    key = swift.temp_url_key()
    assert demo_cloud.object_store.get_account_metadata().meta_temp_url_key == key
    assert swift.temp_url_key() == key


def test_a_signal_url_starts_in_progress(swift, demo_cloud, container):
    url = swift.get_signal_url(container, "handle")
    stored = demo_cloud.object_store.download_object("handle", container=container)
    assert stored == IN_PROGRESS.encode()
    assert swift.is_valid_temp_url_path(parse.urlparse(url).path)


def test_a_busy_swift_is_asked_again(swift, engine_conf):
    # A proxy that cannot reach its storage servers in time answers 503; swiftclient,
    # upstream's client, tries server errors again client_retry_limit times.
    proxy = swift.client()
    assert proxy.status_code_retries == engine_conf.client_retry_limit > 0
    assert {500, 502, 503, 504} <= set(proxy.retriable_status_codes)
