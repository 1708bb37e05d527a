"""The base of resources that servers signal: wait condition handles, scaling policies...

A :class:`SignalResponder` owns a stack user (see :mod:`heat.engine.resources.stack_user`)
and hands its credentials out in one of the forms servers use to signal it:

* ``CFN_SIGNAL``: a URL of the CloudFormation API pre-signed with the user's EC2 keypair;
* ``HEAT_SIGNAL``: the user's id, password and project, and the native API's signal URL;
* ``TOKEN_SIGNAL``: a token of the user (the handles that offer it keep it);
* ``ZAQAR_SIGNAL``: the user's credentials and a Zaqar queue of its project to post to
  (:mod:`heat.engine.resources.zaqar_signal`);
* ``TEMP_URL_SIGNAL``: a Swift temporary URL to PUT to, no credentials needed
  (:mod:`heat.engine.resources.temp_url_signal`);
* ``NO_SIGNAL``: nothing, the resource signals itself.

What the credentials reach is the resource itself only: :mod:`heat.engine.stack_access`
asks ``access_credentials()`` and ``access_allowed()``. Deleting the resource deletes the
keypair and the user with everything kept about them.
"""

import secrets
from collections.abc import Mapping
from typing import Any
from urllib import parse

from oslo_log import log as logging
from oslo_utils import timeutils

from heat.common import exception
from heat.common.i18n import _
from heat.engine.resources import signal_urls, temp_url_signal, zaqar_signal
from heat.engine.resources.stack_user import ACCESS_KEY, SECRET_KEY, StackUser

LOG = logging.getLogger(__name__)

SIGNAL_TRANSPORTS = (
    CFN_SIGNAL,
    TEMP_URL_SIGNAL,
    HEAT_SIGNAL,
    NO_SIGNAL,
    ZAQAR_SIGNAL,
    TOKEN_SIGNAL,
) = (
    "CFN_SIGNAL",
    "TEMP_URL_SIGNAL",
    "HEAT_SIGNAL",
    "NO_SIGNAL",
    "ZAQAR_SIGNAL",
    "TOKEN_SIGNAL",
)
SIGNAL_TRANSPORT = "signal_transport"
# The service each transport needs besides Keystone.
TRANSPORT_SERVICES = {TEMP_URL_SIGNAL: "swift", ZAQAR_SIGNAL: "zaqar"}
DATA_KEYS = (PASSWORD, EC2_SIGNED_URL, HEAT_SIGNAL_URL) = (
    "password",
    "ec2_signed_url",
    "heat_signal_url",
)


def generate_password() -> str:
    """A password for a stack user: long, with letters, digits and a punctuation mark, so
    that Keystone's usual password rules accept it."""
    return secrets.token_urlsafe(24) + secrets.choice("!#%+-=@^") + "aZ9"


