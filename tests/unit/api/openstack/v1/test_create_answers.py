"""Created stacks show their state and outputs as OpenStack Heat 27 shows them.

The cases are ``upstream/create_cases.yaml``; ``tools/upstream/create_answers.py`` recorded
upstream's answers (legacy and convergence engines) in ``upstream/create_answers.json``.
"""

import json
import pathlib
import time

import pytest
import yaml

from tests.unit.api.conftest import TENANT, call

UPSTREAM = pathlib.Path(__file__).parent / "upstream"
CASES = yaml.safe_load((UPSTREAM / "create_cases.yaml").read_text())
ANSWERS = json.loads((UPSTREAM / "create_answers.json").read_text())
SHOWN = ("stack_status", "stack_status_reason", "outputs", "description", "template_description")


def created(app, name, case):
    body = {"stack_name": name, "template": case["template"], "files": case.get("files") or {}}
    answer = call(app, "POST", "/v1/%s/stacks" % TENANT, dict(body, disable_rollback=True))
    assert answer.status_code == 201, answer.text
    path = "/v1/%s/stacks/%s/%s" % (TENANT, name, answer.json["stack"]["id"])
    deadline = time.monotonic() + 30
    while (stack := call(app, "GET", path).json["stack"])["stack_status"].endswith("PROGRESS"):
        assert time.monotonic() < deadline, "the create did not end"
        time.sleep(0.05)
    return {key: stack.get(key) for key in SHOWN}


@pytest.mark.parametrize("name", sorted(CASES))
def test_the_created_stack_shows_as_on_openstack_heat(real_app, name):
    """As one of upstream's engines shows it: they word some reasons apart (convergence
    drops ``Resource CREATE failed:`` before a property that cannot be resolved)."""
    assert created(real_app, name, CASES[name]) in ANSWERS[name].values()
