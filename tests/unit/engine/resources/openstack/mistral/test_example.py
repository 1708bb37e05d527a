"""The Mistral example of the docs (doc/examples/mistral-workflows.yaml), as written,
against the fake Mistral: its workflows, trigger and external thing are made, and deleted."""

import pathlib

from heat.common import template_format
from heat.engine import stack_actions

EXAMPLE = (
    pathlib.Path(__file__).resolve().parents[6] / "doc" / "examples" / "mistral-workflows.yaml"
)


def test_the_mistral_example_is_created_and_deleted_as_it_says(mistral_engine, mistral):
    template = template_format.parse(EXAMPLE.read_text())
    mistral.outcome = {"state": "SUCCESS", "output": {"resource_id": "thing-1"}}
    sections = {key: template[key] for key in ("parameters", "outputs")}
    mistral_engine.stack(template["resources"], name="validated", **sections).validate()
    stack = mistral_engine.create(template["resources"], **sections)
    assert stack.state == ("CREATE", "COMPLETE"), stack.status_reason
    assert stack.resources["thing"].resource_id == "thing-1"
    (trigger,) = mistral.cron_triggers.values()
    assert trigger["workflow_name"] == stack.resources["greet"].resource_id
    assert "/v1/signal/" in stack.resources["greet"].FnGetAtt("alarm_url")
    stack_actions.delete(stack)
    assert stack.state == ("DELETE", "COMPLETE"), stack.status_reason
    assert (mistral.workflows, mistral.cron_triggers, mistral.users) == ({}, {}, {})
