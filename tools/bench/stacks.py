#!/usr/bin/env python3
"""Stack create/delete times, API latency and engine memory, ours against OpenStack Heat 27.

Usage: .venv/bin/python tools/bench/stacks.py [--endpoint URL [--engine-pid PID]...]
           [--split [--engine-workers N]] [--legacy] [--database sqlite|mysql|postgresql]
           [--upstream [--upstream-legacy]] [--sizes 10,100,1000]
           [--upstream-sizes ...] [--upstream-timeout 300] [--shapes none,random,group,chain]
Without --endpoint it starts ours (heat-all, or heat-api + heat-engine over RabbitMQ with
--split) and, with --upstream, also Heat 27 on the same RabbitMQ and database server. For
each shape of tools/bench/stack_shapes.py and each size it prints the seconds from POST to
CREATE_COMPLETE and from DELETE to gone, the engine's peak RSS during the create, then
GET /stacks and GET /stacks/{name}/{id} latency with 100 stacks present, the reads of a
1000-resource stack and GET /stacks while one is created (tools/bench/big_stack.py), and
the targets.
"""

import argparse
import contextlib
import dataclasses
import pathlib
import sys
import tempfile
import time
import uuid

sys.path.insert(0, str(pathlib.Path(__file__).parent))

import big_stack  # noqa: E402
import requests  # noqa: E402
import upstream_api  # noqa: E402
import upstream_stacks  # noqa: E402
from stack_shapes import SHAPES  # noqa: E402

HEADERS = {
    "X-Auth-User": "admin",
    # deferred_auth_method = password (upstream needs it without Keystone) stores it.
    "X-Auth-Key": "admin",
    "X-Auth-Project": "admin",
    "Content-Type": "application/json",
}
POLL_SECONDS = 0.05
# Waits start this short, so fast operations are timed finely, and grow to POLL_SECONDS.
FIRST_POLL_SECONDS = 0.005
SPEED_UP_TARGET = 10
PAST = {"create": "created", "delete": "deleted"}


class Rejected(Exception):
    """The API refused a request; the message is its status and error text."""


class Failed(Exception):
    """A stack ended in a FAILED status; the message is its status reason."""


class TimedOut(Exception):
    """A stack did not reach the awaited status in time."""


class Endpoint:
    """A Heat native API at ``url`` (``http://host:port/v1/<tenant>``), spoken to with the
    noauth headers; every wait polls GET /stacks/{name}/{id}, from every
    ``FIRST_POLL_SECONDS`` growing to every ``POLL_SECONDS``."""

    def __init__(self, url):
        self.url = url.rstrip("/")
        self.session = requests.Session()
        self.session.headers.update(HEADERS)

    def create(self, name, template):
        """POST a stack (rollback disabled); the URL of the new stack."""
        body = {"stack_name": name, "template": template, "disable_rollback": True}
        response = self.session.post(self.url + "/stacks", json=body, timeout=900)
        if response.status_code != 201:
            raise Rejected("%d %s" % (response.status_code, error_text(response)))
        return "%s/stacks/%s/%s" % (self.url, name, response.json()["stack"]["id"])

    def status(self, stack_url):
        """``(stack_status, reason)`` of the stack, or None when it is gone (404)."""
        response = self.session.get(stack_url, timeout=60)
        if response.status_code == 404:
            return None
        if response.status_code != 200:
            raise Rejected("%d %s" % (response.status_code, error_text(response)))
        stack = response.json()["stack"]
        return stack["stack_status"], stack.get("stack_status_reason") or ""

    def wait(self, stack_url, done, deadline):
        """Poll until the status is in ``done`` (None meaning gone); Failed on a FAILED
        status, TimedOut past ``deadline`` (a ``time.monotonic()`` value)."""
        pause = FIRST_POLL_SECONDS
        while True:
            state = self.status(stack_url)
            if state is None or state[0] in done:
                if state is None and None not in done:
                    raise Failed("the stack disappeared")
                return
            if state[0].endswith("FAILED"):
                raise Failed("%s: %s" % state)
            if time.monotonic() > deadline:
                raise TimedOut(state[0])
            time.sleep(pause)
            pause = min(pause * 1.5, POLL_SECONDS)

    def delete(self, stack_url):
        """DELETE the stack; a stack already gone is fine."""
        response = self.session.delete(stack_url, timeout=900)
        if response.status_code not in (200, 202, 204, 404):
            raise Rejected("%d %s" % (response.status_code, error_text(response)))

    def resource_types(self):
        """The resource type names the endpoint lists, or None when it cannot list them."""
        response = self.session.get(self.url + "/resource_types", timeout=60)
        if response.status_code != 200:
            return None
        return {
            entry if isinstance(entry, str) else entry.get("resource_type")
            for entry in response.json().get("resource_types", [])
        }

    def timed_get(self, url):
        """Milliseconds of one GET of ``url``, which must answer 200."""
        started = time.perf_counter()
        response = self.session.get(url, timeout=60)
        elapsed = (time.perf_counter() - started) * 1000
        if response.status_code != 200:
            raise Rejected("%d %s" % (response.status_code, error_text(response)))
        return elapsed


