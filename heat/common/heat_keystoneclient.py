"""Heat's own work in Keystone: trusts for deferred actions, and the users it makes for stacks.

A stack that outlives its creator's token acts through a trust from that user to the
``[trustee]`` user. Software inside servers authenticates as *stack domain users*: users of
their own project (``<project id>-<stack id>``, cut to Keystone's 64 characters) in the
domain ``stack_user_domain_id|name``, managed by ``stack_domain_admin``, so they can never
reach the creator's project. Without a
stack user domain configured, those users are made in the caller's project instead (the old
behaviour, which needs an administrator).
"""

import dataclasses
import functools
import json
import logging
import secrets
from typing import Any

from keystoneauth1 import exceptions as ks_exceptions
from keystoneauth1.identity import v3
from keystoneclient.v3 import client as ks_client

from heat.common import context as heat_context
from heat.common import exception, keystone_auth
from heat.common.i18n import _

LOG = logging.getLogger(__name__)

# Stack users are machine accounts: Keystone's security compliance rules for people (password
# change on first use, password expiry, lockout after failed attempts) must not stop them.
_STACK_USER_OPTIONS = {
    "ignore_change_password_upon_first_use": True,
    "ignore_password_expiry": True,
    "ignore_lockout_failure_attempts": True,
}


@dataclasses.dataclass(frozen=True)
class Ec2Keypair:
    """EC2 credentials: what a server signs requests with. ``id`` is Keystone's credential id."""

    access: str
    secret: str
    id: str = ""


