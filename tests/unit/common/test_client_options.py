"""``[clients]`` and ``[clients_<service>]`` TLS options reach the clients' sessions."""

import pytest

from heat.common import client_options, heat_keystoneclient
from heat.common.context import RequestContext
from tests.unit.heat_conf import registered_conf


@pytest.fixture
def conf():
    conf = registered_conf()
    conf.set_override("auth_uri", "https://keystone.test:5000", group="clients_keystone")
    return conf


def test_by_default_certificates_are_verified_with_the_system_bundle(conf):
    assert client_options.session_tls(conf, "nova") == {"verify": True, "cert": None}


def test_the_service_section_overrides_the_clients_section(conf):
    conf.set_override("ca_file", "/etc/ssl/all.pem", group="clients")
    conf.set_override("ca_file", "/etc/ssl/nova.pem", group="clients_nova")
    assert client_options.session_tls(conf, "nova")["verify"] == "/etc/ssl/nova.pem"
    assert client_options.session_tls(conf, "glance")["verify"] == "/etc/ssl/all.pem"


def test_insecure_turns_verification_off_even_with_a_ca_file(conf):
    conf.set_override("ca_file", "/etc/ssl/all.pem", group="clients")
    conf.set_override("insecure", True, group="clients_neutron")
    assert client_options.session_tls(conf, "neutron")["verify"] is False


def test_a_client_certificate_goes_with_its_key(conf):
    conf.set_override("cert_file", "/etc/ssl/me.pem", group="clients")
    conf.set_override("key_file", "/etc/ssl/me.key", group="clients")
    assert client_options.session_tls(conf, "cinder")["cert"] == (
        "/etc/ssl/me.pem",
        "/etc/ssl/me.key",
    )


def test_the_keystone_client_session_uses_the_keystone_section(conf):
    conf.set_override("ca_file", "/etc/ssl/keystone.pem", group="clients_keystone")
    context = RequestContext(project_id="p", user_id="u", auth_token="a-token")
    client = heat_keystoneclient.KeystoneClient(context, conf)
    assert client.session.verify == "/etc/ssl/keystone.pem"
