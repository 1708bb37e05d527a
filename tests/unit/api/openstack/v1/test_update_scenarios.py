"""Stack updates, rollbacks and cancels end as they do on OpenStack Heat 27, on both engines.

Every scenario of :mod:`tests.fixtures.update_scenarios` is played through the REST API on
the real engine, and what it ends as is compared with upstream's recorded outcome
(``upstream/update_outcomes.json``, written by ``tools/upstream/update_outcomes.py``).
"""

import json
import pathlib

import pytest

from tests.fixtures import update_scenarios
from tests.unit.api.conftest import TENANT, call

RECORDED = json.loads((pathlib.Path(__file__).parent / "upstream/update_outcomes.json").read_text())
SCENARIOS = {scenario.name: scenario for scenario in update_scenarios.all_scenarios()}


def sender(app):
    """A ``send`` for the scenario driver, calling the app in this process."""

    def send(method, path, body):
        answer = call(app, method, "/v1/%s%s" % (TENANT, path), body)
        assert answer.status_code < 400, answer.text
        return answer.json if answer.content_type == "application/json" else None

    return send


def expected(name):
    """Upstream's outcome with its default (convergence) engine. Its legacy engine ends the
    same in most scenarios; where not, it shows known flaws (after rolling back a replaced
    ``b``, ``c`` is left holding TestResource's default value instead of ``b``'s output)."""
    return RECORDED[name]["convergence"]


@pytest.mark.parametrize("strategy", ["convergence", "legacy"])
@pytest.mark.parametrize("name", sorted(SCENARIOS))
def test_the_update_ends_as_on_openstack_heat(real_conf, strategy, name, request):
    """On either of our engines: upstream's default engine is the outcome to match."""
    real_conf.set_override("convergence_engine", strategy == "convergence")
    real_app = request.getfixturevalue("real_app")
    driver = update_scenarios.RestDriver(sender(real_app))
    outcome = update_scenarios.run(driver, SCENARIOS[name], "s")
    wanted = expected(name)
    if "reason" not in wanted:
        del outcome["reason"]  # recorded before reasons were compared
    assert outcome == wanted


def test_every_scenario_has_a_recorded_outcome():
    assert sorted(RECORDED) == sorted(SCENARIOS)
