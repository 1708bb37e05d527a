"""Fixtures of the Neutron tests: names no other test uses, and a check that nothing a
test made is left in Neutron."""

import uuid

import pytest


@pytest.fixture
def unique_name():
    """A name no other test or run uses, for what the tests make in the shared lab."""
    return "heat-neutron-%s" % uuid.uuid4().hex[:8]


def stack_template(resources: dict, outputs: dict | None = None) -> dict:
    """A HOT template of ``resources`` whose outputs are ``{key: value}``."""
    return {
        "heat_template_version": "2021-04-16",
        "resources": resources,
        "outputs": {key: {"value": value} for key, value in (outputs or {}).items()},
    }
