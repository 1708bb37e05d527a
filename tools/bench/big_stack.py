"""Reads of a large stack, and reads while a large stack is being created.

With one stack of ``size`` OS::Heat::None present it times GET .../resources,
GET .../events and GET /stacks/{name}/{id}; then, while another stack of ``size`` is
being created on the same engine, GET /stacks. Each figure is ``(p50 ms, p95 ms)``.
"""

import time
import uuid

from stack_shapes import flat_none

CALLS = ("GET resources", "GET events", "GET stack", "GET /stacks during create")


def percentile(values, fraction):
    """The value at ``fraction`` (0..1) of the sorted ``values`` (nearest rank)."""
    ordered = sorted(values)
    return ordered[min(len(ordered) - 1, max(0, round(fraction * len(ordered)) - 1))]


def figures(times):
    return percentile(times, 0.5), percentile(times, 0.95)


def measure(endpoint, size, requests_count, timeout, results):
    """Put ``{call: (p50, p95)}`` of CALLS on ``endpoint`` (a stacks.Endpoint) in ``results``,
    each as soon as it is measured (a later failure, such as a delete that times out, keeps
    them); the stacks it makes are deleted after."""
    template = flat_none(size)
    prefix = "bench-big-%s" % uuid.uuid4().hex[:6]
    made = []
    try:
        stack_url = endpoint.create(prefix + "-read", template)
        made.append(stack_url)
        endpoint.wait(stack_url, {"CREATE_COMPLETE"}, time.monotonic() + timeout)
        for call, url in (
            ("GET resources", stack_url + "/resources"),
            ("GET events", stack_url + "/events"),
            ("GET stack", stack_url),
        ):
            for _ in range(3):
                endpoint.timed_get(url)
            results[call] = figures([endpoint.timed_get(url) for _ in range(requests_count)])
        busy_url = endpoint.create(prefix + "-busy", template)
        made.append(busy_url)
        times = []
        deadline = time.monotonic() + timeout
        while endpoint.status(busy_url)[0] != "CREATE_COMPLETE" and time.monotonic() < deadline:
            times.append(endpoint.timed_get(endpoint.url + "/stacks"))
        if len(times) >= 5:
            results["GET /stacks during create"] = figures(times)
    finally:
        for url in made:
            endpoint.delete(url)
        for url in made:
            endpoint.wait(url, {None, "DELETE_COMPLETE"}, time.monotonic() + timeout)