def error_text(response):
    """The message of a Heat error body, or the start of the raw body."""
    try:
        return response.json()["error"]["message"]
    except (ValueError, KeyError, TypeError):
        return response.text[:300]


@dataclasses.dataclass
class Timing:
    """Seconds an operation took, or, when ``problem`` is set (timeout, failed, skipped), the
    seconds spent before giving up (a lower bound for a timeout)."""

    seconds: float | None = None
    problem: str | None = None

    def done(self):
        """Whether the operation completed."""
        return self.problem is None and self.seconds is not None

    def __str__(self):
        if self.done():
            return "%.2f" % self.seconds
        if self.problem == "timeout":
            return ">%.0f timeout" % self.seconds
        return self.problem or "-"


@dataclasses.dataclass
class ShapeResult:
    """One shape at one size on one side: create and delete timings, engine peak RSS during
    the create, and a note (why it was skipped or failed)."""

    create: Timing
    delete: Timing
    peak_rss_mb: float | None = None
    note: str = ""


def timed_wait(endpoint, stack_url, done, started, timeout):
    """A Timing of waiting for ``done`` from ``started`` (a monotonic time) with ``timeout``;
    ``(Timing, note)``."""
    try:
        endpoint.wait(stack_url, done, started + timeout)
    except TimedOut as status:
        return Timing(time.monotonic() - started, "timeout"), "timed out in %s" % status
    except (Failed, Rejected) as error:
        return Timing(time.monotonic() - started, "failed"), str(error)
    return Timing(time.monotonic() - started), ""


def measure_shape(endpoint, sampler, shape, size, timeout, known_types=None):
    """Create then delete a stack of ``shape`` with ``size`` resources; a ShapeResult. A shape
    whose resource type is not in ``known_types`` (when given) is skipped."""
    _, build, resource_type = SHAPES[shape]
    if known_types is not None and resource_type not in known_types:
        skipped = Timing(problem="skipped")
        return ShapeResult(skipped, skipped, note="%s is not a known type" % resource_type)
    name = "bench-%s-%d-%s" % (shape, size, uuid.uuid4().hex[:8])
    template = build(size)
    with sampler:
        started = time.monotonic()
        try:
            stack_url = endpoint.create(name, template)
        except Rejected as error:
            problem = "skipped" if resource_type in str(error) else "rejected"
            return ShapeResult(Timing(problem=problem), Timing(problem=problem), note=str(error))
        create, note = timed_wait(endpoint, stack_url, {"CREATE_COMPLETE"}, started, timeout)
    peak = sampler.peak_mb
    started = time.monotonic()
    try:
        endpoint.delete(stack_url)
    except Rejected as error:
        return ShapeResult(create, Timing(problem="failed"), peak, note or str(error))
    delete, delete_note = timed_wait(
        endpoint, stack_url, {None, "DELETE_COMPLETE"}, started, timeout
    )
    return ShapeResult(create, delete, peak, note or delete_note)


def percentile(values, fraction):
    """The value at ``fraction`` (0..1) of the sorted ``values`` (nearest rank)."""
    ordered = sorted(values)
    return ordered[min(len(ordered) - 1, max(0, round(fraction * len(ordered)) - 1))]


def measure_latency(endpoint, stack_count, requests_count, timeout):
    """With ``stack_count`` one-resource stacks present, ``{call: (p50 ms, p95 ms)}`` over
    ``requests_count`` GET /stacks and GET /stacks/{name}/{id}; the stacks are deleted after."""
    stack_urls = []
    try:
        create_stacks(endpoint, stack_count, stack_urls, timeout)
        calls = {
            "GET /stacks": lambda n: endpoint.url + "/stacks",
            "GET /stacks/{name}/{id}": lambda n: stack_urls[n % len(stack_urls)],
        }
        figures = {}
        for call, url_of in calls.items():
            for n in range(10):
                endpoint.timed_get(url_of(n))
            times = [endpoint.timed_get(url_of(n)) for n in range(requests_count)]
            figures[call] = (percentile(times, 0.5), percentile(times, 0.95))
        return figures
    finally:
        delete_stacks(endpoint, stack_urls, timeout)


