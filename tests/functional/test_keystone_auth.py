"""heat-api behind keystonemiddleware authtoken, validating tokens with a real Keystone."""

import pytest
import requests

from tests.fixtures.services import free_port
from tests.functional.processes import HeatProcess, http_ready, wait_until, write_config


@pytest.fixture(scope="module")
def heat_api_url(keystone, tmp_path_factory):
    """heat-all (engine and native API) with the authtoken pipeline; yields the API URL."""
    tmp_path = tmp_path_factory.mktemp("heat-keystone")
    port = free_port()
    heat = keystone.heat
    sections = {
        "heat_all": {"enabled_services": "engine,api"},
        "heat_api": {"bind_port": port},
        "database": {"connection": "sqlite:///%s" % (tmp_path / "heat.sqlite")},
        "paste_deploy": {"flavor": ""},
        "clients_keystone": {"auth_uri": keystone.url},
        "keystone_authtoken": {
            "www_authenticate_uri": keystone.url,
            "auth_url": keystone.url,
            "auth_type": "password",
            "username": heat.username,
            "password": heat.password,
            "project_name": heat.project_name,
            "user_domain_id": "default",
            "project_domain_id": "default",
        },
    }
    process = HeatProcess("heat-all", write_config(tmp_path / "heat.conf", sections), tmp_path)
    url = "http://127.0.0.1:%d" % port
    wait_until(http_ready(url + "/"), [process], what="heat-all at " + url)
    yield url
    assert process.stop() == 0


def test_request_without_token_gets_401_naming_keystone(keystone, heat_api_url):
    answer = requests.get(heat_api_url + "/v1/%s/stacks" % keystone.demo.project_id, timeout=10)
    assert answer.status_code == 401
    assert answer.headers["WWW-Authenticate"] == 'Keystone uri="%s"' % keystone.url


def test_demo_token_lists_stacks(keystone, heat_api_url):
    answer = requests.get(
        heat_api_url + "/v1/%s/stacks" % keystone.demo.project_id,
        timeout=10,
        headers={"X-Auth-Token": keystone.user_token(keystone.demo)},
    )
    assert (answer.status_code, answer.json()) == (200, {"stacks": []})
