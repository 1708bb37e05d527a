"""OpenStack Heat 27's answers to templates sent for validate, preview, create and update.

Run it with the Python of the upstream virtualenv, e.g.
``/root/.cache/upstream-heat/bin/python tools/upstream/template_answers.py CASES.yaml``
``> ANSWERS.json``. It starts upstream's heat-engine and heat-wsgi-api (noauth, a RabbitMQ
vhost, SQLite: see ``tools/bench/upstream_api.py``). The cases file maps a case name to
``{template, files, environment}``; each case is sent to ``POST /validate``,
``POST /stacks/preview``, ``POST /stacks`` and ``PUT /stacks/<name>/<id>`` (updating a stack of one
``OS::Heat::None``). An answer is ``{"status": ..., "error": {"type", "message"}}``, with
``error`` only for 4xx and 5xx statuses, recorded as ``ANSWERS[case][operation]``.
"""

import json
import pathlib
import sys
import tempfile
import time

import requests
import yaml

sys.path.insert(0, str(pathlib.Path(__file__).resolve().parents[1] / "bench"))

import upstream_api  # noqa: E402

HEADERS = {"X-Auth-User": "admin", "X-Auth-Project": "admin", "Content-Type": "application/json"}
# noauth has no Keystone to make trusts with: stacks keep the caller's credentials.
SETTINGS = "deferred_auth_method = password\n"
EMPTY_STACK = {
    "heat_template_version": "2021-04-16",
    "resources": {"none": {"type": "OS::Heat::None"}},
}


def answer_of(response):
    """The recorded form of ``response``: its status and, for errors, type and message."""
    answer = {"status": response.status_code}
    if response.status_code >= 400:
        error = response.json()["error"]
        answer["error"] = {"type": error["type"], "message": error.get("message")}
    return answer


class UpstreamApi:
    """Requests to one tenant's URL of a running upstream API."""

    def __init__(self, base):
        self.url = base + "/v1/admin"
        self.session = requests.Session()
        self.session.headers.update(HEADERS)

    def send(self, method, path, body):
        return self.session.request(method, self.url + path, data=json.dumps(body), timeout=60)

    def created_stack(self, name):
        """The path of a new stack of one OS::Heat::None, once it is no longer in progress."""
        response = self.send("POST", "/stacks", {"stack_name": name, "template": EMPTY_STACK})
        if response.status_code != 201:
            raise RuntimeError("creating %s: %s" % (name, response.text))
        path = "/stacks/%s/%s" % (name, response.json()["stack"]["id"])
        deadline = time.monotonic() + 60
        while time.monotonic() < deadline:
            stack = self.session.get(self.url + path, timeout=30).json()["stack"]
            if not stack["stack_status"].endswith("IN_PROGRESS"):
                return path
            time.sleep(0.5)
        raise RuntimeError("stack %s still in progress" % name)

    def answers(self, name, case):
        """The answers of every operation to ``case``, the body of the requests."""
        body = {key: case[key] for key in ("template", "files", "environment") if key in case}
        stack_body = dict(body, stack_name=name)
        return {
            "validate": answer_of(self.send("POST", "/validate", body)),
            "preview": answer_of(self.send("POST", "/stacks/preview", stack_body)),
            "create": answer_of(self.send("POST", "/stacks", stack_body)),
            "update": answer_of(self.send("PUT", self.created_stack(name + "-u"), body)),
        }


def main(cases_path):
    cases = yaml.safe_load(pathlib.Path(cases_path).read_text())
    with tempfile.TemporaryDirectory() as workdir:
        venv = pathlib.Path(sys.prefix)
        with upstream_api.running_upstream(venv, pathlib.Path(workdir), SETTINGS) as base:
            api = UpstreamApi(base)
            answers = {name: api.answers(name, case) for name, case in cases.items()}
    json.dump(answers, sys.stdout, indent=1, sort_keys=True)
    print()


if __name__ == "__main__":
    main(sys.argv[1])
