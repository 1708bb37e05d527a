"""Fixtures of the storage tests: names no other test uses."""

import uuid

import pytest


@pytest.fixture
def unique_name():
    """A name no other test or run uses, for what the tests make in the shared lab."""
    return "heat-storage-%s" % uuid.uuid4().hex[:8]
