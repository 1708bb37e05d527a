"""Record how OpenStack Heat 27 shows stacks once created, for the tests to compare with.

Each case of ``tests/unit/api/openstack/v1/upstream/create_cases.yaml`` (a ``template``
and its ``files``) is created through upstream's REST API (as
``tools/upstream/update_outcomes.py`` runs it), with the legacy engine and with
convergence; the stack's status, reason and outputs once the create ended go to
``create_answers.json`` beside it::

    .venv/bin/python tools/upstream/create_answers.py
"""

import json
import pathlib
import sys
import tempfile
import time

import yaml

REPO = pathlib.Path(__file__).resolve().parents[2]
sys.path[:0] = [str(REPO / "tools" / "bench"), str(REPO / "tools" / "upstream")]

import update_outcomes  # noqa: E402
import upstream_api  # noqa: E402

CASES = REPO / "tests/unit/api/openstack/v1/upstream/create_cases.yaml"


def shown(stack):
    """What the tests compare of a stack."""
    keys = ("stack_status", "stack_status_reason", "outputs", "description", "template_description")
    return {key: stack.get(key) for key in keys}


def create(send, name, case):
    """Create ``case`` as stack ``name``, wait for its end, and show it."""
    body = {"stack_name": name, "template": case["template"]}
    body.update(files=case.get("files") or {}, disable_rollback=True)
    created = send("POST", "/stacks", body)["stack"]
    path = "/stacks/%s/%s" % (name, created["id"])
    deadline = time.monotonic() + 120
    while send("GET", path, None)["stack"]["stack_status"].endswith("_IN_PROGRESS"):
        if time.monotonic() > deadline:
            raise SystemExit("the create of %s did not end" % name)
        time.sleep(0.2)
    return shown(send("GET", path, None)["stack"])


def main():
    cases = yaml.safe_load(CASES.read_text())
    venv = pathlib.Path.home() / ".cache/upstream-heat"
    answers: dict = {name: {} for name in cases}
    for engine, option in update_outcomes.ENGINES.items():
        limits = update_outcomes.LIMITS + option
        with tempfile.TemporaryDirectory() as workdir:
            with upstream_api.running_upstream(venv, pathlib.Path(workdir), limits) as base:
                send = update_outcomes.sender(base + "/v1/admin")
                for name, case in cases.items():
                    answers[name][engine] = create(send, name, case)
    answer_file = CASES.with_name("create_answers.json")
    answer_file.write_text(json.dumps(answers, indent=1, sort_keys=True) + "\n")


if __name__ == "__main__":
    main()
