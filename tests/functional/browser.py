"""Headless Chromium (Debian's package) driven through ChromeDriver, for the browser tests.

``tools/browser/install.sh`` installs both; the README's test command runs it. Screenshots go
to ``$HEAT_TEST_SCREENSHOTS`` (default ``$HOME/.cache/heat-test-logs/screenshots``), so a
failed run's pictures outlive the test's temporary directory.
"""

import os
import pathlib
import shutil
import subprocess

import pytest

from tests.fixtures.services import skip_or_fail

CHROMIUM = "/usr/bin/chromium"
CHROMEDRIVER = "/usr/bin/chromedriver"
INSTALLER = pathlib.Path(__file__).resolve().parents[2] / "tools" / "browser" / "install.sh"
FLAGS = (
    "--headless=new",
    "--no-sandbox",
    "--disable-gpu",
    "--disable-dev-shm-usage",
    "--disable-background-networking",
    "--disable-extensions",
    "--no-first-run",
)


def screenshot_dir() -> pathlib.Path:
    default = pathlib.Path.home() / ".cache" / "heat-test-logs" / "screenshots"
    path = pathlib.Path(os.environ.get("HEAT_TEST_SCREENSHOTS", default))
    path.mkdir(parents=True, exist_ok=True)
    return path


def _installed() -> bool:
    if shutil.which("chromium") and shutil.which("chromedriver"):
        return True
    subprocess.run([str(INSTALLER)], capture_output=True, timeout=600)
    return bool(shutil.which("chromium") and shutil.which("chromedriver"))


def start_chromium(width: int = 1600, height: int = 1000):
    """A headless Chromium session (selenium ``WebDriver``); the caller quits it."""
    try:
        from selenium import webdriver
        from selenium.webdriver.chrome.service import Service
    except ImportError:
        skip_or_fail("selenium is not installed (test-requirements.txt)")
    if not _installed():
        skip_or_fail("Debian's chromium and chromium-driver are not installed")
    options = webdriver.ChromeOptions()
    options.binary_location = shutil.which("chromium") or CHROMIUM
    for flag in FLAGS:
        options.add_argument(flag)
    options.add_argument("--window-size=%d,%d" % (width, height))
    service = Service(executable_path=shutil.which("chromedriver") or CHROMEDRIVER)
    return webdriver.Chrome(service=service, options=options)


@pytest.fixture
def chromium():
    """A headless Chromium for one test."""
    driver = start_chromium()
    yield driver
    driver.quit()
