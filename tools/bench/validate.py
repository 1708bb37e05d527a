#!/usr/bin/env python3
"""Template validation time, ours against OpenStack Heat 27, for growing templates.

Usage: .venv/bin/python tools/bench/validate.py [--sizes 10,100,1000,5000] [--repeat 5]
           [--upstream-venv /work/upstream-heat-venv] [--no-upstream-api] [--profile SIZE]
Generates HOT templates of SIZE cross-referencing resources, then prints the median seconds
of: POST /v1/<tenant>/validate through heat-all (ours end to end), template_validation in
this process (ours in-process), upstream's EngineService.validate_template in its own venv
(tools/bench/upstream_validate_runner.py) and, when RabbitMQ is reachable, upstream end to
end (heat-wsgi-api noauth + heat-engine over a throw-away RabbitMQ vhost, SQLite).
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
import time
import warnings

sys.path.insert(0, str(pathlib.Path(__file__).parent))

import requests  # noqa: E402
import upstream_api  # noqa: E402

warnings.filterwarnings("ignore", message="\\s*Eventlet is deprecated")
BIN = pathlib.Path(sys.executable).parent
HERE = pathlib.Path(__file__).parent
TENANT = "admin"
HEADERS = {"X-Auth-User": "admin", "X-Auth-Project": TENANT, "Content-Type": "application/json"}
LIMITS = (
    "max_resources_per_stack = -1\nmax_json_body_size = 1000000000\n"
    "max_template_size = 1000000000\nrpc_response_timeout = 900\n"
)
PARAMETERS = {
    "prefix": {
        "type": "string",
        "default": "bench",
        "constraints": [{"length": {"min": 1, "max": 32}}, {"allowed_pattern": "[a-z]+"}],
    },
    "flavor": {
        "type": "string",
        "default": "m1.small",
        "constraints": [{"allowed_values": ["m1.small", "m1.large"]}],
    },
    "length": {"type": "number", "default": 16, "constraints": [{"range": {"min": 8, "max": 64}}]},
}


def references(index):
    """The intrinsic functions resource ``index`` uses: the prefix parameter, the previous
    resource's id and the value attribute of the one before it, as far as they exist."""
    found = [{"get_param": "prefix"}]
    if index >= 1:
        found.append({"get_resource": "r%d" % (index - 1)})
    if index >= 2:
        found.append({"get_attr": ["r%d" % (index - 2), "value"]})
    return found


def resource(index):
    """Resource ``r<index>``: every tenth an OS::Heat::RandomString, the rest OS::Heat::None."""
    joined = {"list_join": ["-", references(index)]}
    if index % 10 == 0:
        definition = {
            "type": "OS::Heat::RandomString",
            "properties": {"length": {"get_param": "length"}, "salt": joined},
        }
    else:
        names = ["$%d" % position for position in range(len(references(index)))]
        replaced = {
            "str_replace": {
                "template": "/".join(names),
                "params": dict(zip(names, references(index), strict=True)),
            }
        }
        definition = {
            "type": "OS::Heat::None",
            "properties": {
                "name": replaced,
                "tags": joined,
                "flavor": {"get_param": "flavor"},
                "size": {"get_param": "length"},
            },
        }
    if index >= 3 and index % 5 == 0:
        definition["depends_on"] = ["r%d" % (index - 3)]
    return definition


