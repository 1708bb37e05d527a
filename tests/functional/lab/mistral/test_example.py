"""The Mistral example of the docs (doc/examples/mistral-workflows.yaml), as written, against
the lab's Mistral: a signal runs ``greet`` to its end, the cron trigger is scheduled, the
external thing is what its workflow said, and the delete leaves nothing in Mistral."""

import pathlib

from heat.common import template_format
from tests.functional.lab.mistral.helpers import executions_once_ended, found

EXAMPLE = (
    pathlib.Path(__file__).resolve().parents[4] / "doc" / "examples" / "mistral-workflows.yaml"
)


def test_the_mistral_example_runs_as_it_says(demo_stacks, demo_mistral):
    identity = demo_stacks.create(template_format.parse(EXAMPLE.read_text()))
    assert demo_stacks.state(identity)[:2] == ("CREATE", "COMPLETE")
    outputs = demo_stacks.outputs(identity)
    assert outputs["thing"] == "thing-1"
    assert outputs["next_run"].split(" ")[1] == "02:00:00"
    assert "/v1/signal/" in outputs["alarm_url"]
    greet = demo_stacks.resource(identity, "greet")["physical_resource_id"]
    demo_stacks.engine.resource_signal(
        demo_stacks.context, identity, "greet", {"input": {"greeting": "bonjour"}}, sync_call=True
    )
    (execution,) = executions_once_ended(demo_stacks, identity, "greet", 1)
    assert (execution["state"], execution["output"]) == ("SUCCESS", {"said": "bonjour"})
    (trigger,) = found(demo_mistral, "/cron_triggers")["cron_triggers"]
    assert (trigger["workflow_name"], trigger["pattern"]) == (greet, "0 2 * * *")
    demo_stacks.delete(identity)
    assert found(demo_mistral, "/workflows/%s" % greet) is None
    assert found(demo_mistral, "/cron_triggers/%s" % trigger["name"]) is None
