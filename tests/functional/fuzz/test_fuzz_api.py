"""Fuzzed request bodies on every native API route, against heat-all and against the split
deployment (heat-api and heat-engine over RabbitMQ, on MariaDB and PostgreSQL): no answer
is a 5xx and every request ends. Each run is bounded in examples and in time (about 20 s
of requests per deployment) and prints its counts of requests per route and statuses."""

import time

import pytest
from hypothesis import HealthCheck, given, settings

from tests.functional.fuzz import fuzzer as fuzzing
from tests.functional.test_heat_all import heat_all  # noqa: F401 (fixture used by name)
from tests.functional.test_split_deployment import TENANT, deployment  # noqa: F401

BUDGET_SECONDS = 20
MAX_EXAMPLES = 400


def run(fuzzer: fuzzing.Fuzzer, title: str) -> None:
    """Fuzz every route until the examples or the time budget run out; print the counts."""
    route_table = fuzzing.routes(fuzzer.tenant, fuzzing.prepare(fuzzer))
    deadline = time.monotonic() + BUDGET_SECONDS

    @settings(
        max_examples=MAX_EXAMPLES,
        deadline=None,
        database=None,
        suppress_health_check=list(HealthCheck),
    )
    @given(fuzzing.request_strategy(route_table))
    def send(request):
        if time.monotonic() > deadline:
            return
        route, data = request
        method, path, _ = route_table[route]
        fuzzer.send(route, method, path, data)

    try:
        send()
    finally:
        print("\n" + fuzzer.report(title))
    assert sum(fuzzer.counts.values()) >= len(route_table)
    assert fuzzer.failures == []


def test_heat_all_answers_no_5xx_to_fuzzed_bodies(heat_all):  # noqa: F811
    run(fuzzing.Fuzzer(heat_all["heat_api"], "admin"), "heat-all")


@pytest.fixture(scope="module", params=["mysql", "postgresql"])
def backend(request):
    return request.param


def test_split_deployment_answers_no_5xx_to_fuzzed_bodies(deployment, backend):  # noqa: F811
    run(fuzzing.Fuzzer(deployment["base"], TENANT), "split deployment on %s" % backend)
