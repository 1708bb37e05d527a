"""Times OpenStack Heat's engine-level ``validate_template`` in-process, for validate.py.

Runs under the upstream venv's Python, never the project's:
``/work/upstream-heat-venv/bin/python upstream_validate_runner.py TEMPLATE.json REPEAT``.
Prints ``{"median": seconds, "times": [...]}`` as JSON on stdout; a template that upstream
rejects is an error (exit status 1), so a figure always stands for a successful validation.
"""

import json
import pathlib
import statistics
import sys
import tempfile
import time


def configure(workdir):
    """Parse an upstream configuration with no resource limit and a throw-away SQLite DB."""
    from oslo_config import cfg
    from oslo_log import log

    config_file = workdir / "heat.conf"
    config_file.write_text(
        "[DEFAULT]\nmax_resources_per_stack = -1\n"
        "[database]\nconnection = sqlite:///%s\n" % (workdir / "heat.sqlite")
    )
    log.register_options(cfg.CONF)
    cfg.CONF(["--config-file", str(config_file)], project="heat", default_config_files=[])


def median_seconds(template, repeat):
    """Validate ``template`` ``repeat`` times through EngineService, after a warm-up call with a
    one-resource template; the sorted times."""
    from heat.common import context
    from heat.engine import service
    from heat.rpc import api as rpc_api

    engine = service.EngineService("bench-host", rpc_api.ENGINE_TOPIC)
    request_context = context.RequestContext(project_id="admin", user_id="admin", is_admin=True)
    warm_up = {
        "heat_template_version": template["heat_template_version"],
        "resources": {"warm": {"type": "OS::Heat::None"}},
    }
    engine.validate_template(request_context, warm_up, params={}, files={})
    times = []
    for _ in range(repeat):
        started = time.perf_counter()
        result = engine.validate_template(request_context, template, params={}, files={})
        times.append(time.perf_counter() - started)
        if "Error" in result:
            raise SystemExit("upstream rejected the template: %s" % result["Error"])
    return sorted(times)


def check_upstream_heat():
    """Stop unless ``heat`` is imported from this venv (a PYTHONPATH could give the project's)."""
    import heat

    if not pathlib.Path(heat.__file__).resolve().is_relative_to(pathlib.Path(sys.prefix).resolve()):
        raise SystemExit("heat comes from %s, not from %s" % (heat.__file__, sys.prefix))


def main():
    template_path, repeat = sys.argv[1], int(sys.argv[2])
    check_upstream_heat()
    template = json.loads(pathlib.Path(template_path).read_text())
    with tempfile.TemporaryDirectory() as tmp:
        configure(pathlib.Path(tmp))
        times = median_seconds(template, repeat)
    print(json.dumps({"median": statistics.median(times), "times": times}))


if __name__ == "__main__":
    main()