def create_stacks(endpoint, count, stack_urls, timeout):
    """Create ``count`` one-resource stacks, appending each URL to ``stack_urls`` as soon as
    it exists, then wait until all are CREATE_COMPLETE."""
    template = SHAPES["none"][1](1)
    prefix = "bench-list-%s" % uuid.uuid4().hex[:6]
    for number in range(count):
        stack_urls.append(endpoint.create("%s-%d" % (prefix, number), template))
    deadline = time.monotonic() + timeout
    for stack_url in stack_urls:
        endpoint.wait(stack_url, {"CREATE_COMPLETE"}, deadline)


def delete_stacks(endpoint, stack_urls, timeout):
    """Delete the stacks and wait (up to ``timeout`` in all) until they are gone."""
    for stack_url in stack_urls:
        with contextlib.suppress(Rejected):
            endpoint.delete(stack_url)
    deadline = time.monotonic() + timeout
    for stack_url in stack_urls:
        with contextlib.suppress(Failed, TimedOut, Rejected):
            endpoint.wait(stack_url, {None, "DELETE_COMPLETE"}, deadline)


@dataclasses.dataclass
class Side:
    """What was measured on one deployment: ``{(shape, size): ShapeResult}``, the latency
    figures (``{call: (p50, p95)}``) or why they are missing."""

    label: str
    results: dict = dataclasses.field(default_factory=dict)
    latency: dict = dataclasses.field(default_factory=dict)
    latency_note: str = ""
    big: dict = dataclasses.field(default_factory=dict)
    big_note: str = ""


def run_side(label, deployment, sizes, options, timeout):
    """Measure every shape and size, then latency, on ``deployment``; a Side, printed as it goes."""
    endpoint = Endpoint(deployment.url)
    sampler = upstream_stacks.RssSampler(deployment.engine_pids)
    side = Side(label)
    known_types = endpoint.resource_types()
    print("== %s: %s" % (label, deployment.url), flush=True)
    # One untimed round first: the first stack of a fresh service pays for cold caches.
    measure_shape(endpoint, sampler, options.shapes[0], 1, timeout, known_types)
    for size in sizes:
        for shape in options.shapes:
            result = measure_shape(endpoint, sampler, shape, size, timeout, known_types)
            side.results[shape, size] = result
            print(
                "  %-18s %5d  create %-12s delete %-12s peak RSS %s  %s"
                % (
                    SHAPES[shape][0],
                    size,
                    result.create,
                    result.delete,
                    megabytes(result.peak_rss_mb),
                    result.note,
                ),
                flush=True,
            )
    if options.latency_stacks:
        try:
            side.latency = measure_latency(
                endpoint, options.latency_stacks, options.requests, timeout
            )
        except (Rejected, Failed, TimedOut) as error:
            side.latency_note = "%s: %s" % (type(error).__name__, error)
        for call, (p50, p95) in side.latency.items():
            print("  %-26s p50 %7.1f ms  p95 %7.1f ms" % (call, p50, p95), flush=True)
    if options.big_size:
        try:
            big_stack.measure(endpoint, options.big_size, options.big_requests, timeout, side.big)
        except (Rejected, Failed, TimedOut) as error:
            side.big_note = "%s: %s" % (type(error).__name__, error)
        for call, (p50, p95) in side.big.items():
            print("  %-26s p50 %7.1f ms  p95 %7.1f ms" % (call, p50, p95), flush=True)
    return side


def megabytes(value):
    """``value`` MB with one decimal, or ``-``."""
    return "-" if value is None else "%.1f" % value


def speed_up(ours, upstream):
    """``(text, verdict)`` for upstream's Timing over ours: a factor (a lower bound when
    upstream timed out) and PASS/FAIL against SPEED_UP_TARGET, or n/a."""
    if ours is None or upstream is None or ours.problem == "skipped":
        return "-", "n/a"
    if not ours.done():
        return "-", "FAIL"
    if upstream.done():
        factor = upstream.seconds / ours.seconds
        return "%.1fx" % factor, "PASS" if factor >= SPEED_UP_TARGET else "FAIL"
    if upstream.problem == "timeout":
        factor = upstream.seconds / ours.seconds
        return ">%.1fx" % factor, "PASS" if factor >= SPEED_UP_TARGET else "n/a"
    return "-", "n/a"


