"""Record OpenStack Heat 27's outcome of every update scenario, for the tests to compare with.

Runs each scenario of ``tests/fixtures/update_scenarios.py`` against upstream's REST API
(heat-engine and heat-wsgi-api from its own virtualenv, noauth, a MariaDB database, a
throw-away RabbitMQ vhost), once with the legacy engine and once with convergence, and
writes ``tests/unit/api/openstack/v1/upstream/update_outcomes.json``::

    .venv/bin/python tools/upstream/update_outcomes.py [--upstream-venv DIR] [-k SUBSTRING]

Scenarios run a few at a time; each takes seconds (upstream sleeps between levels).
"""

import argparse
import concurrent.futures
import json
import pathlib
import sys
import tempfile
import time

import requests

REPO = pathlib.Path(__file__).resolve().parents[2]
sys.path[:0] = [str(REPO), str(REPO / "tools" / "bench")]

import upstream_api  # noqa: E402

from tests.fixtures import update_scenarios  # noqa: E402

OUTCOMES = REPO / "tests/unit/api/openstack/v1/upstream/update_outcomes.json"
HEADERS = {"X-Auth-User": "admin", "X-Auth-Project": "admin", "Content-Type": "application/json"}
LIMITS = "max_resources_per_stack = -1\ndeferred_auth_method = password\n"
MARIADB = "mysql+pymysql://root@127.0.0.1:3306"
ENGINES = {"legacy": "convergence_engine = false\n", "convergence": "convergence_engine = true\n"}


def sender(url: str):
    """A ``send`` for :class:`update_scenarios.RestDriver` speaking to ``url``."""
    session = requests.Session()
    session.headers.update(HEADERS)

    def send(method: str, path: str, body):
        response = session.request(method, url + path, json=body, timeout=120)
        if response.status_code >= 400:
            raise RuntimeError("%s %s: %s" % (method, path, response.text))
        if "json" not in response.headers.get("Content-Type", ""):
            return None  # an update's 202 carries no body to read
        return response.json()

    return send


def record(url: str, scenarios, workers: int) -> dict:
    """Each scenario's outcome (or ``{"error": ...}``) on the API at ``url``."""

    def play(scenario):
        try:
            driver = update_scenarios.RestDriver(sender(url))
            return update_scenarios.run(driver, scenario, "s%d" % (time.monotonic_ns() % 10**9))
        except Exception as error:  # noqa: BLE001 - recorded, so the run goes on
            return {"error": str(error)[:500]}

    with concurrent.futures.ThreadPoolExecutor(workers) as pool:
        results = pool.map(play, scenarios)
        return {scenario.name: result for scenario, result in zip(scenarios, results, strict=True)}


def main():
    parser = argparse.ArgumentParser(description=__doc__.splitlines()[0])
    parser.add_argument(
        "--upstream-venv", default=str(pathlib.Path.home() / ".cache/upstream-heat")
    )
    parser.add_argument("-k", default="", help="only scenarios whose name holds this")
    parser.add_argument("--workers", type=int, default=6)
    args = parser.parse_args()
    scenarios = [s for s in update_scenarios.all_scenarios() if args.k in s.name]
    recorded = json.loads(OUTCOMES.read_text()) if OUTCOMES.exists() else {}
    for engine, option in ENGINES.items():
        with tempfile.TemporaryDirectory() as workdir:
            venv = pathlib.Path(args.upstream_venv)
            # Stacks run side by side, which upstream's engine does not survive on SQLite.
            with upstream_api.throwaway_database(MARIADB, "mysql") as database_url:
                with upstream_api.running_upstream(
                    venv, pathlib.Path(workdir), LIMITS + option, database_url
                ) as base:
                    outcomes = record(base + "/v1/admin", scenarios, args.workers)
        for name, outcome in outcomes.items():
            recorded.setdefault(name, {})[engine] = outcome
            print(engine, name, outcome.get("stack", outcome.get("error")), flush=True)
    OUTCOMES.parent.mkdir(parents=True, exist_ok=True)
    OUTCOMES.write_text(json.dumps(dict(sorted(recorded.items())), indent=1, sort_keys=True) + "\n")


if __name__ == "__main__":
    main()
