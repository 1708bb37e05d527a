"""authurl: tell the rest of the pipeline which Keystone the request authenticates with.

Normally that is ``[clients_keystone] auth_uri`` (or the paste option ``auth_uri``); with
``[auth_password] multi_cloud`` the client names it in ``X-Auth-Url`` and it must be one of
``allowed_auth_uris``, else 401.
"""

import webob.exc

from heat.common import wsgi
from heat.common.i18n import _


def configured_auth_url(conf) -> str | None:
    """Heat's Keystone: ``[clients_keystone] auth_uri``, else ``[keystone_authtoken]
    www_authenticate_uri``; None when neither is set (a deployment without Keystone)."""
    if conf.clients_keystone.auth_uri:
        return conf.clients_keystone.auth_uri
    authtoken = getattr(conf, "keystone_authtoken", None)
    return getattr(authtoken, "www_authenticate_uri", None) if authtoken else None


class AuthUrlFilter(wsgi.Middleware):
    """Sets the ``X-Auth-Url`` request header."""

    def default_auth_url(self) -> str | None:
        """The configured Keystone URL used when the request may not choose one."""
        return self.options.get("auth_uri") or configured_auth_url(self.conf)

    def _requested_auth_url(self, request) -> str:
        auth_url = request.headers.get("X-Auth-Url")
        if not auth_url:
            raise webob.exc.HTTPBadRequest(
                _("The X-Auth-Url header is required when multi_cloud is enabled.")
            )
        if auth_url not in self.conf.auth_password.allowed_auth_uris:
            raise webob.exc.HTTPUnauthorized(
                _('X-Auth-Url "%s" is not an allowed Keystone endpoint.') % auth_url
            )
        return auth_url

    def process_request(self, request):
        """Set X-Auth-Url, refusing endpoints that are not allowed."""
        if self.conf.auth_password.multi_cloud:
            auth_url = self._requested_auth_url(request)
        else:
            auth_url = self.default_auth_url()
        if auth_url:
            request.headers["X-Auth-Url"] = auth_url
        return None


# The name OpenStack Heat's api-paste.ini gives this filter's factory.
filter_factory = AuthUrlFilter.factory
