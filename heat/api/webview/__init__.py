"""The live web view of stacks, served by heat-api under ``/ui`` beside ``/v1``.

The page is static: its script calls the native API with the caller's Keystone token, so
it sees exactly what that token may see, and follows a stack's events as server-sent
events (:mod:`heat.api.openstack.v1.event_stream`). Besides the files, the application
answers ``GET /ui/config.json`` (whether the page must log in) and ``POST /ui/tokens``,
which trades a user name and password for a token at heat's own Keystone, so that a
browser needs no access to Keystone of its own.
"""

import os

import webob
import webob.dec
import webob.exc
import webob.static
from keystoneauth1 import exceptions as ks_exceptions
from keystoneauth1 import session as ks_session
from keystoneauth1.identity import v3

from heat.common import auth_url, wsgi
from heat.common.i18n import _

STATIC = os.path.join(os.path.dirname(__file__), "static")
KEYSTONE_TIMEOUT = 30
# The login form's fields and the Keystone password credentials they fill.
LOGIN_FIELDS = {
    "username": "username",
    "password": "password",
    "project_name": "project_name",
    "user_domain_name": "user_domain_name",
    "project_domain_name": "project_domain_name",
}


def _error(status: int, message: str) -> webob.Response:
    return wsgi.json_response({"error": {"code": status, "message": message}}, status)


class WebView:
    """The ``/ui`` application: the page's files, its configuration and its login."""

    def __init__(self, conf, login: bool = True):
        self.conf = conf
        self.login_needed = login
        self.files = webob.static.DirectoryApp(STATIC, index_page="index.html")

    @classmethod
    def factory(cls, global_conf, **local_conf):
        """Paste ``app_factory``; ``login = false`` in front of a pipeline without Keystone."""
        login = local_conf.get("login", "true").lower() not in ("false", "0", "no")
        return cls(wsgi.conf_from(global_conf), login)

    def keystone_url(self) -> str | None:
        """The Keystone the page logs in at; None when the API needs no token."""
        return auth_url.configured_auth_url(self.conf) if self.login_needed else None

    @webob.dec.wsgify
    def __call__(self, request):
        if request.path_info == "/config.json":
            return wsgi.json_response({"login": self.keystone_url() is not None})
        if request.path_info == "/tokens":
            if request.method != "POST":
                return webob.exc.HTTPMethodNotAllowed(headers=[("Allow", "POST")])
            return self.login(request)
        if request.method not in ("GET", "HEAD"):
            return webob.exc.HTTPMethodNotAllowed(headers=[("Allow", "GET, HEAD")])
        answer = request.get_response(self.files)
        answer.headers["Cache-Control"] = "no-cache"
        return answer

    def login(self, request) -> webob.Response:
        """A project-scoped token for the posted credentials: ``{"token", "project_id",
        "project_name", "user_name", "expires_at"}``; Keystone's 401 is passed on."""
        keystone = self.keystone_url()
        if keystone is None:
            return _error(404, _("This heat-api needs no token: it has no Keystone."))
        try:
            body = request.json
        except ValueError:
            body = None
        if not isinstance(body, dict) or not all(
            isinstance(body.get(field), str) and body[field] for field in ("username", "password")
        ):
            return _error(400, _("A login needs a username and a password."))
        credentials = {
            option: body[field]
            for field, option in LOGIN_FIELDS.items()
            if isinstance(body.get(field), str) and body[field]
        }
        credentials.setdefault("user_domain_name", "Default")
        if "project_name" in credentials:
            credentials.setdefault("project_domain_name", "Default")
        plugin = v3.Password(auth_url=keystone, **credentials)
        try:
            access = plugin.get_access(ks_session.Session(timeout=KEYSTONE_TIMEOUT))
        except ks_exceptions.Unauthorized:
            return _error(401, _("Keystone refused these credentials."))
        except ks_exceptions.ClientException as error:
            return _error(502, _("Keystone could not be asked: %s") % error)
        if not access.project_id:
            return _error(400, _("The user has no project to work in: name one."))
        return wsgi.json_response(
            {
                "token": access.auth_token,
                "project_id": access.project_id,
                "project_name": access.project_name,
                "user_name": access.username,
                "expires_at": access.expires.isoformat() if access.expires else None,
            }
        )
