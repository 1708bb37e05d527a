"""Update previews answer as OpenStack Heat 27 does, nested stacks included (show_nested),
case by case: the cases are ``upstream/update_preview.yaml``, whose answers
``tools/upstream/update_preview_answers.py`` recorded from upstream's REST API.

What is compared is where each resource is put, by name and type; the rest of each entry is
a resource as ``resource show`` has it, tested on its own (ours also say what changes in an
updated or replaced resource and why, which upstream's do not).
"""

import json

import pytest
import yaml

from heat.common import template_format
from tests.unit.engine.stacks.conftest import wait_for
from tests.unit.engine.stacks.test_upstream_answers import UPSTREAM


def cases():
    requests = yaml.safe_load((UPSTREAM / "update_preview.yaml").read_text())
    answers = json.loads((UPSTREAM / "update_preview.json").read_text())
    return [pytest.param(requests[name], answers[name], name, id=name) for name in requests]


def comparable(changes: dict) -> dict:
    """Per kind, each resource's name and type: which resources a preview puts where."""
    return {
        kind: sorted((entry["resource_name"], entry["resource_type"]) for entry in listed)
        for kind, listed in changes.items()
    }


@pytest.mark.parametrize(("case", "upstream", "name"), cases())
def test_update_previews_answer_as_upstream(engine, context, case, upstream, name):
    template = template_format.parse(case["template"])
    args = {"disable_rollback": True}
    identity = engine.create_stack(context, name, template, {}, case.get("files") or {}, args)
    assert wait_for(engine, context, identity)["stack_status"] == "COMPLETE"
    ours = engine.preview_update_stack(
        context,
        identity,
        template_format.parse(case["new_template"]),
        {},
        case.get("new_files") or {},
        {"show_nested": case.get("show_nested", False)},
    )
    assert comparable(ours) == comparable(upstream["result"])
