"""Running heat-tempest-plugin from a test: its virtualenv, and reading what a run found."""

import pathlib

from tests.fixtures.installers import installed_venv
from tests.functional.processes import REPO

TOOLS = REPO / "tools" / "tempest"


def install_tempest() -> pathlib.Path:
    """tempest's virtualenv, installed on first use; skips (fails in CI) when it cannot be."""
    return installed_venv(TOOLS / "install.sh", "tempest and heat-tempest-plugin")


def describe(results: dict, tests: list[str]) -> str:
    """One paragraph per test: its id, status and why it did not pass."""
    missing = {"status": "not run", "reason": ""}
    paragraphs = []
    for test in tests:
        result = results.get(test, missing)
        paragraphs.append("%s: %s\n%s" % (test, result["status"], result["reason"]))
    return "\n\n".join(paragraphs)
