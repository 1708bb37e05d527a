"""Record OpenStack Heat's answers to template validation, stack preview and stack show.

Run it with the Python of a virtualenv holding ``openstack-heat`` (not heat's own):
``/root/.cache/upstream-heat/bin/python tools/upstream/validate_answers.py CASES.yaml...``.
A cases file maps case names to requests (see ``tests/unit/engine/stacks/upstream/``):
``call`` (``validate``, ``preview`` or ``create``), ``template`` (template text),
``files``, ``environment`` and, for validate, ``show_nested``. Each answer is written to
the JSON file of the same stem: ``{"result": ...}``, or ``{"raised": {"type", "message"}}``
when upstream's engine raised. A ``create`` case answers ``show_stack`` once the create ended.
"""

import json
import logging
import pathlib
import sys
import tempfile
import time
import warnings

TENANT = "tenant-a"
STACK_NAME = "s1"


def configure(workdir):
    """Parse a configuration with a throw-away SQLite database and create its tables."""
    from oslo_config import cfg
    from oslo_log import log

    config_file = workdir / "heat.conf"
    config_file.write_text(
        "[DEFAULT]\nenvironment_dir = %s\n[database]\nconnection = sqlite:///%s\n"
        % (workdir / "no-env", workdir / "heat.sqlite")
    )
    log.register_options(cfg.CONF)
    cfg.CONF(["--config-file", str(config_file)], project="heat", default_config_files=[])
    from heat.db import migration

    migration.db_sync()


def answer(call):
    """``{"result": call()}``, or the exception it raised (unwrapped from RPC's wrapper)."""
    try:
        return {"result": call()}
    except Exception as error:  # noqa: BLE001 - every refusal is an answer to record
        error = getattr(error, "exc_info", (None, error))[1]
        return {"raised": {"type": type(error).__name__, "message": str(error)}}


def created_stack(engine, context, case):
    """Create the stack of ``case``, wait for the end of the create, and show it."""
    import eventlet

    identity = engine.create_stack(
        context,
        STACK_NAME,
        parse(case["template"]),
        case.get("environment") or {},
        case.get("files") or {},
        {"disable_rollback": True},
    )
    deadline = time.monotonic() + 60
    while time.monotonic() < deadline:
        [shown] = engine.show_stack(context, identity)
        if shown["stack_status"] != "IN_PROGRESS":
            return shown
        eventlet.sleep(0.05)
    raise SystemExit("the create of %s did not end" % identity)


def parse(text):
    from heat.common import template_format

    return template_format.parse(text)


def run_case(engine, context, case):
    """The answer of upstream's engine to one case."""
    environment = case.get("environment") or {}
    files = case.get("files") or {}
    if case["call"] == "validate":
        return answer(
            lambda: engine.validate_template(
                context,
                parse(case["template"]),
                params=environment,
                files=files,
                show_nested=case.get("show_nested", False),
            )
        )
    if case["call"] == "preview":
        return answer(
            lambda: engine.preview_stack(
                context, STACK_NAME, parse(case["template"]), environment, files, {}
            )
        )
    return answer(lambda: created_stack(engine, context, case))


def main(case_files):
    warnings.simplefilter("ignore")
    logging.disable(logging.CRITICAL)
    import yaml

    with tempfile.TemporaryDirectory() as tmp:
        configure(pathlib.Path(tmp))
        from heat.common import context as heat_context
        from heat.engine import resource, resources, service

        resources.initialise()
        # As in our tests, every service a resource type needs counts as available.
        resource.Resource.is_service_available = classmethod(lambda cls, context: (True, None))
        engine = service.EngineService("recorder-host", "engine")
        engine.thread_group_mgr = service.ThreadGroupManager()
        context = heat_context.RequestContext(
            project_id=TENANT, user_id="user-a", username="alice", is_admin=True
        )
        for case_file in map(pathlib.Path, case_files):
            cases = yaml.safe_load(case_file.read_text())
            answers = {name: run_case(engine, context, case) for name, case in cases.items()}
            answer_file = case_file.with_suffix(".json")
            answer_file.write_text(json.dumps(answers, indent=1, sort_keys=True) + "\n")


if __name__ == "__main__":
    main(sys.argv[1:])