class SignalResponder(StackUser):
    """A resource that servers signal with the credentials of its own stack user."""

    @property
    def password(self) -> str | None:
        """The password of the stack user, kept redacted in the resource data."""
        return self.data().get(PASSWORD)

    def set_password(self, password: str | None) -> None:
        """Keep (or, with None, forget) the stack user's password."""
        if password is None:
            self.data_delete(PASSWORD)
        else:
            self.data_set(PASSWORD, password, redact=True)

    def refuse_unavailable_transport(
        self,
        transport: str | None,
        services: Mapping[str, str] = TRANSPORT_SERVICES,
        option: str = SIGNAL_TRANSPORT,
    ) -> None:
        """ResourceTypeUnavailable for a transport (of ``option``) whose service, in
        ``services``, the stack cannot use (Swift, Zaqar)."""
        service = services.get(transport or "")
        if service is None:
            return
        reason = self.stack.clients.unavailable_reason(service)
        if reason is not None:
            needs = _("%(option)s %(transport)s needs it: %(reason)s")
            raise exception.ResourceTypeUnavailable(
                service_name=service,
                resource_type=self.type(),
                reason=needs % {"option": option, "transport": transport, "reason": reason},
            )

    def signal_transport(self) -> str | None:
        """The ``signal_transport`` property of the types that have one."""
        if SIGNAL_TRANSPORT not in self.properties_schema:
            return None
        return self.properties[SIGNAL_TRANSPORT]

    # -- what the signaller is given ----------------------------------------------------

    def ec2_signed_url(
        self, signal_type: str = signal_urls.SIGNAL, never_expire: bool = False
    ) -> str | None:
        """A URL of the CloudFormation API for ``signal_type``, pre-signed with the user's
        keypair (made, with the user, on first need); None before the resource is stored.
        With ``never_expire`` it carries no timestamp, so it is the same every time."""
        access, secret = self.data().get(ACCESS_KEY), self.data().get(SECRET_KEY)
        if not access or not secret:
            if self.id is None:
                return None
            self.create_user()
            keypair = self.create_keypair()
            access, secret = keypair.access, keypair.secret
        conf = self.stack.settings.conf
        configured = conf.heat_waitcondition_server_url
        cfn_url = "" if configured else self.client_plugin("heat").get_heat_cfn_url()
        base_url = signal_urls.signal_base_url(configured, cfn_url, signal_type)
        return signal_urls.presigned_url(
            base_url,
            self.identifier().arn_url_path(),
            access,
            secret,
            signal_type,
            now=None if never_expire else timeutils.utcnow(),
        )

    def heat_signal_credentials(self) -> dict[str, Any]:
        """What a client needs to authenticate to Keystone as the user (made with a
        password on first need)."""
        if self.user_id() is None:
            if self.password is None:
                self.set_password(generate_password())
            self.create_user()
        keystone = self.client_plugin("keystone")
        return {
            "auth_url": keystone.server_keystone_endpoint_url(),
            "username": self.physical_resource_name(),
            "user_id": self.user_id(),
            "password": self.password,
            "project_id": self.stack.state_data.stack_user_project_id,
            "domain_id": keystone.client().stack_domain_id,
            "region_name": self.client_plugin("heat").region_name(),
        }

    def heat_signal_url(self, project_id: str | None = None) -> str | None:
        """The native API's signal URL of this resource (not pre-signed); ``project_id``,
        when given, replaces the stack's project in it. Kept once made."""
        stored = self.data().get(HEAT_SIGNAL_URL)
        if stored is not None:
            return stored
        if self.id is None:
            return None
        path = self.identifier().url_path()
        if project_id is not None:
            path = project_id + path[path.find("/") :]
        url = parse.urljoin(self.client_plugin("heat").get_heat_url(), "%s/signal" % path)
        self.data_set(HEAT_SIGNAL_URL, url)
        return url

    def signal_details(self, signal_type: str = signal_urls.SIGNAL) -> dict[str, Any] | None:
        """What the ``signal`` attribute of the resource's transport holds; None for a
        transport that has no such map."""
        transport = self.signal_transport()
        if transport == CFN_SIGNAL:
            return {"alarm_url": self.ec2_signed_url(signal_type)}
        if transport == HEAT_SIGNAL:
            details = self.heat_signal_credentials()
            project_id = self.stack.state_data.stack_user_project_id
            details["alarm_url"] = self.heat_signal_url(project_id=project_id)
            return details
        if transport == ZAQAR_SIGNAL:
            return dict(self.heat_signal_credentials(), queue_id=zaqar_signal.queue_id(self))
        if transport == TEMP_URL_SIGNAL:
            return {"alarm_url": temp_url_signal.url(self)}
        if transport == NO_SIGNAL:
            return {}
        return None

    # -- who may signal ------------------------------------------------------------------

    def access_credentials(self) -> set[str]:
        """The user id and access key whose holder this resource answers for."""
        return {value for value in (self.user_id(), self.data().get(ACCESS_KEY)) if value}

    def access_allowed(self, resource_name: str) -> bool:
        """The holder of the credentials may reach this resource and no other."""
        return resource_name == self.name

    # -- deletion ------------------------------------------------------------------------

    def handle_delete(self) -> Any:
        """Forget the signal URLs, delete the keypair, then the user."""
        self.delete_signals()
        super().handle_delete()

    def delete_signals(self) -> None:
        """Forget the signal URLs, delete the keypair, the signal queue and the signal
        object."""
        self.data_delete(EC2_SIGNED_URL)
        self.delete_keypair()
        self.data_delete(HEAT_SIGNAL_URL)
        zaqar_signal.delete(self)
        temp_url_signal.delete(self)
