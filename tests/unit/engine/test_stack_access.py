"""``stack_access``: the resource that issued a credential decides what its holder may see;
a credential no resource of the stack issued sees nothing; only stack users are restricted."""

import json
import types

import pytest

from heat.common import context, exception
from heat.engine import stack_access


class Issuer:
    """A resource answering for ``credential``, whose holder may see ``allowed`` only."""

    def __init__(self, credential, allowed):
        self.credential = credential
        self.allowed = allowed

    def access_credentials(self):
        return {self.credential}

    def access_allowed(self, resource_name):
        return resource_name in self.allowed


class Plain:
    """A resource that issues no credential."""


@pytest.fixture
def stack():
    """A stand-in for a stack: only its ``resources`` are read."""
    resources = {
        "plain": Plain(),
        "strict": Issuer("key-strict", {"visible"}),
        "lenient": Issuer("key-lenient", {"visible", "secret"}),
    }
    return types.SimpleNamespace(resources=resources)


def test_the_issuer_of_the_credential_decides(stack):
    assert stack_access.access_allowed(stack, "key-strict", "visible")
    assert not stack_access.access_allowed(stack, "key-strict", "secret")
    assert stack_access.access_allowed(stack, "key-lenient", "secret")


def test_a_credential_no_resource_issued_sees_nothing(stack):
    assert not stack_access.access_allowed(stack, "key-other", "visible")


def test_no_credential_sees_nothing(stack):
    assert not stack_access.access_allowed(stack, None, "visible")
    assert not stack_access.access_allowed(stack, "", "visible")


def _context(roles, user_id="user-1", access=None):
    aws_creds = json.dumps({"ec2Credentials": {"access": access}}) if access else None
    return context.RequestContext(user_id=user_id, roles=roles, aws_creds=aws_creds)


def test_callers_who_are_not_stack_users_are_not_restricted(stack):
    stack_access.authorize(_context(["member"]), stack, "secret", "heat_stack_user")


def test_stack_user_reaches_what_its_access_key_allows(stack):
    caller = _context(["heat_stack_user"], access="key-strict")
    stack_access.authorize(caller, stack, "visible", "heat_stack_user")
    with pytest.raises(exception.Forbidden):
        stack_access.authorize(caller, stack, "secret", "heat_stack_user")


def test_stack_user_reaches_what_its_user_id_allows(stack):
    caller = _context(["heat_stack_user"], user_id="key-lenient")
    stack_access.authorize(caller, stack, "secret", "heat_stack_user")


def test_stack_user_without_credentials_of_the_stack_is_forbidden(stack):
    with pytest.raises(exception.Forbidden):
        stack_access.authorize(_context(["heat_stack_user"]), stack, "visible", "heat_stack_user")
