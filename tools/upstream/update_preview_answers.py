"""Record OpenStack Heat 27's update previews, for the tests to compare with.

Each case of ``tests/unit/engine/stacks/upstream/update_preview.yaml`` (a ``template`` and
``files`` to create, a ``new_template`` and ``new_files`` to preview, ``show_nested``) runs
against upstream's REST API (heat-engine and heat-wsgi-api from its own virtualenv, noauth,
SQLite, a throw-away RabbitMQ vhost): the stack is created, its update previewed through
``PUT .../preview``, then deleted. The ``resource_changes`` (or the error) go to
``update_preview.json`` beside the cases::

    .venv/bin/python tools/upstream/update_preview_answers.py [--upstream-venv DIR]
"""

import argparse
import json
import pathlib
import sys
import tempfile
import time

import requests
import yaml

REPO = pathlib.Path(__file__).resolve().parents[2]
sys.path[:0] = [str(REPO / "tools" / "bench")]

import upstream_api  # noqa: E402

CASES = REPO / "tests/unit/engine/stacks/upstream/update_preview.yaml"
HEADERS = {"X-Auth-User": "admin", "X-Auth-Project": "admin"}
LIMITS = "deferred_auth_method = password\n"


def settled(session, url: str) -> dict:
    deadline = time.monotonic() + 60
    while time.monotonic() < deadline:
        stack = session.get(url, timeout=30).json()["stack"]
        if not stack["stack_status"].endswith("IN_PROGRESS"):
            return stack
        time.sleep(0.2)
    raise SystemExit("%s did not settle" % url)


def preview(session, base: str, name: str, case: dict) -> dict:
    """Upstream's answer to the case: ``{"result": resource_changes}`` or ``{"raised": ...}``."""
    body = {"stack_name": name, "template": case["template"], "files": case.get("files") or {}}
    made = session.post(base + "/stacks", json=body, timeout=30)
    made.raise_for_status()
    url = "%s/stacks/%s/%s" % (base, name, made.json()["stack"]["id"])
    created = settled(session, url)
    if created["stack_status"] != "CREATE_COMPLETE":
        raise SystemExit("%s: %s" % (name, created["stack_status_reason"]))
    new = {"template": case["new_template"], "files": case.get("new_files") or {}}
    params = {"show_nested": "true"} if case.get("show_nested") else {}
    answer = session.put(url + "/preview", json=new, params=params, timeout=60)
    session.delete(url, timeout=30)
    if answer.status_code >= 400:
        error = answer.json()["error"]
        return {"raised": {"type": error["type"], "message": error["message"]}}
    return {"result": answer.json()["resource_changes"]}


def main():
    parser = argparse.ArgumentParser(description=__doc__.splitlines()[0])
    parser.add_argument(
        "--upstream-venv", default=str(pathlib.Path.home() / ".cache/upstream-heat")
    )
    args = parser.parse_args()
    cases = yaml.safe_load(CASES.read_text())
    session = requests.Session()
    session.headers.update(HEADERS)
    with tempfile.TemporaryDirectory() as workdir:
        venv = pathlib.Path(args.upstream_venv)
        with upstream_api.running_upstream(venv, pathlib.Path(workdir), LIMITS) as base:
            answers = {name: preview(session, base + "/v1/admin", name, case)
                       for name, case in cases.items()}  # fmt: skip
    CASES.with_suffix(".json").write_text(json.dumps(answers, indent=1, sort_keys=True) + "\n")


if __name__ == "__main__":
    main()