def print_table(sides, shapes, sizes):
    """One row per shape and size: each side's create/delete seconds and peak RSS, then the
    speed-up of the first side over the second with its verdict."""
    header = "%-18s %5s" % ("shape", "N")
    for side in sides:
        header += " | %-8s %12s %12s %8s" % (side.label[:8], "create s", "delete s", "RSS MB")
    if len(sides) == 2:
        header += " | %-16s %-16s" % ("speed-up create", "speed-up delete")
    print("\n" + header)
    for size in sizes:
        for shape in shapes:
            cells = [side.results.get((shape, size)) for side in sides]
            row = "%-18s %5d" % (SHAPES[shape][0], size)
            for cell in cells:
                if cell is None:
                    row += " | %-8s %12s %12s %8s" % ("", "-", "-", "-")
                else:
                    row += " | %-8s %12s %12s %8s" % (
                        "",
                        cell.create,
                        cell.delete,
                        megabytes(cell.peak_rss_mb),
                    )
            if len(sides) == 2:
                for action in ("create", "delete"):
                    text, verdict = speed_up(*(getattr(c, action) if c else None for c in cells))
                    row += " | %-16s" % ("%s %s" % (text, verdict))
            print(row)


def print_latency(sides, title, calls, figures_of, note_of):
    """p50/p95 of each of ``calls`` on each side (``figures_of(side)``: ``{call: (p50, p95)}``)."""
    print(
        "\n%-26s" % title
        + "".join(" | %-8s %8s %8s" % (side.label[:8], "p50 ms", "p95 ms") for side in sides)
    )
    for call in calls:
        row = "%-26s" % call
        for side in sides:
            p50, p95 = figures_of(side).get(call, (None, None))
            row += " | %-8s %8s %8s" % ("", fmt_ms(p50), fmt_ms(p95))
        print(row)
    for side in sides:
        if note_of(side):
            print("  %s: not measured: %s" % (side.label, note_of(side)))


def fmt_ms(value):
    """Milliseconds with one decimal, or ``-``."""
    return "-" if value is None else "%.1f" % value


def verdict(passed):
    """PASS, FAIL, or n/a when ``passed`` is None (not measured)."""
    return "n/a" if passed is None else ("PASS" if passed else "FAIL")


def size_targets(ours):
    """``[(target, measured text, passed or None)]`` for the 1000-resource targets."""
    flat, chain = ours.results.get(("none", 1000)), ours.results.get(("chain", 1000))
    rows = []
    for action in ("create", "delete"):
        timing = getattr(flat, action) if flat else None
        passed = None if timing is None else timing.done() and timing.seconds < 5
        rows.append(("1000 flat None %s < 5 s" % PAST[action], str(timing or "-"), passed))
    chain_done = None if chain is None else chain.create.done()
    rows.append(("1000 chain None completes", str(chain.create if chain else "-"), chain_done))
    peaks = [r.peak_rss_mb for (_, size), r in ours.results.items() if size == 1000]
    peaks = [peak for peak in peaks if peak is not None]
    peak = max(peaks) if peaks else None
    rows.append(
        (
            "engine RSS < 300 MB in 1000 create",
            megabytes(peak),
            None if peak is None else peak < 300,
        )
    )
    return rows


def speed_up_target(ours, upstream):
    """``(target, measured text, passed or None)`` for every shape being 10x faster."""
    verdicts = []
    for key, result in ours.results.items():
        reference = upstream.results.get(key)
        if reference is not None:
            for action in ("create", "delete"):
                text, cell = speed_up(getattr(result, action), getattr(reference, action))
                if cell != "n/a":
                    verdicts.append((SHAPES[key[0]][0], key[1], action, text, cell))
    failures = ["%s %d %s %s" % row[:4] for row in verdicts if row[4] == "FAIL"]
    measured = "%d compared; " % len(verdicts) + (
        "fails: " + ", ".join(failures) if failures else "none fails"
    )
    return (
        "every shape >= 10x faster than Heat 27",
        measured,
        None if not verdicts else not failures,
    )


def print_targets(ours, upstream):
    """Each target with what was measured and PASS/FAIL (n/a when not measured)."""
    rows = size_targets(ours)
    if upstream is not None:
        rows.append(speed_up_target(ours, upstream))
    reads = [(call, ours.latency) for call in ("GET /stacks", "GET /stacks/{name}/{id}")]
    reads += [(call, ours.big) for call in big_stack.CALLS]
    for call, figures in reads:
        p95 = figures.get(call, (None, None))[1]
        rows.append(("%s p95 < 50 ms" % call, fmt_ms(p95), None if p95 is None else p95 < 50))
    print("\ntargets (%s)" % ours.label)
    for target, measured, passed in rows:
        print("  %-40s %-24s %s" % (target, measured, verdict(passed)))


