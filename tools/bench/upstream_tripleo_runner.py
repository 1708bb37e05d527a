"""Times OpenStack Heat 27's validate and preview of a TripleO overcloud request, in-process.

Runs under the upstream venv's Python, never the project's:
``/root/.cache/upstream-heat/bin/python upstream_tripleo_runner.py REQUEST.json REPEAT``.
The request is tripleo_templates.overcloud_request's; the engine has the limits of
tripleoclient's Heat, in-process messaging (ResourceGroup asks the engine over RPC) and,
as there, every service available.
Prints ``{"validate": [seconds], "preview": [seconds], "resources": count}`` as JSON;
a refusal by upstream is an error (exit status 1).
"""

import json
import logging
import pathlib
import sys
import tempfile
import warnings

sys.path.insert(0, str(pathlib.Path(__file__).parent))

import tripleo_templates  # noqa: E402


def engine(workdir):
    """Upstream's EngineService on a throw-away SQLite database, and an admin context."""
    from oslo_config import cfg
    from oslo_log import log

    config_file = workdir / "heat.conf"
    config_file.write_text(tripleo_templates.engine_config("sqlite:///%s" % (workdir / "h.db")))
    log.register_options(cfg.CONF)
    cfg.CONF(["--config-file", str(config_file)], project="heat", default_config_files=[])
    from heat.common import context, messaging
    from heat.db import migration
    from heat.engine import resource, resources, service

    migration.db_sync()
    messaging.setup("fake://")
    resources.initialise()
    # tripleoclient's Heat finds its own endpoint in the token it is given (the types the
    # overcloud uses need only Heat): as there, every service counts as available.
    resource.Resource.is_service_available = classmethod(lambda cls, context: (True, None))
    upstream = service.EngineService("bench-host", "engine")
    upstream.thread_group_mgr = service.ThreadGroupManager()
    admin = context.RequestContext(project_id="admin", user_id="admin", is_admin=True)
    return upstream, admin


def validate(upstream, admin, request):
    """Upstream's validate answer to ``request``."""
    answer = upstream.validate_template(
        admin, request["template"], params=request["environment"], files=request["files"]
    )
    if "Error" in answer:
        raise SystemExit("upstream refused the overcloud: %s" % answer["Error"])
    return answer


def preview(upstream, admin, request):
    """Upstream's preview answer to ``request``."""
    return upstream.preview_stack(
        admin, "overcloud", request["template"], request["environment"], request["files"], {}
    )


def main():
    request_path, repeat = sys.argv[1], int(sys.argv[2])
    warnings.simplefilter("ignore")
    logging.disable(logging.CRITICAL)
    request = json.loads(pathlib.Path(request_path).read_text())
    with tempfile.TemporaryDirectory() as tmp:
        upstream, admin = engine(pathlib.Path(tmp))
        validate_times, _ = tripleo_templates.timed(
            lambda: validate(upstream, admin, request), repeat
        )
        preview_times, answer = tripleo_templates.timed(
            lambda: preview(upstream, admin, request), repeat
        )
    count = len(tripleo_templates.flattened(answer["resources"]))
    print(json.dumps({"validate": validate_times, "preview": preview_times, "resources": count}))


if __name__ == "__main__":
    main()
