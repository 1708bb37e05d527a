#!/usr/bin/env python3
"""POST /validate of real templates, ours against OpenStack Heat 27, template by template.

Usage: .venv/bin/python tools/bench/validate_corpus.py [--limit 200] [--repeat 3]
           [--upstream-venv /work/upstream-heat-venv]
The corpus is every template of tripleo-heat-templates 18.0.0 as rendered by
tools/bench/tripleo_templates.py, and heat-tempest-plugin's templates when its virtualenv
(tools/tempest/install.sh) is there. Each is sent as ``openstack orchestration template
validate -t FILE`` sends it (python-heatclient's template_utils: the template and every
file it reaches), to heat-all and to Heat 27's API (noauth, heat-engine over RabbitMQ),
one after the other. It prints, per side, the median of ``--repeat`` calls of each
template, then the ratio Heat 27 / ours: its median over the corpus, how many templates
are slower here, the slowest ratios, and the templates whose answers differ in status.
"""

import argparse
import pathlib
import re
import statistics
import sys
import tempfile
import time
import warnings

sys.path.insert(0, str(pathlib.Path(__file__).parent))

import requests  # noqa: E402
import tripleo_templates  # noqa: E402
import upstream_api  # noqa: E402
import validate  # noqa: E402

warnings.filterwarnings("ignore", message="\\s*Eventlet is deprecated")
TEMPEST_TEMPLATES = "lib/python3.11/site-packages/heat_tempest_plugin"
TEMPLATE = re.compile("^heat_template_version:", re.MULTILINE)


def corpus(limit):
    """``{name: path}`` of the templates measured: every ``limit``-th of them when there are
    more, so that a short run still covers the whole tree."""
    trees = [tripleo_templates.rendered_templates()]
    tempest = pathlib.Path.home() / ".cache" / "heat-tempest"
    trees += sorted(path for path in tempest.glob("venv-*/" + TEMPEST_TEMPLATES) if path.is_dir())
    found = {}
    for tree in trees:
        for path in sorted(tree.rglob("*.yaml")):
            if TEMPLATE.search(path.read_text(errors="replace")):
                found["%s/%s" % (tree.name, path.relative_to(tree))] = path
    if limit and len(found) > limit:
        names = sorted(found)
        kept = [names[int(index * len(names) / limit)] for index in range(limit)]
        found = {name: found[name] for name in kept}
    return found


def request_body(path):
    """The body python-heatclient sends to validate ``path``."""
    from heatclient.common import template_utils
    from oslo_serialization import jsonutils

    files, template = template_utils.get_template_contents(template_file=str(path))
    return jsonutils.dumps({"template": template, "files": files})


def times_of(base, bodies, repeat):
    """``{name: (median seconds, status, error)}`` of POST /validate of each body at
    ``base`` (``error``: the message of a refusal, else None)."""
    session = requests.Session()
    session.headers.update(validate.HEADERS)
    url = base + "/v1/%s/validate" % validate.TENANT
    results = {}
    for name, body in bodies.items():
        session.post(url, data=body, timeout=300)  # warm-up: caches of each side
        seconds = []
        for _ in range(repeat):
            started = time.perf_counter()
            response = session.post(url, data=body, timeout=300)
            seconds.append(time.perf_counter() - started)
        error = (
            response.json().get("error", {}).get("message") if response.status_code >= 400 else None
        )
        results[name] = (statistics.median(seconds), response.status_code, error)
    return results


def report(ours, upstream):
    """The ratios Heat 27 / ours over the templates both measured."""
    names = sorted(set(ours) & set(upstream))
    ratios = {name: upstream[name][0] / ours[name][0] for name in names}
    slower = sorted((ratio, name) for name, ratio in ratios.items() if ratio < 1)
    differing = [name for name in names if ours[name][1] != upstream[name][1]]
    print("templates measured: %d" % len(names))
    print(
        "ours: median %.1f ms, total %.2f s; heat27: median %.1f ms, total %.2f s"
        % (
            1000 * statistics.median(ours[name][0] for name in names),
            sum(ours[name][0] for name in names),
            1000 * statistics.median(upstream[name][0] for name in names),
            sum(upstream[name][0] for name in names),
        )
    )
    print("speed-up (heat27 / ours): median %.2fx" % statistics.median(ratios.values()))
    print("templates slower here: %d" % len(slower))
    for ratio, name in slower[:15]:
        print(
            "  %.2fx  ours %.1f ms, heat27 %.1f ms  %s"
            % (ratio, 1000 * ours[name][0], 1000 * upstream[name][0], name)
        )
    print("answers differing in status: %d" % len(differing))
    for name in differing[:15]:
        print("  ours %d, heat27 %d  %s" % (ours[name][1], upstream[name][1], name))
        for side, answer in (("ours", ours[name]), ("heat27", upstream[name])):
            if answer[2]:
                print("      %s: %s" % (side, answer[2][:300]))


def main():
    parser = argparse.ArgumentParser(description=__doc__.splitlines()[0])
    parser.add_argument("--limit", type=int, default=200, help="templates measured (0: all)")
    parser.add_argument("--repeat", type=int, default=3)
    parser.add_argument("--upstream-venv", default="/work/upstream-heat-venv")
    args = parser.parse_args()
    bodies, unreadable = {}, []
    for name, path in corpus(args.limit).items():
        try:
            bodies[name] = request_body(path)
        except Exception:  # noqa: BLE001 - a file it reaches is missing: the CLI fails too
            unreadable.append(name)
    print(
        "templates: %d; left out, a file they reach is missing: %d" % (len(bodies), len(unreadable))
    )
    with tempfile.TemporaryDirectory() as tmp:
        workdir = pathlib.Path(tmp)
        process, base = validate.start_heat_all(workdir)
        try:
            ours = times_of(base, bodies, args.repeat)
        finally:
            process.terminate()
            process.wait(timeout=30)
        try:
            with upstream_api.running_upstream(
                pathlib.Path(args.upstream_venv), workdir, validate.LIMITS
            ) as upstream_base:
                upstream = times_of(upstream_base, bodies, args.repeat)
        except upstream_api.Unavailable as reason:
            print("heat27: not measured (%s)" % reason)
            return
    report(ours, upstream)


if __name__ == "__main__":
    main()
