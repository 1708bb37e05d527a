"""Fixtures of the tests against a running lab (``tools/lab``): the functional tests' engine
and stacks (``tests/functional/keystone_engine.py``) act in the lab's Keystone, so their
stacks reach the lab's Nova, Swift... through its catalog; openstacksdk connections check
what they made.

The lab is the one whose work dir ``HEAT_LAB_DIR`` names (its ``lab.json``); without it the
tests skip (fail under ``CI=true``).
"""

import json
import os
import pathlib

import openstack
import pytest
import requests

from tests.fixtures.keystone import Keystone, KeystoneUser
from tests.fixtures.services import skip_or_fail
from tests.functional.keystone_engine import Stacks, wait_for


@pytest.fixture(scope="session")
def lab_state() -> dict:
    """The content of the running lab's ``lab.json``."""
    work_dir = os.environ.get("HEAT_LAB_DIR")
    path = pathlib.Path(work_dir or ".") / "lab.json"
    if not work_dir or not path.is_file():
        skip_or_fail("no running lab: set HEAT_LAB_DIR to the work dir of tools/lab/lab_up.py")
    return json.loads(path.read_text())


@pytest.fixture(scope="session")
def keystone(lab_state) -> Keystone:
    """The lab's Keystone, for the engine fixtures of the functional tests."""
    return Keystone.from_state(dict(lab_state, url=lab_state["auth_url"]))


@pytest.fixture(scope="session")
def lab_admin(keystone) -> KeystoneUser:
    return keystone.admin


@pytest.fixture(scope="session")
def lab_demo(keystone) -> KeystoneUser:
    return keystone.demo


def connect(keystone: Keystone, user: KeystoneUser) -> openstack.connection.Connection:
    """An openstacksdk connection of ``user`` in its project."""
    return openstack.connect(
        auth_url=keystone.url,
        username=user.username,
        password=user.password,
        project_name=user.project_name,
        user_domain_id="default",
        project_domain_id="default",
        region_name=keystone.region,
    )


@pytest.fixture(scope="session")
def admin_cloud(keystone):
    """openstacksdk acting as the lab's admin, to check what stacks made."""
    return connect(keystone, keystone.admin)


@pytest.fixture(scope="session")
def demo_cloud(keystone):
    """openstacksdk acting as the lab's demo user."""
    return connect(keystone, keystone.demo)


@pytest.fixture(scope="session")
def lab_swift_info(demo_cloud) -> dict:
    """What the lab's Swift proxy says it can do (``GET /info``)."""
    endpoint = demo_cloud.object_store.get_endpoint()
    root = endpoint.split("/v1/")[0]
    return requests.get(root + "/info", timeout=10).json()


class LabStacks(Stacks):
    """Stack calls that may also start an action without waiting for it."""

    def start_create(self, template: dict, name: str | None = None) -> dict:
        """The identity of a new stack whose create is still running."""
        name = name or "stack-%s" % os.urandom(4).hex()
        return self.engine.create_stack(self.context, name, template, {}, {}, {})

    def wait(self, identity: dict, timeout: float = 90.0) -> tuple[str, str, str]:
        """``(action, status, reason)`` once the running action has ended."""
        wait_for(self.engine, self.context, identity, timeout)
        return self.state(identity)

    def check(self, identity: dict) -> dict:
        """The stack once its check has ended."""
        self.engine.stack_check(self.context, identity)
        return wait_for(self.engine, self.context, identity)


@pytest.fixture
def admin_stacks(keystone_engine, admin_context):
    """Stacks of the lab's admin."""
    return LabStacks(keystone_engine, admin_context)


@pytest.fixture
def demo_stacks(keystone_engine, demo_context):
    """Stacks of the lab's demo user, a member of its project."""
    return LabStacks(keystone_engine, demo_context)
