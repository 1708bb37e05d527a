"""Stack updates, rollbacks and cancels end as they do on OpenStack Heat 27, on both engines.

Every scenario of :mod:`tests.fixtures.update_scenarios` is played through the REST API on
the real engine, and what it ends as is compared with upstream's recorded outcome
(``upstream/update_outcomes.json``, written by ``tools/upstream/update_outcomes.py``).

A cancelled scenario spends seconds waiting for its cancel to land; they are played side by
side, each in a project of its own on one engine, once per engine and run (one whose cancel
came too late is played again alone).
"""

import concurrent.futures
import json
import pathlib

import pytest

from tests.fixtures import update_scenarios
from tests.unit.api.conftest import TENANT, call, make_real_conf, serving

# One worker plays the cancelled scenarios of both engines, instead of each worker.
pytestmark = pytest.mark.xdist_group("update_scenarios")

RECORDED = json.loads((pathlib.Path(__file__).parent / "upstream/update_outcomes.json").read_text())
SCENARIOS = {scenario.name: scenario for scenario in update_scenarios.all_scenarios()}
CANCELLED = sorted(name for name, scenario in SCENARIOS.items() if scenario.ending == "cancel_last")
# Cancelled scenarios played at once: enough to overlap their waits, few enough that the
# polls of the others leave each cancel well inside its resource's update.
SIDE_BY_SIDE = 12


def sender(app, tenant=TENANT):
    """A ``send`` for the scenario driver, calling the app in this process."""

    def send(method, path, body):
        answer = call(app, method, "/v1/%s%s" % (tenant, path), body)
        assert answer.status_code < 400, answer.text
        return answer.json if answer.content_type == "application/json" else None

    return send


def expected(name):
    """Upstream's outcome with its default (convergence) engine. Its legacy engine ends the
    same in most scenarios; where not, it shows known flaws (after rolling back a replaced
    ``b``, ``c`` is left holding TestResource's default value instead of ``b``'s output)."""
    return RECORDED[name]["convergence"]


def play(app, name, tenant=TENANT):
    driver = update_scenarios.RestDriver(sender(app, tenant))
    outcome = update_scenarios.run(driver, SCENARIOS[name], "s")
    if "reason" not in expected(name):
        del outcome["reason"]  # recorded before reasons were compared
    return outcome


@pytest.fixture(scope="session")
def cancelled_outcomes(tmp_path_factory, make_database):
    """``outcome(strategy, name)``: what a cancelled scenario ended as; the first call for an
    engine plays all of them on it, on PostgreSQL (SQLite locks up with a dozen writers)."""
    played: dict[str, dict] = {}

    def outcome(strategy, name):
        if strategy not in played:
            database = make_database("postgresql")
            played[strategy] = play_side_by_side(
                tmp_path_factory.mktemp(strategy), database, strategy
            )
        return played[strategy][name]

    return outcome


def play_side_by_side(tmp_path, database, strategy):
    line = "convergence_engine = %s" % (strategy == "convergence")
    with serving(make_real_conf(tmp_path, database, line)) as app:
        with concurrent.futures.ThreadPoolExecutor(SIDE_BY_SIDE) as pool:
            futures = {
                name: pool.submit(play, app, name, "p%d" % index)
                for index, name in enumerate(CANCELLED)
            }
            concurrent.futures.wait(futures.values())
        played = {}
        for index, (name, future) in enumerate(futures.items()):
            try:
                played[name] = future.result()
            except AssertionError:
                # On a loaded machine a cancel can arrive once the update it was to stop
                # has ended (the API then refuses it): played again alone, as it was
                # before scenarios were played side by side.
                played[name] = play(app, name, "again%d" % index)
        return played


@pytest.mark.parametrize("strategy", ["convergence", "legacy"])
@pytest.mark.parametrize("name", sorted(SCENARIOS))
def test_the_update_ends_as_on_openstack_heat(strategy, name, request):
    """On either of our engines: upstream's default engine is the outcome to match."""
    if name in CANCELLED:
        outcome = request.getfixturevalue("cancelled_outcomes")(strategy, name)
    else:
        real_conf = request.getfixturevalue("real_conf")
        real_conf.set_override("convergence_engine", strategy == "convergence")
        outcome = play(request.getfixturevalue("real_app"), name)
    assert outcome == expected(name)


def test_every_scenario_has_a_recorded_outcome():
    assert sorted(RECORDED) == sorted(SCENARIOS)
