"""Fixtures of the Designate tests: zone names no other test or run uses."""

import uuid

import pytest


@pytest.fixture
def zone_name():
    """A zone name (with its final dot) that no other test or run uses."""
    return "heat-%s.example.org." % uuid.uuid4().hex[:8]
