"""Horizon with heat-dashboard (tools/horizon) served against a heat deployment on the lab.

The deployment (tests/functional/aws_heat.py) lists heat's orchestration endpoint in a catalog
region of its own beside the lab's services; Horizon logs in through the lab's Keystone, and
the test picks that region in Horizon's region menu. The logs of Horizon and of heat's
processes are added to a failed test's report, since what went wrong there rarely shows in
the browser.
"""

import pathlib
import subprocess

import pytest
import requests

from tests.fixtures.installers import installed_venv
from tests.fixtures.services import free_port
from tests.functional import aws_heat
from tests.functional.browser import chromium, screenshot_dir  # noqa: F401 (a fixture)
from tests.functional.processes import wait_until

TOOLS = pathlib.Path(__file__).resolve().parents[4] / "tools" / "horizon"
# A cold install fetches ~500 MB of packages, then compresses the static files.
INSTALL_TIMEOUT = 1200
START_TIMEOUT = 60


class Horizon:
    """A running ``tools/horizon/serve.sh``: its root URL and its log."""

    def __init__(self, port: int, keystone_url: str, work_dir: pathlib.Path):
        self.url = "http://127.0.0.1:%d" % port
        self.binary = "horizon"
        self.log_path = work_dir / "horizon.log"
        self._log = self.log_path.open("w")
        self.process = subprocess.Popen(
            [str(TOOLS / "serve.sh"), str(port), keystone_url, str(work_dir)],
            stdout=self._log,
            stderr=subprocess.STDOUT,
        )

    def log_tail(self, lines: int = 60) -> str:
        """The end of the log, but for the requests of static files, which bury the rest."""
        logged = self.log_path.read_text(errors="replace").splitlines()
        return "\n".join([line for line in logged if '"GET /static/' not in line][-lines:])

    def check_alive(self) -> None:
        """Fail with the log when the server has exited (for ``wait_until``)."""
        if self.process.poll() is not None:
            raise AssertionError(
                "Horizon exited with %s:\n%s" % (self.process.returncode, self.log_tail())
            )

    def login_page_served(self) -> bool:
        """Whether Horizon serves its login page yet."""
        try:
            return requests.get(self.url + "/auth/login/", timeout=5).status_code == 200
        except requests.ConnectionError:
            return False

    def stop(self) -> None:
        """SIGTERM (Django's server exits at once), SIGKILL if it hangs."""
        self.process.terminate()
        try:
            self.process.wait(timeout=15)
        except subprocess.TimeoutExpired:
            self.process.kill()
            self.process.wait()
        self._log.close()


@pytest.fixture(scope="session")
def horizon_venv() -> pathlib.Path:
    """Horizon and heat-dashboard's virtualenv, installed on first use (tools/horizon)."""
    return installed_venv(TOOLS / "install.sh", "Horizon and heat-dashboard", INSTALL_TIMEOUT)


@pytest.fixture(scope="module")
def heat_deployment(lab, keystone, make_database, rabbit_url, tmp_path_factory):
    """heat's APIs and engine on Keystone, with a catalog region listing the lab's services."""
    work_dir = tmp_path_factory.mktemp("horizon-heat")
    with aws_heat.running(
        keystone, make_database("mysql"), rabbit_url, work_dir, {}, lab.services()
    ) as deployment:
        yield deployment


@pytest.fixture(scope="module")
def horizon(horizon_venv, lab, tmp_path_factory):
    """Horizon serving on a free port, logging in through the lab's Keystone."""
    work_dir = tmp_path_factory.mktemp("horizon")
    server = Horizon(free_port(), lab.auth_url, work_dir)
    try:
        wait_until(server.login_page_served, [server], START_TIMEOUT, "Horizon's login page")
        yield server
    finally:
        server.stop()


@pytest.hookimpl(hookwrapper=True)
def pytest_runtest_makereport(item, call):
    """Add Horizon's and heat's logs to the report of a test that failed, and keep a
    screenshot of what the browser showed then."""
    outcome = yield
    report = outcome.get_result()
    if not report.failed:
        return
    funcargs = getattr(item, "funcargs", {})
    if "chromium" in funcargs and report.when == "call":
        picture = screenshot_dir() / ("heat-dashboard-failed-%s.png" % item.name)
        funcargs["chromium"].save_screenshot(str(picture))
        report.sections.append(("screenshot", str(picture)))
    if "horizon" in funcargs:
        report.sections.append(("Horizon's log", funcargs["horizon"].log_tail()))
    if "heat_deployment" in funcargs:
        report.sections.append(("heat's logs", funcargs["heat_deployment"].log_tails()))
