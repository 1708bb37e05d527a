"""Version negotiation: which API version a request is for, from its URL or Accept header.

``/`` and ``/versions`` answer the versions document; a ``/v1`` or ``/v1.0`` prefix is
moved to SCRIPT_NAME and the rest routed; another ``/vN`` answers the versions document.
A path without a version is routed only when ``Accept`` names
``application/vnd.openstack.orchestration-v1.0``; otherwise it is a 404.
"""

import re

import webob.exc

from heat.api import versions
from heat.common import wsgi

_URI_VERSION = re.compile(r"^v(\d+)(?:\.(\d+))?$")
_ACCEPT_VERSION = re.compile(r"^application/vnd\.openstack\.orchestration-v(\d+)(?:\.(\d+))?")
SUPPORTED = (1, 0)


def _matches(match) -> bool:
    major, minor = int(match.group(1)), int(match.group(2) or 0)
    return (major, minor) == SUPPORTED


class VersionNegotiationFilter(wsgi.Middleware):
    """Strips a supported version prefix or answers the versions document."""

    def __init__(self, application, conf, options=None):
        super().__init__(application, conf, options)
        self.versions_app = versions.Controller(conf)

    def process_request(self, request):
        """Route the request on (None) or answer it here."""
        segment = request.path_info_peek() or ""
        if segment in ("", "versions") and request.path_info.rstrip("/") in ("", "/versions"):
            return self.versions_app
        match = _URI_VERSION.match(segment)
        if match:
            if not _matches(match):
                return self.versions_app
            request.path_info_pop()
            return None
        accepted = _ACCEPT_VERSION.match(request.headers.get("Accept", ""))
        if accepted and _matches(accepted):
            return None
        if accepted:
            return self.versions_app
        raise webob.exc.HTTPNotFound()
