"""Running heat-tempest-plugin from a test: its virtualenv, and reading what a run found."""

import pathlib
import subprocess

from tests.fixtures.long_waits import expected_wait
from tests.fixtures.services import skip_or_fail
from tests.functional.processes import REPO

TOOLS = REPO / "tools" / "tempest"


def install_tempest() -> pathlib.Path:
    """tempest's virtualenv, installed on first use; skips (fails in CI) when it cannot be."""
    try:
        with expected_wait():
            result = subprocess.run(
                [str(TOOLS / "install.sh")], capture_output=True, text=True, timeout=1800
            )
    except subprocess.TimeoutExpired:
        skip_or_fail("installing tempest took more than 1800 s")
    if result.returncode != 0:
        tail = "\n".join(result.stderr.splitlines()[-20:])
        skip_or_fail("cannot install tempest and heat-tempest-plugin:\n" + tail)
    return pathlib.Path(result.stdout.strip().splitlines()[-1])


def describe(results: dict, tests: list[str]) -> str:
    """One paragraph per test: its id, status and why it did not pass."""
    missing = {"status": "not run", "reason": ""}
    paragraphs = []
    for test in tests:
        result = results.get(test, missing)
        paragraphs.append("%s: %s\n%s" % (test, result["status"], result["reason"]))
    return "\n\n".join(paragraphs)
