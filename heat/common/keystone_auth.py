"""How Heat authenticates to Keystone for a request context, now or long after the request.

A context holds one of: a trust (the engine acts as the ``[trustee]`` user within it), the
token document keystonemiddleware validated, a bare token, or a username and password.
:func:`auth_plugin` turns whichever it has into a keystoneauth plugin; sessions come from
:func:`session`, so every client shares keystoneauth's connection handling.
"""

from typing import Any

from keystoneauth1 import access
from keystoneauth1 import loading as ks_loading
from keystoneauth1 import session as ks_session
from keystoneauth1.identity import access as access_plugin
from keystoneauth1.identity import v3

from heat.common import client_options, exception, noauth
from heat.common.i18n import _

TRUSTEE_GROUP = "trustee"


def keystone_url(context: Any, conf: Any) -> str:
    """The Keystone v3 URL for ``context``: the one its request named, else the configured one."""
    url = getattr(context, "auth_url", None) or conf.clients_keystone.auth_uri
    if not url:
        authtoken = getattr(conf, "keystone_authtoken", None)
        url = getattr(authtoken, "www_authenticate_uri", None) if authtoken else None
    if not url:
        raise exception.Error(_("No Keystone URL is known: set [clients_keystone] auth_uri."))
    return v3_url(url)


def v3_url(url: str) -> str:
    """``url`` with the ``/v3`` suffix Keystone's v3 API needs."""
    url = url.rstrip("/")
    if url.endswith("/v2.0"):
        url = url[: -len("/v2.0")]
    return url if url.endswith("/v3") else url + "/v3"


def trustee_auth(conf: Any, trust_id: str | None = None) -> Any:
    """The ``[trustee]`` user's auth plugin, scoped to ``trust_id`` when given."""
    options = {"trust_id": trust_id} if trust_id else {}
    plugin = ks_loading.load_auth_from_conf_options(conf, TRUSTEE_GROUP, **options)
    if plugin is None:
        raise exception.Error(_("The [trustee] section sets no auth_type."))
    return plugin


def has_credentials(context: Any) -> bool:
    """Whether ``context`` holds something Keystone accepts: a trust, a token (not the
    noauth pipeline's placeholder) or a password."""
    token = context.auth_token if context.auth_token != noauth.PLACEHOLDER_TOKEN else None
    return bool(context.trust_id or context.auth_token_info or token or context.password)


def auth_plugin(context: Any, conf: Any) -> Any:
    """The keystoneauth plugin that acts as ``context`` (see the module docstring)."""
    if context.trust_id:
        return trustee_auth(conf, context.trust_id)
    if context.auth_token_info and context.auth_token:
        info = access.create(body=context.auth_token_info, auth_token=context.auth_token)
        return access_plugin.AccessInfoPlugin(info, auth_url=keystone_url(context, conf))
    if context.auth_token:
        return v3.Token(
            auth_url=keystone_url(context, conf),
            token=context.auth_token,
            project_id=context.project_id,
        )
    if context.username and context.password:
        return v3.Password(
            auth_url=keystone_url(context, conf),
            username=context.username,
            password=context.password,
            user_domain_id=context.user_domain_id or "default",
            project_id=context.project_id,
        )
    raise exception.MissingCredentialError(required="auth_token")


def session(auth: Any = None, conf: Any = None) -> ks_session.Session:
    """A keystoneauth session with ``auth``, verifying Keystone's certificate as
    ``[clients_keystone]`` (else ``[clients]``) says when ``conf`` is given."""
    tls = client_options.session_tls(conf, "keystone") if conf is not None else {}
    return ks_session.Session(auth=auth, **tls)
