"""``stack_access.access_allowed``: the resource that issued a credential decides what its
holder may see; a credential no resource of the stack issued sees nothing."""

import types

import pytest

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
