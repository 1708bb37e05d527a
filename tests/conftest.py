"""Fixtures every test module may use by name: real databases and services of this machine."""

pytest_plugins = [
    "tests.fixtures.services",
    "tests.fixtures.databases",
    "tests.fixtures.documents",
    "tests.fixtures.keystone",
]
