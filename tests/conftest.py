"""Fixtures every test module may use by name: real databases and services of this machine;
and a guard on every test against eventlet monkey patching and green threads left behind."""

pytest_plugins = [
    "tests.fixtures.services",
    "tests.fixtures.databases",
    "tests.fixtures.documents",
    "tests.fixtures.keystone",
    "tests.fixtures.lab",
    "tests.fixtures.agents",
    "tests.fixtures.config_agents",
    "tests.fixtures.cloud_init",
    "tests.fixtures.eventlet_guard",
]
