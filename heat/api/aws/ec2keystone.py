"""One Keystone that checks EC2 signatures through ``POST /v3/ec2tokens``.

It is configured by a keystoneauth section, ``[ec2authtoken]`` or, with
``multi_cloud``, ``[ec2authtoken.<cloud>]``: the auth plugin options give the service
credentials Keystone 30 requires of the caller, the session options TLS and timeouts, the
adapter options retries. Keystone's address is the section's ``endpoint_override``, else
the plugin's ``auth_url``, else ``[clients_keystone] auth_uri``.
"""

from keystoneauth1 import exceptions as ks_exceptions
from keystoneauth1 import loading as ks_loading
from oslo_config import cfg
from oslo_log import log as logging

from heat.api.aws import ec2credentials, exception
from heat.common.i18n import _

LOG = logging.getLogger(__name__)

# Keystone's error messages that name a precise AWS error.
_REASONS: dict[str, type[exception.HeatAPIException]] = {
    "EC2 access key not found.": exception.HeatInvalidClientTokenIdError,
    "EC2 signature not supplied.": exception.HeatSignatureError,
    "Invalid EC2 signature.": exception.HeatSignatureError,
}
# Keystone hides why it refuses authentication (401) unless in insecure_debug mode: a
# wrong signature, an expired timestamp or a user no longer in the project all read
# "The request you have made requires authentication.", so that status means the
# signed credentials did not hold.
_UNAUTHORIZED = 401


def register_group(conf: cfg.ConfigOpts, group: str) -> None:
    """Register the keystoneauth options of ``group`` (again harmlessly if already there)."""
    ks_loading.register_auth_conf_options(conf, group)
    ks_loading.register_session_conf_options(conf, group)
    ks_loading.register_adapter_conf_options(conf, group)


def v3_url(url: str) -> str:
    """Keystone's v3 root for an identity URL given with or without a version."""
    base = url.rstrip("/")
    for suffix in ("/v3", "/v2.0"):
        if base.endswith(suffix):
            base = base[: -len(suffix)]
    return base + "/v3"


def failure(status: int, body) -> exception.HeatAPIException:
    """The AWS error for Keystone's refusal: by its error message when that names the
    cause, else SignatureDoesNotMatch for a 401 and AccessDenied for anything else."""
    reason = None
    if isinstance(body, dict) and isinstance(body.get("error"), dict):
        reason = body["error"].get("message")
    if reason in _REASONS:
        return _REASONS[reason]()
    if status == _UNAUTHORIZED:
        return exception.HeatSignatureError()
    return exception.HeatAccessDeniedError()


# Every header that describes the caller; a client's own values of these are dropped.
IDENTITY_HEADERS = (
    "X-Auth-Token",
    "X-Tenant-Id",
    "X-Tenant-Name",
    "X-Project-Id",
    "X-Project-Name",
    "X-Project-Domain-Id",
    "X-Project-Domain-Name",
    "X-User-Id",
    "X-User-Name",
    "X-User-Domain-Id",
    "X-User-Domain-Name",
    "X-Roles",
    "X-Service-Catalog",
    "X-Identity-Status",
    "X-Auth-URL",
    "X-Auth-EC2-Creds",
)


def identity_headers(token_id: str, token: dict, auth_url: str) -> dict[str, str]:
    """The identity headers (as keystonemiddleware names them) of a Keystone token."""
    project = token["project"]
    user = token.get("user") or {}
    headers = {
        "X-Auth-Token": token_id,
        "X-Tenant-Id": project["id"],
        "X-Tenant-Name": project.get("name", ""),
        "X-Project-Id": project["id"],
        "X-Project-Name": project.get("name", ""),
        "X-Project-Domain-Id": (project.get("domain") or {}).get("id", ""),
        "X-User-Id": user.get("id", ""),
        "X-User-Name": user.get("name", ""),
        "X-User-Domain-Id": (user.get("domain") or {}).get("id", ""),
        "X-Roles": ",".join(role["name"] for role in token.get("roles", [])),
        "X-Auth-URL": auth_url,
    }
    return {name: value for name, value in headers.items() if value}


class KeystoneEC2:
    """Checks EC2 credentials against the Keystone of one configuration section."""

    def __init__(self, conf: cfg.ConfigOpts, group: str):
        self.conf = conf
        self.group = group
        register_group(conf, group)
        self._auth = ks_loading.load_auth_from_conf_options(conf, group)
        self.session = ks_loading.load_session_from_conf_options(conf, group, auth=self._auth)
        self.adapter = ks_loading.load_adapter_from_conf_options(
            conf, group, session=self.session, auth=self._auth
        )

    def auth_url(self) -> str:
        """Keystone's v3 URL; InternalFailure when the section does not say where it is."""
        url = (
            self.adapter.endpoint_override
            or getattr(self._auth, "auth_url", None)
            or self.conf.clients_keystone.auth_uri
        )
        if not url:
            LOG.error("No Keystone URL in [%s] nor [clients_keystone] auth_uri", self.group)
            raise exception.HeatInternalFailureError(detail=_("Service misconfigured"))
        return v3_url(url)

    def _post(self, url: str, document: dict):
        try:
            return self.adapter.post(url, json=document, raise_exc=False)
        except ks_exceptions.ConnectionError as error:
            LOG.error("Keystone at %s is unreachable: %s", url, error)
            raise exception.HeatServiceUnavailableError()
        except ks_exceptions.ClientException as error:
            LOG.error("EC2 check through [%s] failed: %s", self.group, error)
            raise exception.HeatInternalFailureError(detail=_("Service misconfigured"))

    def check(self, document: dict) -> dict[str, str]:
        """The identity headers of the EC2 credentials in ``document``, or the AWS error."""
        auth_url = self.auth_url()
        response = self._post(auth_url + "/ec2tokens", document)
        try:
            body = response.json()
        except ValueError:
            body = None
        token_id = response.headers.get("X-Subject-Token")
        token = (body.get("token") if isinstance(body, dict) else None) or {}
        if response.status_code >= 300 or not token_id or not token.get("project"):
            LOG.info("EC2 credentials refused by %s: %s", auth_url, response.status_code)
            raise failure(response.status_code, body)
        headers = identity_headers(token_id, token, auth_url)
        credentials = document["ec2Credentials"]
        headers["X-Auth-EC2-Creds"] = ec2credentials.ec2_creds_header(
            credentials["access"], credentials["signature"]
        )
        return headers
