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

import pytest

from tests.fixtures.keystone import Keystone
from tests.functional.keystone_engine import (  # noqa: F401 (fixtures re-exported)
    Stacks,
    admin_context,
    admin_stacks,
    demo_context,
    demo_stacks,
    engine_conf,
    identity_admin,
    keystone_engine,
    wait_for,
)

__all__ = [
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
    "lab_names",
    "wait_for",
]


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
