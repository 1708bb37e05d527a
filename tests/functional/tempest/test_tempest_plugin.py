"""heat-tempest-plugin 3.0.0, OpenStack Heat's own API and functional suite, on our split
deployment (heat-engine and the APIs over RabbitMQ and MariaDB, the real Keystone).

The suite runs once, on the default (convergence) engine (tools/tempest/tempest_run.py;
the tests needing services this machine has not are skipped by the plugin's
``[service_available]`` settings): the legacy engine answers the API the same, and the
update scenarios and stack tests play both engines. Every test that passes
against OpenStack Heat 27 under the same tempest.conf (upstream_passing.txt, recorded by
tools/tempest/record_upstream.py) must pass here, but for the known failures listed with
their cause in known_failures.yaml, which must still fail (a fixed one leaves the list).
"""

import json
import pathlib
import subprocess

import pytest
import yaml

from tests.functional import aws_heat
from tests.functional.tempest.suite import TOOLS, describe, install_tempest

# One worker runs the module's tests, so that they share one tempest run: two runs at once
# would also make the same named resources (tempest's volume type "LUKS") side by side.
pytestmark = pytest.mark.xdist_group("tempest")

HERE = pathlib.Path(__file__).resolve().parent
UPSTREAM_PASSING = (HERE / "upstream_passing.txt").read_text().split()
KNOWN_FAILURES = yaml.safe_load((HERE / "known_failures.yaml").read_text()) or {}


@pytest.fixture(scope="module")
def results(keystone, make_database, rabbit_url, tmp_path_factory) -> dict:
    """``{tempest test id: {"status", "reason"}}`` of one run of the suite on a deployment
    of its own, configured as upstream's was (no test resource plugins)."""
    venv = install_tempest()
    work_dir = tmp_path_factory.mktemp("tempest-heat")
    database_url = make_database("mysql")
    defaults = {"convergence_engine": True}
    with aws_heat.running(keystone, database_url, rabbit_url, work_dir, defaults) as deployment:
        results_path = work_dir / "results.json"
        command = [
            str(venv / "bin" / "python"),
            str(TOOLS / "tempest_run.py"),
            str(keystone.work_dir / "keystone.json"),
            deployment.region,
            str(work_dir / "tempest"),
            str(results_path),
        ]
        run = subprocess.run(command, capture_output=True, text=True, timeout=480)
        assert run.returncode == 0, run.stderr[-3000:]
        return json.loads(results_path.read_text())


@pytest.mark.timeout(900)
def test_every_test_passing_upstream_passes_here(results):
    expected = [test for test in UPSTREAM_PASSING if test not in KNOWN_FAILURES]
    failing = [test for test in expected if results.get(test, {}).get("status") != "success"]
    assert not failing, describe(results, failing)


@pytest.mark.timeout(900)
def test_known_failures_still_fail(results):
    fixed = [test for test in KNOWN_FAILURES if results.get(test, {}).get("status") == "success"]
    assert not fixed, "these pass now: remove them from known_failures.yaml\n" + "\n".join(fixed)
