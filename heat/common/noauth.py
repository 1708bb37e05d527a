"""noauth: a development pipeline without Keystone, where every caller is an administrator.

The project is the first path segment after the version (``/v1/{tenant}/...``), or
``admin`` when there is none. With ``[noauth] token_response`` naming a JSON file holding
a Keystone token document, the identity comes from that token instead.
"""

import json

from heat.common import wsgi

DEFAULT_PROJECT = "admin"
# The token of a request that sent none: it authenticates nowhere.
PLACEHOLDER_TOKEN = "noauth"
DEFAULT_USER = "admin"
ROLES = "admin,member,reader"
_VERSIONS = ("v1", "v1.0")


def project_from_path(path: str) -> str:
    """The ``{tenant}`` segment of ``[/v1]/{tenant}/...``, or ``admin``."""
    segments = [segment for segment in path.split("/") if segment]
    if segments and segments[0] in _VERSIONS:
        segments = segments[1:]
    return segments[0] if segments else DEFAULT_PROJECT


def _headers_from_token(token: dict) -> dict:
    user = token.get("user", {})
    project = token.get("project", {})
    return {
        "X-Project-Id": project.get("id", DEFAULT_PROJECT),
        "X-Project-Name": project.get("name", DEFAULT_PROJECT),
        "X-User-Id": user.get("id", DEFAULT_USER),
        "X-User-Name": user.get("name", DEFAULT_USER),
        "X-Roles": ",".join(role["name"] for role in token.get("roles", [])) or ROLES,
        "X-Service-Catalog": json.dumps(token.get("catalog", [])),
    }


class NoAuthProtocol(wsgi.Middleware):
    """Fills the identity headers that keystonemiddleware would have set."""

    def __init__(self, application, conf, options=None):
        super().__init__(application, conf, options)
        self.token_info = self._load_token_response()

    def _load_token_response(self) -> dict | None:
        path = self.conf.noauth.token_response
        if not path:
            return None
        with open(path) as token_file:
            return json.load(token_file)

    def identity_headers(self, request) -> dict:
        """The headers describing the (administrator) caller of ``request``."""
        if self.token_info:
            return _headers_from_token(self.token_info.get("token", self.token_info))
        project = project_from_path(request.path_info)
        user = request.headers.get("X-Auth-User", DEFAULT_USER)
        return {
            "X-Project-Id": project,
            "X-Project-Name": project,
            "X-User-Id": user,
            "X-User-Name": user,
            "X-Roles": ROLES,
            "X-Service-Catalog": "[]",
        }

    def process_request(self, request):
        """Add the identity headers and pass the request on."""
        request.headers["X-Identity-Status"] = "Confirmed"
        request.headers.update(self.identity_headers(request))
        request.headers.setdefault("X-Auth-Token", PLACEHOLDER_TOKEN)
        if self.token_info:
            request.environ["keystone.token_info"] = self.token_info
        return None


# The name OpenStack Heat's api-paste.ini gives this filter's factory.
filter_factory = NoAuthProtocol.factory