class KeystoneClient:
    """Keystone as one request context (or a stack's stored credentials) sees it."""

    def __init__(self, context: Any, conf: Any):
        self.context = context
        self.conf = conf

    @functools.cached_property
    def session(self) -> Any:
        """A keystoneauth session acting as the context."""
        return keystone_auth.session(keystone_auth.auth_plugin(self.context, self.conf), self.conf)

    @functools.cached_property
    def client(self) -> ks_client.Client:
        """keystoneclient's v3 client acting as the context."""
        return self._client(self.session)

    def _client(self, session: Any) -> ks_client.Client:
        # Keystone is where the context authenticates, whatever its catalog says.
        return ks_client.Client(
            session=session, endpoint_override=keystone_auth.keystone_url(self.context, self.conf)
        )

    @property
    def auth_ref(self) -> Any:
        """The token (an AccessInfo) the session authenticates with."""
        return self.session.auth.get_access(self.session)

    # Trusts

    def create_trust_context(self) -> heat_context.RequestContext:
        """A copy of the context acting through a new trust from its user to the trustee.

        The trust delegates ``trusts_delegated_roles`` (all the caller's roles when empty) on
        the caller's project, with impersonation, so actions taken with it are the user's.
        """
        if self.context.trust_id:
            return self.context
        trustee_session = keystone_auth.session(keystone_auth.trustee_auth(self.conf), self.conf)
        trustee_id = trustee_session.get_user_id()
        trustor_id = self.session.get_user_id()
        roles = list(self.conf.trusts_delegated_roles) or list(self.auth_ref.role_names)
        trust = self.client.trusts.create(
            trustor_user=trustor_id,
            trustee_user=trustee_id,
            project=self.session.get_project_id(),
            impersonation=True,
            role_names=roles,
            allow_redelegation=self.conf.allow_trusts_redelegation,
        )
        values = self.context.to_dict()
        values.update(trust_id=trust.id, trustor_user_id=trustor_id)
        return heat_context.RequestContext.from_dict(values)

    def delete_trust(self, trust_id: str) -> None:
        """Delete a trust; one already gone is not an error."""
        try:
            self.client.trusts.delete(trust_id)
        except ks_exceptions.NotFound:
            pass

    # Stack domain users

    @property
    def stack_domain_configured(self) -> bool:
        """Whether a stack user domain and its administrator are configured."""
        conf = self.conf
        domain = conf.stack_user_domain_id or conf.stack_user_domain_name
        return bool(domain and conf.stack_domain_admin and conf.stack_domain_admin_password)

    @functools.cached_property
    def domain_admin_session(self) -> Any:
        """A session of ``stack_domain_admin``, scoped to the stack user domain."""
        conf = self.conf
        if not self.stack_domain_configured:
            raise exception.Error(
                _(
                    "A stack user domain is not configured: set stack_user_domain_id "
                    "(or stack_user_domain_name), stack_domain_admin and "
                    "stack_domain_admin_password."
                )
            )
        domain = (
            {"user_domain_id": conf.stack_user_domain_id, "domain_id": conf.stack_user_domain_id}
            if conf.stack_user_domain_id
            else {
                "user_domain_name": conf.stack_user_domain_name,
                "domain_name": conf.stack_user_domain_name,
            }
        )
        auth = v3.Password(
            auth_url=keystone_auth.keystone_url(self.context, self.conf),
            username=conf.stack_domain_admin,
            password=conf.stack_domain_admin_password,
            **domain,
        )
        return keystone_auth.session(auth, self.conf)

    @functools.cached_property
    def domain_admin_client(self) -> ks_client.Client:
        """keystoneclient acting as the stack domain administrator."""
        return self._client(self.domain_admin_session)

    @functools.cached_property
    def stack_domain_id(self) -> str:
        """The id of the stack user domain (looked up from the admin's token when named)."""
        if self.conf.stack_user_domain_id:
            return self.conf.stack_user_domain_id
        access = self.domain_admin_session.auth.get_access(self.domain_admin_session)
        return access.domain_id

    def _stack_user_role(self, client: ks_client.Client) -> Any:
        name = self.conf.heat_stack_user_role
        roles = client.roles.list(name=name)
        if not roles:
            raise exception.Error(_("The role %s does not exist in Keystone.") % name)
        return roles[0]

    def create_stack_domain_project(self, stack_id: str) -> str:
        """Make the project of a stack's users; its id. Without a stack user domain the
        stack's users live in the caller's project, whose id is returned."""
        if not self.stack_domain_configured:
            LOG.warning("No stack user domain is configured; stack users go in the project")
            return self.context.project_id
        # Keystone allows 64 characters; the stack id's start keeps the name unique.
        name = ("%s-%s" % (self.context.project_id, stack_id))[:64]
        client = self.domain_admin_client
        try:
            project = client.projects.create(
                name=name, domain=self.stack_domain_id, description="Heat stack user project"
            )
        except ks_exceptions.Conflict:
            # Made already: by a step of the stack on another engine, or by a step cut off
            # before it recorded the project.
            (project,) = client.projects.list(name=name, domain=self.stack_domain_id)
        return project.id

    def delete_stack_domain_project(self, project_id: str) -> None:
        """Delete a stack's user project (with the users in it); gone already is fine.

        A project outside the stack user domain (the caller's own, see
        :meth:`create_stack_domain_project`) is never deleted.
        """
        if not self.stack_domain_configured or project_id == self.context.project_id:
            return
        client = self.domain_admin_client
        try:
            project = client.projects.get(project_id)
        except ks_exceptions.NotFound:
            return
        if project.domain_id != self.stack_domain_id:
            return
        # Keystone cannot filter users by default project; the domain holds only stack users.
        for user in client.users.list(domain=self.stack_domain_id):
            if getattr(user, "default_project_id", None) == project_id:
                self._delete_user(client, user.id)
        try:
            client.projects.delete(project_id)
        except ks_exceptions.NotFound:
            pass

    def _users_client(self) -> tuple[ks_client.Client, str | None]:
        """The client that manages stack users, and the domain they go in."""
        if self.stack_domain_configured:
            return self.domain_admin_client, self.stack_domain_id
        return self.client, None

    def create_stack_domain_user(
        self, username: str, project_id: str, password: str | None = None
    ) -> str:
        """Make a user of a stack in its project, holding ``heat_stack_user_role``; its id."""
        client, domain = self._users_client()
        user = client.users.create(
            name=_user_name(username),
            domain=domain or self.context.user_domain_id or "default",
            default_project=project_id,
            password=password,
            options=_STACK_USER_OPTIONS,
        )
        client.roles.grant(self._stack_user_role(client), user=user.id, project=project_id)
        return user.id

    def delete_stack_domain_user(self, user_id: str, project_id: str) -> None:
        """Delete a stack's user; gone already is fine."""
        client, _domain = self._users_client()
        self._check_stack_user(client, user_id, project_id)
        self._delete_user(client, user_id)

    @staticmethod
    def _delete_user(client: ks_client.Client, user_id: str) -> None:
        try:
            client.users.delete(user_id)
        except ks_exceptions.NotFound:
            pass

    def _check_stack_user(self, client: ks_client.Client, user_id: str, project_id: str) -> None:
        """Refuse to touch a user that is not a user of this stack's project."""
        try:
            user = client.users.get(user_id)
        except ks_exceptions.NotFound:
            return
        if getattr(user, "default_project_id", None) != project_id:
            raise exception.Error(
                _("User %(user)s is not a user of the stack project %(project)s.")
                % {"user": user_id, "project": project_id}
            )

    def enable_stack_domain_user(self, user_id: str, project_id: str) -> None:
        """Let a stack user authenticate again."""
        client, _domain = self._users_client()
        self._check_stack_user(client, user_id, project_id)
        client.users.update(user_id, enabled=True)

    def disable_stack_domain_user(self, user_id: str, project_id: str) -> None:
        """Stop a stack user from authenticating (its stack is suspended)."""
        client, _domain = self._users_client()
        self._check_stack_user(client, user_id, project_id)
        client.users.update(user_id, enabled=False)

    def create_stack_domain_user_keypair(self, user_id: str, project_id: str) -> Ec2Keypair:
        """New EC2 credentials of a stack user on its project.

        They are made through the credentials API: Keystone lets a domain administrator
        store credentials of its users there, but not call the OS-EC2 extension for them.
        """
        client, _domain = self._users_client()
        keypair = Ec2Keypair(access=secrets.token_hex(16), secret=secrets.token_hex(16))
        credential = client.credentials.create(
            user=user_id,
            type="ec2",
            blob=json.dumps({"access": keypair.access, "secret": keypair.secret}),
            project=project_id,
        )
        return dataclasses.replace(keypair, id=credential.id)

    def delete_stack_domain_user_keypair(
        self, user_id: str, project_id: str, credential_id: str
    ) -> None:
        """Delete the EC2 credentials ``credential_id`` of a stack user; gone already is fine."""
        client, _domain = self._users_client()
        self._check_stack_user(client, user_id, project_id)
        try:
            client.credentials.delete(credential_id)
        except ks_exceptions.NotFound:
            pass

    def stack_domain_user_session(self, user_id: str, project_id: str, password: str) -> Any:
        """A keystoneauth session acting as a stack user on its project (as a server's
        agent does)."""
        auth = v3.Password(
            auth_url=keystone_auth.keystone_url(self.context, self.conf),
            user_id=user_id,
            password=password,
            project_id=project_id,
        )
        return keystone_auth.session(auth, self.conf)

    def stack_domain_user_token(self, user_id: str, project_id: str, password: str) -> str:
        """A token of a stack user on its project (what a server's agent would get)."""
        return str(self.stack_domain_user_session(user_id, project_id, password).get_token())


def _user_name(name: str) -> str:
    """Keystone user names are at most 255 characters; keep the distinctive end."""
    return name[-255:]
