"""make_url."""

import pytest

from heat.common import exception
from heat.engine.hot.function_tables import VERSIONS
from tests.unit.engine.hot.stack_double import StackDouble


def make_url(**args):
    return StackDouble().evaluate({"make_url": args})


@pytest.mark.parametrize("version", VERSIONS[7:])
def test_make_url_assembles_every_part(version):
    args = {
        "scheme": "https",
        "username": "ad min",
        "password": "p@ss",
        "host": "example.com",
        "port": 8443,
        "path": "/v1/a b",
        "query": {"k": "v/w", "n": "1"},
        "fragment": "top",
    }
    assert StackDouble(version=version).evaluate({"make_url": args}) == (
        "https://ad%20min:p%40ss@example.com:8443/v1/a%20b?k=v/w&n=1#top"
    )


@pytest.mark.parametrize("host", ["fd00::1", "[fd00::1]"])
def test_make_url_puts_ipv6_hosts_in_brackets(host):
    assert make_url(scheme="http", host=host, port="80") == "http://[fd00::1]:80"


def test_make_url_without_credentials_or_port():
    assert make_url(scheme="http", host="h", path="/x") == "http://h/x"


def test_make_url_rejects_an_unknown_key():
    with pytest.raises(exception.StackValidationFailed, match='"make_url" has no argument "url"'):
        make_url(url="http://x")


@pytest.mark.parametrize("port", [0, 65536, "http", -1, 1.5])
def test_make_url_rejects_invalid_ports(port):
    with pytest.raises(exception.StackValidationFailed, match="Invalid URL port"):
        make_url(host="h", port=port)


def test_make_url_rejects_a_scheme_with_a_colon():
    with pytest.raises(exception.StackValidationFailed, match="should not contain"):
        make_url(scheme="http:", host="h")


@pytest.mark.parametrize("args", [["http"], {"host": 5}, {"query": "a=b"}])
def test_make_url_rejects_malformed_arguments(args):
    with pytest.raises(exception.StackValidationFailed, match='"make_url"'):
        StackDouble().evaluate({"make_url": args})
