"""Validate, preview and create answer as OpenStack Heat 27 does, case by case.

The cases are requests in ``upstream/*.yaml``; ``tools/upstream/validate_answers.py`` recorded
upstream's engine answers next to them (``upstream/*.json``). Only what legitimately
differs is normalised: ids, times and the order of sets (upstream previews resources in
an order of its own).
"""

import json
import pathlib
import re

import pytest
import yaml

from heat.common import template_format
from heat.common.context import RequestContext
from tests.unit.engine.stacks.conftest import wait_for

UPSTREAM = pathlib.Path(__file__).parent / "upstream"
UUID = re.compile(r"[0-9a-f]{8}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{12}")
STACK_NAME = "s1"


def cases(kind):
    requests = yaml.safe_load((UPSTREAM / ("%s.yaml" % kind)).read_text())
    answers = json.loads((UPSTREAM / ("%s.json" % kind)).read_text())
    return [pytest.param(requests[name], answers[name], id=name) for name in requests]


def normalised(value, key=None):
    """``value`` with ids and times replaced by markers and unordered lists sorted."""
    if isinstance(value, dict):
        return {name: normalised(item, name) for name, item in value.items()}
    if isinstance(value, list):
        items = [normalised(item) for item in value]
        if key in ("resources", "required_by", None):
            items.sort(key=lambda item: json.dumps(item, sort_keys=True))
        return items
    if isinstance(value, str):
        if key is not None and key.endswith("_time"):
            return "<time>"
        return UUID.sub("<uuid>", value)
    return value


def as_text(value):
    """Normalised JSON text, so that a mismatch shows as a line diff."""
    return json.dumps(normalised(value), indent=1, sort_keys=True)


def answer(call):
    try:
        return {"result": call()}
    except Exception as error:  # noqa: BLE001 - a refusal is the answer compared
        return {"raised": {"type": type(error).__name__, "message": str(error)}}


@pytest.fixture
def tenant_context():
    return RequestContext(project_id="tenant-a", user_id="user-a", username="alice", is_admin=True)


def our_answer(engine, context, case):
    template = template_format.parse(case["template"])
    environment = case.get("environment") or {}
    files = case.get("files") or {}
    if case["call"] == "validate":
        show_nested = case.get("show_nested", False)
        return answer(
            lambda: engine.validate_template(
                context, template, environment, files, show_nested=show_nested
            )
        )
    if case["call"] == "preview":
        return answer(
            lambda: engine.preview_stack(context, STACK_NAME, template, environment, files, {})
        )

    def create():
        args = {"disable_rollback": True}
        identity = engine.create_stack(context, STACK_NAME, template, environment, files, args)
        return wait_for(engine, context, identity)

    return answer(create)


@pytest.mark.parametrize(("case", "upstream"), cases("validate"))
def test_validate_answers_as_upstream(engine, tenant_context, case, upstream):
    assert as_text(our_answer(engine, tenant_context, case)) == as_text(upstream)


@pytest.mark.parametrize(("case", "upstream"), cases("preview"))
def test_preview_answers_as_upstream(engine, tenant_context, case, upstream):
    assert as_text(our_answer(engine, tenant_context, case)) == as_text(upstream)
