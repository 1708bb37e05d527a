#!/usr/bin/env python3
"""TripleO's overcloud validated and previewed, ours against OpenStack Heat 27, side by side.

Usage: .venv/bin/python tools/bench/tripleo.py [--repeat 3] [--sizes small,large]
           [--upstream-venv /root/.cache/upstream-heat] [--profile small|large]
Fetches and renders tripleo-heat-templates 18.0.0 once (tools/bench/tripleo_templates.py),
builds the request ``openstack overcloud deploy`` sends for two node counts (small: the
default Controller and Compute, 525 resources upstream; large: 3 Controllers, 100
Computes, 3 CephStorage, 1358 resources), then prints the median seconds of validate and
preview in our engine and in upstream's (tools/bench/upstream_tripleo_runner.py, in its
own venv), with the resource counts each preview gives.
"""

import argparse
import cProfile
import json
import pathlib
import pstats
import statistics
import subprocess
import sys
import tempfile
import warnings

sys.path.insert(0, str(pathlib.Path(__file__).parent))
# Ours is the heat of this checkout, whichever one the virtualenv has installed.
sys.path.insert(1, str(pathlib.Path(__file__).resolve().parents[2]))

import tripleo_templates  # noqa: E402

warnings.filterwarnings("ignore", message="\\s*Eventlet is deprecated")
HERE = pathlib.Path(__file__).parent
SIZES = {"small": tripleo_templates.SMALL, "large": tripleo_templates.LARGE}
TARGET_SECONDS = 1.0


class OursInProcess:
    """Our EngineService with the limits of tripleoclient's Heat, on a throw-away SQLite."""

    def __init__(self, workdir):
        from oslo_config import cfg
        from oslo_log import log

        from heat.cmd import engine_setup
        from heat.common import config, context
        from heat.common import messaging as heat_messaging
        from heat.db import api as db_api
        from heat.db import migration

        config_file = workdir / "ours.conf"
        (workdir / "environment.d").mkdir(exist_ok=True)
        database = "sqlite:///%s" % (workdir / "ours.sqlite")
        config_file.write_text(
            tripleo_templates.engine_config(database)
            + "[DEFAULT]\ntransport_url = %s\nenvironment_dir = %s\n"
            % (heat_messaging.IN_PROCESS_TRANSPORT_URL, workdir / "environment.d")
        )
        conf = cfg.ConfigOpts()
        config.register(conf)
        log.register_options(conf)
        conf(["--config-file", str(config_file)], project="heat", default_config_files=[])
        db_api.configure(conf)
        migration.db_sync(db_api.get_engine())
        self.engine = engine_setup.build_engine(conf)
        self.engine.start()
        self.context = context.RequestContext(project_id="admin", user_id="admin", is_admin=True)

    def validate(self, request):
        answer = self.engine.validate_template(
            self.context, request["template"], request["environment"], request["files"]
        )
        if "Error" in answer:
            raise SystemExit("ours refused the overcloud: %s" % answer["Error"])
        return answer

    def preview(self, request):
        return self.engine.preview_stack(
            self.context,
            "overcloud",
            request["template"],
            request["environment"],
            request["files"],
            {},
        )

    def stop(self):
        self.engine.stop()


def ours_figures(workdir, requests, repeat):
    """``{size: {"validate", "preview", "resources"}}`` of our engine in this process."""
    ours = OursInProcess(workdir)
    try:
        figures = {}
        for size, request in requests.items():
            validate_times, _ = tripleo_templates.timed(
                lambda request=request: ours.validate(request), repeat
            )
            preview_times, answer = tripleo_templates.timed(
                lambda request=request: ours.preview(request), repeat
            )
            figures[size] = {
                "validate": statistics.median(validate_times),
                "preview": statistics.median(preview_times),
                "resources": len(tripleo_templates.flattened(answer["resources"])),
            }
        return figures
    finally:
        ours.stop()


