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


def pytest_configure(config):
    """An engine started by a test stops at once: the idle workers of futurist's pool
    (oslo.messaging's ``threading`` executor) notice a shutdown only when their wait
    for work times out, which lasts a second, and most API tests stop an engine."""
    from futurist import _thread as futurist_threads

    futurist_threads.ThreadWorker.MAX_IDLE_FOR = 0.05