def parse_args():
    """The command line, with sizes as lists of ints and shapes as a list of keys."""
    parser = argparse.ArgumentParser(description=__doc__.splitlines()[0])
    parser.add_argument("--endpoint", help="measure this API (http://host:8004/v1/<tenant>)")
    parser.add_argument(
        "--engine-pid",
        type=int,
        action="append",
        default=[],
        help="with --endpoint: an engine process to sample (with its children)",
    )
    parser.add_argument("--split", action="store_true", help="heat-api + heat-engine, RabbitMQ")
    parser.add_argument("--engine-workers", type=int, default=1, help="ours with --split")
    parser.add_argument(
        "--legacy", action="store_true", help="ours with convergence_engine = false"
    )
    parser.add_argument("--database", choices=("sqlite", "mysql", "postgresql"), default="sqlite")
    parser.add_argument("--upstream", action="store_true", help="also measure Heat 27")
    parser.add_argument("--upstream-endpoint", help="an already running Heat to compare with")
    parser.add_argument("--upstream-venv", default="/work/upstream-heat-venv")
    parser.add_argument(
        "--upstream-legacy", action="store_true", help="Heat 27 with convergence_engine = false"
    )
    parser.add_argument("--sizes", default="10,100,1000")
    parser.add_argument("--upstream-sizes", help="default: --sizes")
    parser.add_argument("--shapes", default=",".join(SHAPES), help="of: " + ",".join(SHAPES))
    parser.add_argument("--timeout", type=float, default=600, help="ours, per operation (s)")
    parser.add_argument("--upstream-timeout", type=float, default=300, help="per operation (s)")
    parser.add_argument("--latency-stacks", type=int, default=100, help="0 skips latency")
    parser.add_argument("--requests", type=int, default=200, help="per latency call")
    parser.add_argument("--big-size", type=int, default=1000, help="0 skips the big stack")
    parser.add_argument("--big-requests", type=int, default=50, help="per big-stack read")
    parser.add_argument("--workdir", help="keep configs and logs here (default: a temp dir)")
    args = parser.parse_args()
    args.sizes = [int(size) for size in args.sizes.split(",")]
    args.upstream_sizes = (
        [int(size) for size in args.upstream_sizes.split(",")]
        if args.upstream_sizes
        else args.sizes
    )
    args.shapes = args.shapes.split(",")
    unknown = set(args.shapes) - set(SHAPES)
    if unknown:
        parser.error("unknown shapes: %s" % ", ".join(sorted(unknown)))
    return args


def measure_all(args, workdir):
    """Run ours, then Heat 27 if asked (one at a time, so they do not share the CPUs);
    ``(ours Side, upstream Side or None)``."""
    with contextlib.ExitStack() as stack:
        ours = run_side(
            "ours",
            upstream_stacks.ours_deployment(stack, args, workdir),
            args.sizes,
            args,
            args.timeout,
        )
    with contextlib.ExitStack() as stack:
        deployment = upstream_stacks.upstream_deployment(stack, args, workdir)
        if deployment is None:
            return ours, None
        return ours, run_side(
            "heat27", deployment, args.upstream_sizes, args, args.upstream_timeout
        )


def main():
    """Measure what the command line asks for, then print the tables and the targets."""
    args = parse_args()
    with contextlib.ExitStack() as stack:
        if args.workdir:
            workdir = pathlib.Path(args.workdir)
            workdir.mkdir(parents=True, exist_ok=True)
        else:
            workdir = pathlib.Path(stack.enter_context(tempfile.TemporaryDirectory()))
        try:
            ours, upstream = measure_all(args, workdir)
        except upstream_api.Unavailable as reason:
            sys.exit("cannot start ours: %s" % reason)
        except requests.ConnectionError as error:
            sys.exit("cannot reach the API: %s" % error)
    sides = [ours] if upstream is None else [ours, upstream]
    print_table(sides, args.shapes, sorted(set(args.sizes) | set(args.upstream_sizes)))
    if args.latency_stacks:
        print_latency(
            sides,
            "call (%d stacks)" % args.latency_stacks,
            ("GET /stacks", "GET /stacks/{name}/{id}"),
            lambda side: side.latency,
            lambda side: side.latency_note,
        )
    if args.big_size:
        print_latency(
            sides,
            "call (%d resources)" % args.big_size,
            big_stack.CALLS,
            lambda side: side.big,
            lambda side: side.big_note,
        )
    print_targets(ours, upstream)


if __name__ == "__main__":
    main()
