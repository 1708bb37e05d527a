"""The API versions document answered with 300 Multiple Choices on ``/`` and ``/versions``."""

import webob.dec

from heat.common import wsgi

CURRENT_VERSION = "v1.0"


def versions_document(request) -> dict:
    """``{"versions": [...]}`` with a self link to ``<application url>/v1/``."""
    return {
        "versions": [
            {
                "id": CURRENT_VERSION,
                "status": "CURRENT",
                "links": [{"rel": "self", "href": request.application_url + "/v1/"}],
            }
        ]
    }


class Controller:
    """WSGI app answering the versions document; also a controller of the v1 router."""

    def __init__(self, conf=None):
        self.conf = conf

    @webob.dec.wsgify
    def __call__(self, request):
        return self.index(request)

    def index(self, request):
        """The versions document with status 300."""
        return wsgi.json_response(versions_document(request), status=300)
