"""tests/functional/lab_engine.py's fixtures, and what the tests of the Nova types and the
Swift signals add: stacks whose create may run while the test plays the server, ``stack
check``, the lab's users and what its Swift can do. Import everything into a conftest with
``from tests.functional.lab.lab_stacks import *``."""

import os

import pytest
import requests

from tests.functional import lab_engine
from tests.functional.lab_engine import *  # noqa: F403 (fixtures re-exported)
from tests.functional.lab_engine import Stacks, wait_for

# The stacks fixtures defined here replace lab_engine's.
__all__ = [
    *lab_engine.__all__,
    "LabStacks",
    "lab_admin",
    "lab_demo",
    "lab_swift_info",
]


class LabStacks(Stacks):
    """Stack calls that may also start an action without waiting for it, and check."""

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
    """Stacks of the lab's admin (admin-only types go through these)."""
    return LabStacks(keystone_engine, admin_context)


@pytest.fixture
def demo_stacks(keystone_engine, demo_context):
    """Stacks of the lab's demo user, a plain member of its project."""
    return LabStacks(keystone_engine, demo_context)


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
