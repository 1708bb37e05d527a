"""authpassword: authenticate ``X-Auth-User``/``X-Auth-Key`` against Keystone (standalone flavor).

The Keystone is the one in ``X-Auth-Url`` (set by authurl). On success the request gets
the headers keystonemiddleware would have set (token, user, project, roles, catalog);
on failure the answer is 401 with a JSON body and a ``WWW-Authenticate`` header.
"""

import json

import webob.exc
from keystoneauth1 import exceptions as ks_exceptions
from keystoneauth1 import session as ks_session
from keystoneauth1.identity import v3

from heat.common import noauth, wsgi
from heat.common.i18n import _

_REFUSED = (
    ks_exceptions.Unauthorized,
    ks_exceptions.Forbidden,
    ks_exceptions.NotFound,
    ks_exceptions.AuthorizationFailure,
)


def identity_headers(access) -> dict:
    """The identity headers of a Keystone ``AccessInfo``."""
    return {
        "X-Identity-Status": "Confirmed",
        "X-Auth-Token": access.auth_token,
        "X-User-Id": access.user_id,
        "X-User-Name": access.username,
        "X-User-Domain-Id": access.user_domain_id,
        "X-User-Domain-Name": access.user_domain_name,
        "X-Project-Id": access.project_id,
        "X-Project-Name": access.project_name,
        "X-Project-Domain-Id": access.project_domain_id,
        "X-Project-Domain-Name": access.project_domain_name,
        "X-Roles": ",".join(access.role_names),
        "X-Service-Catalog": json.dumps(access.service_catalog.catalog),
    }


class KeystonePasswordAuthProtocol(wsgi.Middleware):
    """Exchanges the caller's user name and password for a Keystone token."""

    def _reject(self, auth_url, reason):
        challenge = {"WWW-Authenticate": 'Keystone uri="%s"' % (auth_url or "")}
        return _error_response(webob.exc.HTTPUnauthorized, reason, challenge)

    def _authenticate(self, request, auth_url):
        headers = request.headers
        plugin = v3.Password(
            auth_url=auth_url,
            username=headers["X-Auth-User"],
            password=headers.get("X-Auth-Key", ""),
            user_domain_id=headers.get("X-User-Domain-Id", "default"),
            project_id=headers.get("X-Project-Id") or noauth.project_from_path(request.path_info),
        )
        return plugin.get_access(ks_session.Session(auth=plugin))

    def process_request(self, request):
        """Authenticate and add identity headers, or answer 401."""
        auth_url = request.headers.get("X-Auth-Url")
        if not auth_url or not request.headers.get("X-Auth-User"):
            return self._reject(auth_url, _("X-Auth-User, X-Auth-Key and X-Auth-Url are needed."))
        try:
            access = self._authenticate(request, auth_url)
        except _REFUSED as error:
            return self._reject(auth_url, _("Authentication failed: %s") % error)
        except ks_exceptions.ConnectionError as error:
            reason = _("Keystone is unreachable: %s") % error
            return _error_response(webob.exc.HTTPServiceUnavailable, reason)
        request.headers.update({k: v for k, v in identity_headers(access).items() if v})
        # The token document, as keystonemiddleware passes it: the engine makes trusts with it.
        request.environ["keystone.token_info"] = {"token": access._data["token"]}
        return None


def _error_response(error_class, reason, headers=None):
    body = {"code": error_class.code, "title": error_class.title, "explanation": reason}
    return wsgi.json_response(body, status=error_class.code, headers=headers)


# The name OpenStack Heat's api-paste.ini gives this filter's factory.
filter_factory = KeystonePasswordAuthProtocol.factory
