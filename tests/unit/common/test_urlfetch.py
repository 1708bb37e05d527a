"""Fetching templates by URL from a real local HTTP server."""

import pytest

from heat.common import urlfetch
from tests.fixtures.services import free_port


@pytest.fixture
def server(document_server):
    base, documents = document_server
    documents["/small.yaml"] = b"heat_template_version: 2021-04-16\n"
    documents["/big.yaml"] = b"x" * 2048
    return base


def test_a_document_is_fetched_as_text(server):
    assert urlfetch.get(server + "/small.yaml", 1024) == "heat_template_version: 2021-04-16\n"


def test_a_document_over_the_size_cap_is_refused(server):
    with pytest.raises(urlfetch.URLFetchError, match="exceeds maximum allowed size"):
        urlfetch.get(server + "/big.yaml", 1024)


def test_a_missing_document_names_the_url(server):
    with pytest.raises(urlfetch.URLFetchError, match="missing.yaml"):
        urlfetch.get(server + "/missing.yaml", 1024)


def test_a_scheme_other_than_http_is_refused():
    with pytest.raises(urlfetch.URLFetchError, match="^Invalid URL scheme file$"):
        urlfetch.get("file:///etc/passwd", 1024)


def test_an_unreachable_server_is_an_error_naming_its_url():
    url = "http://127.0.0.1:%d/t.yaml" % free_port()
    with pytest.raises(urlfetch.URLFetchError) as raised:
        urlfetch.get(url, 1024, timeout=5)
    assert str(raised.value) == "Failed to retrieve template from %s" % url


def test_a_missing_local_file_tells_why():
    with pytest.raises(urlfetch.URLFetchError, match="^Failed to retrieve template: .*No such"):
        urlfetch.get("file:///nonexistent/t.yaml", 1024, allowed_schemes=("file",))