def upstream_figures(python, workdir, requests, repeat):
    """The same figures from upstream's engine (its own process per size); {} for a size
    upstream's runner failed on, with its error printed."""
    figures = {}
    for size, request in requests.items():
        path = workdir / ("%s.json" % size)
        path.write_text(json.dumps(request))
        runner = [str(python), str(HERE / "upstream_tripleo_runner.py"), str(path), str(repeat)]
        completed = subprocess.run(runner, capture_output=True, text=True, check=False)
        if completed.returncode != 0:
            print("upstream %s: runner failed: %s" % (size, completed.stderr.strip()[-800:]))
            continue
        found = json.loads(completed.stdout.strip().splitlines()[-1])
        figures[size] = {
            "validate": statistics.median(found["validate"]),
            "preview": statistics.median(found["preview"]),
            "resources": found["resources"],
        }
    return figures


def print_table(ours, upstream):
    """One row per size: nodes, resources and seconds of each side, and the speed-ups."""
    header = "%-6s %5s %10s %10s %12s %12s %10s %10s %9s %9s"
    print(
        header
        % ("size", "nodes", "res ours", "res up", "valid ours", "valid up", "prev ours",
           "prev up", "x valid", "x prev")
    )  # fmt: skip
    for size in ours:
        nodes = sum(SIZES[size].values())
        mine, theirs = ours[size], upstream.get(size, {})
        cells = [size, nodes, mine["resources"], theirs.get("resources", "-")]
        cells += [fmt(mine["validate"]), fmt(theirs.get("validate"))]
        cells += [fmt(mine["preview"]), fmt(theirs.get("preview"))]
        cells += [factor(theirs.get("validate"), mine["validate"])]
        cells += [factor(theirs.get("preview"), mine["preview"])]
        print(header % tuple(cells))
    if "large" in ours:
        verdict = "met" if ours["large"]["preview"] < TARGET_SECONDS else "NOT met"
        print("target: large preview under %.1f s: %s" % (TARGET_SECONDS, verdict))


def fmt(seconds):
    return "-" if seconds is None else "%.3f" % seconds


def factor(upstream, ours):
    return "-" if upstream is None else "%.1fx" % (upstream / ours)


def profile(size, top):
    """cProfile one preview of ``size`` in our engine; print the top entries of heat code."""
    request = tripleo_templates.overcloud_request(
        tripleo_templates.rendered_templates(), SIZES[size]
    )
    with tempfile.TemporaryDirectory() as tmp:
        ours = OursInProcess(pathlib.Path(tmp))
        ours.preview(request)
        profiler = cProfile.Profile()
        profiler.runcall(ours.preview, request)
        ours.stop()
    stats = pstats.Stats(profiler)
    stats.sort_stats("cumulative").print_stats("/heat/", top)


def parse_args():
    parser = argparse.ArgumentParser(description=__doc__.splitlines()[0])
    parser.add_argument("--repeat", type=int, default=3)
    parser.add_argument("--sizes", default="small,large")
    parser.add_argument("--upstream-venv", default="/root/.cache/upstream-heat")
    parser.add_argument("--profile", choices=sorted(SIZES), help="cProfile ours and stop")
    parser.add_argument("--top", type=int, default=30, help="entries printed by --profile")
    return parser.parse_args()


def main():
    args = parse_args()
    if args.profile:
        profile(args.profile, args.top)
        return
    rendered = tripleo_templates.rendered_templates()
    requests = {
        size: tripleo_templates.overcloud_request(rendered, SIZES[size])
        for size in args.sizes.split(",")
    }
    python = pathlib.Path(args.upstream_venv) / "bin" / "python"
    with tempfile.TemporaryDirectory() as tmp:
        workdir = pathlib.Path(tmp)
        ours = ours_figures(workdir, requests, args.repeat)
        upstream = {}
        if python.exists():
            upstream = upstream_figures(python, workdir, requests, args.repeat)
        else:
            print("upstream: not installed (%s)" % python)
    print_table(ours, upstream)


if __name__ == "__main__":
    main()
