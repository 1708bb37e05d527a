"""Sends fuzzed bodies to every native API route that takes one and counts the answers.

:func:`prepare` makes what the routes' paths name (a stack with a resource ``r``, a
software config and a deployment); :class:`Fuzzer` sends one request at a time, fails on
a request that does not end within ``REQUEST_TIMEOUT``, and keeps the counts per route
and status, and the 5xx answers, that the suites print and check.
"""

import collections
import time

import requests
from hypothesis import strategies as st

from tests.functional.fuzz import strategies as fuzz

REQUEST_TIMEOUT = 60
TEMPLATE = {"heat_template_version": "2015-04-30", "resources": {"r": {"type": "OS::Heat::None"}}}


class Fuzzer:
    """Requests to one heat API, with the statuses it answered."""

    def __init__(self, base: str, tenant: str):
        self.base = base
        self.tenant = tenant
        self.session = requests.Session()
        self.session.headers.update({"Content-Type": "application/json"})
        self.counts: collections.Counter = collections.Counter()
        self.statuses: collections.Counter = collections.Counter()
        self.failures: list[tuple] = []

    def call(self, method: str, path: str, body=None) -> requests.Response:
        """A plain request of the setup, which must succeed."""
        answer = self.session.request(method, self.base + path, json=body, timeout=REQUEST_TIMEOUT)
        assert answer.status_code < 400, answer.text
        return answer

    def send(self, route: str, method: str, path: str, data: bytes) -> int:
        """Send ``data``; a 5xx is kept (route, start of the body, error) for the report."""
        answer = self.session.request(method, self.base + path, data=data, timeout=REQUEST_TIMEOUT)
        self.counts[route] += 1
        self.statuses[answer.status_code] += 1
        if answer.status_code >= 500:
            error = answer.json().get("error", {}) if _is_json(answer) else {}
            self.failures.append((route, answer.status_code, error.get("type"), data[:160]))
        return answer.status_code

    def report(self, title: str) -> str:
        """The counts, one route per line, for the suite to print."""
        lines = ["%s: %d requests" % (title, sum(self.counts.values()))]
        lines += ["  %-32s %d" % (route, count) for route, count in sorted(self.counts.items())]
        lines.append("  statuses: %s" % dict(sorted(self.statuses.items())))
        lines += ["  5xx: %s -> %d %s %r" % failure for failure in self.failures[:20]]
        return "\n".join(lines)


def _is_json(answer: requests.Response) -> bool:
    return "json" in answer.headers.get("Content-Type", "")


def prepare(fuzzer: Fuzzer, deadline_seconds: float = 60) -> dict:
    """A complete stack ``fuzz`` with resource ``r``, a config and a deployment of it."""
    tenant = "/v1/" + fuzzer.tenant
    body = {"stack_name": "fuzz", "template": TEMPLATE}
    stack_id = fuzzer.call("POST", tenant + "/stacks", body).json()["stack"]["id"]
    stack_path = "%s/stacks/fuzz/%s" % (tenant, stack_id)
    deadline = time.monotonic() + deadline_seconds
    while fuzzer.call("GET", stack_path).json()["stack"]["stack_status"] != "CREATE_COMPLETE":
        assert time.monotonic() < deadline, "the fuzzed stack was not created in time"
        time.sleep(0.2)
    config = {"name": "c", "group": "script", "config": "#!/bin/sh"}
    config_id = fuzzer.call("POST", tenant + "/software_configs", config).json()["software_config"][
        "id"
    ]
    deployment = {"config_id": config_id, "server_id": "fuzz-server", "action": "CREATE"}
    deployment_id = fuzzer.call("POST", tenant + "/software_deployments", deployment).json()[
        "software_deployment"
    ]["id"]
    return {"stack": stack_path, "config_id": config_id, "deployment_id": deployment_id}


def routes(tenant: str, made: dict) -> dict:
    """Route name -> (method, path, strategy of its JSON body)."""
    base = "/v1/" + tenant
    stack = made["stack"]
    update = fuzz.body(fuzz.UPDATE_FIELDS)
    create = fuzz.body(fuzz.STACK_FIELDS, {"stack_name": fuzz.stack_name()})
    deployment_update = dict(
        fuzz.DEPLOYMENT_STATE_FIELDS,
        config_id=fuzz.field(st.just(made["config_id"])),
        output_values=fuzz.field(st.dictionaries(fuzz.NAMES, fuzz.JSON_VALUES, max_size=2)),
    )
    mark = {
        "mark_unhealthy": fuzz.field(st.booleans()),
        "resource_status_reason": fuzz.field(fuzz.STRINGS),
    }
    return {
        "stack create": ("POST", base + "/stacks", create),
        "stack preview": ("POST", base + "/stacks/preview", create),
        "stack update": ("PUT", stack, update),
        "stack update patch": ("PATCH", stack, update),
        "stack update preview": ("PUT", stack + "/preview", update),
        "stack patch preview": ("PATCH", stack + "/preview", update),
        "template validate": ("POST", base + "/validate", fuzz.body(fuzz.STACK_FIELDS)),
        "stack action": ("POST", stack + "/actions", fuzz.ACTION_BODY),
        "snapshot": ("POST", stack + "/snapshots", fuzz.body({"name": fuzz.field(fuzz.NAMES)})),
        "resource signal": (
            "POST",
            stack + "/resources/r/signal",
            st.dictionaries(fuzz.NAMES, fuzz.HOSTILE, max_size=3),
        ),
        "resource mark unhealthy": ("PATCH", stack + "/resources/r", fuzz.body(mark)),
        "software config create": (
            "POST",
            base + "/software_configs",
            fuzz.body(fuzz.CONFIG_FIELDS),
        ),
        "software deployment create": (
            "POST",
            base + "/software_deployments",
            fuzz.body(fuzz.deployment_fields(made["config_id"])),
        ),
        "software deployment update": (
            "PUT",
            "%s/software_deployments/%s" % (base, made["deployment_id"]),
            fuzz.body(deployment_update),
        ),
    }


def request_strategy(route_table: dict):
    """(route name, raw body bytes): a fuzzed JSON object, or now and then a raw body."""

    def for_route(name):
        _, _, body = route_table[name]
        data = st.integers(0, 9).flatmap(
            lambda roll: fuzz.RAW_BODIES if roll == 0 else body.map(fuzz.encoded)
        )
        return st.tuples(st.just(name), data)

    return st.sampled_from(sorted(route_table)).flatmap(for_route)
