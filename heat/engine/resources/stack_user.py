"""The base of resources that own a *stack domain user*.

The user is made in the stack's own project (see
:func:`heat.engine.stack_credentials.stack_user_project_id`) in the stack user domain,
holding ``heat_stack_user`` there, so that credentials given to software in servers reach
nothing of the stack's creator. Its id is kept in the resource data ``user_id``; an optional
EC2 keypair of it in ``credential_id``, ``access_key`` and ``secret_key`` (redacted).
Suspending the resource disables the user, resuming enables it again; deleting it deletes
the keypair and the user. Everything Keystone-side goes through
:class:`heat.common.heat_keystoneclient.KeystoneClient`.
"""

from typing import Any

from heat.common import exception
from heat.common.heat_keystoneclient import Ec2Keypair
from heat.common.i18n import _
from heat.engine import resource, stack_credentials

DATA_KEYS = (USER_ID, CREDENTIAL_ID, ACCESS_KEY, SECRET_KEY) = (
    "user_id",
    "credential_id",
    "access_key",
    "secret_key",
)


class StackUser(resource.Resource):
    """A resource owning a Keystone user of its stack (and maybe an EC2 keypair of it)."""

    default_client_name = "keystone"

    @property
    def password(self) -> str | None:
        """The password the user is made with; None (the default) gives it none."""
        return None

    def user_id(self) -> str | None:
        """The Keystone id of the user, once made."""
        return self.data().get(USER_ID)

    def _project_id(self) -> str:
        # Set once the user exists; an empty one fails the check that a user is the stack's.
        return self.stack.state_data.stack_user_project_id or ""

    def handle_create(self) -> Any:
        """Make the user (and the stack's user project, on first need)."""
        self.create_user()

    def create_user(self) -> None:
        """Make the user unless it exists already."""
        if self.user_id() is not None:
            return
        project_id = stack_credentials.stack_user_project_id(self.stack)
        user_id = self.client("keystone").create_stack_domain_user(
            self.physical_resource_name(), project_id, self.password
        )
        self.data_set(USER_ID, user_id)

    def handle_delete(self) -> Any:
        """Delete the keypair and the user; either gone already is fine."""
        user_id = self.user_id()
        if user_id is None:
            return
        self.delete_keypair()
        self.client("keystone").delete_stack_domain_user(user_id, self._project_id())
        self.data_delete(USER_ID)

    def handle_suspend(self) -> Any:
        """Stop the user from authenticating."""
        user_id = self.user_id()
        if user_id is not None:
            self.client("keystone").disable_stack_domain_user(user_id, self._project_id())

    def handle_resume(self) -> Any:
        """Let the user authenticate again."""
        user_id = self.user_id()
        if user_id is not None:
            self.client("keystone").enable_stack_domain_user(user_id, self._project_id())

    def create_keypair(self) -> Ec2Keypair:
        """Make an EC2 keypair of the user and keep it (redacted) in the resource data.

        A user has one keypair at most: a second one is refused.
        """
        if self.data().get(CREDENTIAL_ID):
            raise exception.Error(_("User %s already has an EC2 keypair.") % self.name)
        user_id = self.user_id()
        if user_id is None:
            raise exception.Error(_("User %s has not been created.") % self.name)
        keypair = self.client("keystone").create_stack_domain_user_keypair(
            user_id, self._project_id()
        )
        self.data_set(CREDENTIAL_ID, keypair.id, redact=True)
        self.data_set(ACCESS_KEY, keypair.access, redact=True)
        self.data_set(SECRET_KEY, keypair.secret, redact=True)
        return keypair

    def delete_keypair(self) -> None:
        """Delete the user's keypair, if it has one; gone already is fine."""
        credential_id = self.data().get(CREDENTIAL_ID)
        user_id = self.user_id()
        if not credential_id or user_id is None:
            return
        self.client("keystone").delete_stack_domain_user_keypair(
            user_id, self._project_id(), credential_id
        )
        for key in (ACCESS_KEY, SECRET_KEY, CREDENTIAL_ID):
            self.data_delete(key)

    def user_token(self) -> str:
        """A token of the user on the stack's user project (it needs a password)."""
        project_id = self._project_id()
        user_id = self.user_id()
        if not project_id or user_id is None:
            raise exception.Error(_("Can't get user token, user not yet created"))
        if self.password is None:
            raise exception.Error(_("Can't get user token without password"))
        return self.client("keystone").stack_domain_user_token(user_id, project_id, self.password)
