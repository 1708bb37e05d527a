"""An in-process engine that orchestrates the lab's cloud (tools/lab), for resource tests.

Import everything into the conftest of a test directory::

    from tests.functional.lab_engine import *  # noqa: F403

There, ``keystone`` is the lab's Keystone (it replaces the per-worker Keystone of
tests/fixtures/keystone.py), so every fixture of tests/functional/keystone_engine.py acts in
the lab: ``admin_stacks`` and ``demo_stacks`` create, update and delete stacks whose resources
are real servers, volumes, images and containers; ``admin_cloud`` and ``demo_cloud`` are
openstacksdk connections to check what the stacks made. Run against the dev lab with
``HEAT_LAB_DIR=/work/lab-dev``; otherwise the run starts its own lab once (tests/fixtures/lab.py).
"""

import time
import uuid

import pytest
import requests

from heat.common import exception
from tests.fixtures.keystone import Keystone
from tests.functional.keystone_engine import (  # noqa: F401 (fixtures re-exported)
    Stacks,
    admin_context,
    demo_context,
    engine_conf,
    identity_admin,
    keystone_engine,
    wait_for,
)

__all__ = [
    "LabStacks",
    "Stacks",
    "admin_cloud",
    "admin_context",
    "admin_stacks",
    "demo_cloud",
    "demo_context",
    "demo_stacks",
    "engine_conf",
    "identity_admin",
    "keystone",
    "keystone_engine",
    "lab_admin",
    "lab_demo",
    "lab_names",
    "lab_swift_info",
    "wait_for",
]


class LabStacks(Stacks):
    """Stack calls that may also start a create without waiting for it (while the test
    plays the server), check a stack, and delete at the end what the test left."""

    def __init__(self, engine, context):
        super().__init__(engine, context)
        self.made: list[dict] = []

    def create(self, template: dict, name: str | None = None, **kwargs) -> dict:
        identity = super().create(template, name, **kwargs)
        self.made.append(identity)
        return identity

    def start_create(self, template: dict, name: str | None = None) -> dict:
        """The identity of a new stack whose create is still running."""
        name = name or "stack-%s" % uuid.uuid4().hex[:8]
        identity = self.engine.create_stack(self.context, name, template, {}, {}, {})
        self.made.append(identity)
        return identity

    def wait(self, identity: dict, timeout: float = 90.0) -> tuple[str, str, str]:
        """``(action, status, reason)`` once the running action has ended."""
        wait_for(self.engine, self.context, identity, timeout)
        return self.state(identity)

    def attributes_once_made(self, identity: dict, name: str, timeout: float = 30.0) -> dict:
        """The attributes of the stack's resource ``name`` once it is CREATE_COMPLETE, while
        the stack's create may still wait (for the signals the test is to send)."""
        deadline = time.monotonic() + timeout
        while time.monotonic() < deadline:
            shown = self.engine.describe_stack_resource(self.context, identity, name, [])
            if (shown["resource_action"], shown["resource_status"]) == ("CREATE", "COMPLETE"):
                return shown["attributes"]
            time.sleep(0.2)
        raise AssertionError("%s was not made in time" % name)

    def check(self, identity: dict) -> dict:
        """The stack once its check has ended."""
        self.engine.stack_check(self.context, identity)
        return wait_for(self.engine, self.context, identity)

    def delete_left(self) -> None:
        """Delete the stacks made here that the test did not delete: the lab is shared by
        the whole run, and servers left behind would pile up in it."""
        for identity in self.made:
            try:
                self.delete(identity)
            except exception.EntityNotFound:
                pass


@pytest.fixture
def admin_stacks(keystone_engine, admin_context):
    """Stacks of the lab's admin (admin-only types go through these)."""
    stacks = LabStacks(keystone_engine, admin_context)
    yield stacks
    stacks.delete_left()


@pytest.fixture
def demo_stacks(keystone_engine, demo_context):
    """Stacks of the lab's demo user, a plain member of its project."""
    stacks = LabStacks(keystone_engine, demo_context)
    yield stacks
    stacks.delete_left()


@pytest.fixture(scope="session")
def keystone(lab):
    """The lab's Keystone, provisioned as tools/keystone provisions the tests' own."""
    return Keystone.from_state(dict(lab.state, url=lab.auth_url))


@pytest.fixture(scope="session")
def admin_cloud(lab):
    """openstacksdk as the lab's admin (project admin)."""
    connection = lab.admin_connection()
    yield connection
    connection.close()


@pytest.fixture(scope="session")
def demo_cloud(lab):
    """openstacksdk as demo, the member of project demo that ``demo_stacks`` acts as."""
    connection = lab.demo_connection()
    yield connection
    connection.close()


@pytest.fixture(scope="session")
def lab_admin(lab):
    """The lab's admin user (project admin)."""
    return lab.admin


@pytest.fixture(scope="session")
def lab_demo(lab):
    """The lab's demo user (project demo)."""
    return lab.demo


@pytest.fixture(scope="session")
def lab_swift_info(demo_cloud) -> dict:
    """What the lab's Swift proxy says it can do (``GET /info``)."""
    root = demo_cloud.object_store.get_endpoint().split("/v1/")[0]
    return requests.get(root + "/info", timeout=10).json()


@pytest.fixture
def lab_names(lab):
    """What every lab has for templates to name: ``image``, ``flavor`` (m1.tiny),
    ``external_network`` and ``volume_type``."""
    return {
        "image": lab.state["image"]["name"],
        "flavor": "m1.tiny",
        "external_network": lab.external_network,
        "volume_type": lab.state["volume_type"]["name"],
    }
