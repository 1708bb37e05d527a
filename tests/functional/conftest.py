"""Fixtures of the functional tests: an in-process engine acting in the real Keystone."""

from tests.functional.keystone_engine import (  # noqa: F401 (fixtures used by name)
    admin_context,
    admin_stacks,
    demo_context,
    demo_stacks,
    engine_conf,
    identity_admin,
    keystone_engine,
)