def build_template(count):
    """A HOT 2021-04-16 template of ``count`` resources with parameters and a few outputs."""
    last = count - 1
    return {
        "heat_template_version": "2021-04-16",
        "description": "validate benchmark, %d resources" % count,
        "parameters": PARAMETERS,
        "resources": {"r%d" % index: resource(index) for index in range(count)},
        "outputs": {
            "first": {"value": {"get_resource": "r0"}},
            "last_value": {"value": {"get_attr": ["r%d" % last, "value"]}},
            "middle": {
                "value": {"list_join": [",", [{"get_resource": "r%d" % (count // 2)}]]},
            },
        },
    }


def medians(results):
    """``{size: median seconds}`` of ``{size: [seconds]}``."""
    return {size: statistics.median(times) for size, times in results.items()}


def timed(function, repeat):
    """Seconds of each of ``repeat`` calls of ``function``."""
    times = []
    for _ in range(repeat):
        started = time.perf_counter()
        function()
        times.append(time.perf_counter() - started)
    return times


class OursInProcess:
    """Our engine's validate_template called directly, with the registries heat-engine builds."""

    def __init__(self, workdir):
        from oslo_config import cfg
        from oslo_log import log

        from heat.common import config, context
        from heat.engine import environment, plugin_manager
        from heat.engine.resources.template_resource import TemplateResource
        from heat.engine.template import TemplateRegistry

        conf = cfg.ConfigOpts()
        config.register(conf)
        log.register_options(conf)
        (workdir / "environment.d").mkdir(exist_ok=True)
        (workdir / "ours.conf").write_text(
            "[DEFAULT]\n" + LIMITS + "environment_dir = %s\n" % (workdir / "environment.d")
        )
        conf(["--config-file", str(workdir / "ours.conf")], project="heat", default_config_files=[])
        self.context = context.RequestContext(project_id=TENANT, user_id="admin", is_admin=True)
        self.templates = TemplateRegistry.from_entry_points()
        self.global_env = environment.global_environment(
            conf,
            plugin_classes=plugin_manager.load_resource_classes([]),
            template_resource_class=TemplateResource,
        )

    def validate(self, template):
        """Validate ``template`` once; its validate-API description."""
        from heat.engine import template_validation
        from heat.engine.stack import EngineSettings

        return template_validation.validate_template(
            self.context,
            self.templates,
            self.global_env,
            template,
            {},
            settings=EngineSettings(max_resources_per_stack=-1),
        )


def start_heat_all(workdir):
    """heat-all (engine + native API) on a free port with a fresh SQLite DB; (process, url)."""
    port = upstream_api.free_port()
    config = workdir / "heat-all.conf"
    config.write_text(
        "[DEFAULT]\n"
        + LIMITS
        + "[database]\nconnection = sqlite:///%s\n" % (workdir / "h.sqlite")
        + "[heat_api]\nbind_port = %d\n[heat_all]\nenabled_services = engine,api\n" % port
    )
    log = (workdir / "heat-all.log").open("w")
    process = subprocess.Popen(
        [str(BIN / "heat-all"), "--config-file", str(config)], stdout=log, stderr=subprocess.STDOUT
    )
    base = "http://127.0.0.1:%d" % port
    upstream_api.wait_for_http(base + "/", process, workdir / "heat-all.log")
    return process, base


def post_validate(session, base, body):
    """POST ``body`` (a JSON string) to the validate API; raise unless the answer is 200."""
    response = session.post(base + "/v1/%s/validate" % TENANT, data=body, timeout=900)
    if response.status_code != 200:
        raise RuntimeError("validate answered %d: %s" % (response.status_code, response.text[:500]))
    return response.json()


def end_to_end_times(base, templates, repeats):
    """``{size: [seconds]}`` of validate calls to the API at ``base``, after one warm-up call
    with the smallest template (a warm-up per size would double the cost of the large ones)."""
    session = requests.Session()
    session.headers.update(HEADERS)
    post_validate(session, base, json.dumps({"template": templates[min(templates)]}))
    results = {}
    for size, template in templates.items():
        body = json.dumps({"template": template})
        results[size] = timed(lambda body=body: post_validate(session, base, body), repeats[size])
    return results


def ours_end_to_end(workdir, templates, repeats):
    """Our figures through heat-all: ``{size: [seconds]}``."""
    process, base = start_heat_all(workdir)
    try:
        return end_to_end_times(base, templates, repeats)
    finally:
        process.terminate()
        process.wait(timeout=30)


def ours_in_process(workdir, templates, repeats):
    """Our figures in this process: ``{size: [seconds]}``, after a warm-up with the smallest."""
    ours = OursInProcess(workdir)
    ours.validate(templates[min(templates)])
    results = {}
    for size, template in templates.items():
        results[size] = timed(lambda template=template: ours.validate(template), repeats[size])
    return results


def upstream_in_process(python, workdir, templates, repeats):
    """Upstream's engine-level figures from the runner in its venv: ``{size: median}``."""
    results = {}
    for size, template in templates.items():
        path = workdir / ("template-%d.json" % size)
        path.write_text(json.dumps(template))
        completed = subprocess.run(
            [str(python), str(HERE / "upstream_validate_runner.py"), str(path), str(repeats[size])],
            capture_output=True,
            text=True,
            check=False,
        )
        if completed.returncode != 0:
            print("upstream %d: runner failed: %s" % (size, completed.stderr.strip()[-800:]))
            continue
        results[size] = json.loads(completed.stdout.strip().splitlines()[-1])["median"]
    return results


def upstream_end_to_end(venv, workdir, templates, repeats):
    """Upstream's API figures (``{size: [seconds]}``), or {} with a note when it cannot run."""
    try:
        with upstream_api.running_upstream(venv, workdir, LIMITS) as base:
            return end_to_end_times(base, templates, repeats)
    except upstream_api.Unavailable as reason:
        print("upstream end to end: skipped (%s)" % reason)
        return {}


def profile(size, top):
    """cProfile one in-process validate of ``size`` resources; print the top heat entries."""
    with tempfile.TemporaryDirectory() as tmp:
        ours = OursInProcess(pathlib.Path(tmp))
        template = build_template(size)
        ours.validate(template)
        profiler = cProfile.Profile()
        profiler.runcall(ours.validate, template)
    stats = pstats.Stats(profiler)
    stats.sort_stats("cumulative")
    heat_entries = [
        key for key in stats.fcn_list if "/heat/" in key[0] and "tools/bench" not in key[0]
    ]
    print("top %d cumulative entries from heat code, validate of %d resources:" % (top, size))
    print("%10s %10s %10s  %s" % ("ncalls", "tottime s", "cumtime s", "function"))
    for key in heat_entries[:top]:
        calls, _, total, cumulative, _ = stats.stats[key]
        where = "%s:%d(%s)" % (key[0].split("/heat/", 1)[-1], key[1], key[2])
        print("%10d %10.3f %10.3f  heat/%s" % (calls, total, cumulative, where))


def print_table(sizes, columns):
    """One row per size: every column's median seconds, then upstream's time over ours."""
    names = list(columns)
    header = "%6s" % "size" + "".join("%18s" % name for name in names)
    print(header + "%18s%18s" % ("speed-up e2e", "speed-up in-proc"))
    for size in sizes:
        cells = "".join("%18s" % fmt(columns[name].get(size)) for name in names)
        factors = [factor(columns, "e2e", size), factor(columns, "in-proc", size)]
        print("%6d" % size + cells + "%18s%18s" % tuple(factors))


def fmt(seconds):
    """Seconds with four decimals, or ``-`` when not measured."""
    return "-" if seconds is None else "%.4f" % seconds


def factor(columns, kind, size):
    """Upstream's median over ours for ``kind`` (e2e or in-proc), as ``N.NNx``, or ``-``."""
    ours = columns.get("ours " + kind, {}).get(size)
    upstream = columns.get("upstream " + kind, {}).get(size)
    return "%.2fx" % (upstream / ours) if ours and upstream else "-"


def parse_args():
    parser = argparse.ArgumentParser(description=__doc__.splitlines()[0])
    parser.add_argument("--sizes", default="10,100,1000,5000")
    parser.add_argument("--repeat", type=int, default=5)
    parser.add_argument(
        "--large-repeat", type=int, default=2, help="repetitions for sizes of 5000 and more"
    )
    parser.add_argument("--upstream-venv", default="/work/upstream-heat-venv")
    parser.add_argument("--no-upstream-api", action="store_true", help="skip upstream's API")
    parser.add_argument("--profile", type=int, metavar="SIZE", help="cProfile ours and stop")
    parser.add_argument("--top", type=int, default=10, help="entries printed by --profile")
    return parser.parse_args()


def main():
    args = parse_args()
    if args.profile:
        profile(args.profile, args.top)
        return
    sizes = [int(size) for size in args.sizes.split(",")]
    repeats = {
        size: args.repeat if size < 5000 else min(args.repeat, args.large_repeat) for size in sizes
    }
    templates = {size: build_template(size) for size in sizes}
    venv = pathlib.Path(args.upstream_venv)
    with tempfile.TemporaryDirectory() as tmp:
        workdir = pathlib.Path(tmp)
        columns = {
            "ours e2e": medians(ours_end_to_end(workdir, templates, repeats)),
            "ours in-proc": medians(ours_in_process(workdir, templates, repeats)),
        }
        if not (venv / "bin" / "python").exists():
            print("upstream: not installed (%s)" % venv)
        else:
            columns["upstream in-proc"] = upstream_in_process(
                venv / "bin" / "python", workdir, templates, repeats
            )
            if not args.no_upstream_api:
                upstream = upstream_end_to_end(venv, workdir, templates, repeats)
                columns["upstream e2e"] = medians(upstream)
    print_table(sizes, columns)


if __name__ == "__main__":
    main()
