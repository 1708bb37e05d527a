"""``OS::Zaqar::MistralTrigger`` against Zaqar's and Mistral's HTTP APIs (the fake of
fake_mistral.py): the subscription that makes Zaqar start executions."""

import json

from heat.engine import stack_actions

WORKFLOW_ID = "123e4567-e89b-12d3-a456-426655441111"


def trigger(**properties):
    properties = {"queue_name": "jobs", "workflow_id": WORKFLOW_ID, **properties}
    return {"trigger": {"type": "OS::Zaqar::MistralTrigger", "properties": properties}}


def test_zaqar_posts_each_message_to_mistrals_executions_with_trust(mistral_engine, mistral):
    mistral.workflows[WORKFLOW_ID] = {"id": WORKFLOW_ID, "name": "on_job"}
    stack = mistral_engine.create(trigger(input={"a": 1}, params={"env": {"b": 2}}))
    assert stack.state == ("CREATE", "COMPLETE"), stack.status_reason
    (subscription,) = mistral.subscriptions.values()
    assert subscription["subscriber"] == "trust+%s/v2/executions" % mistral.url
    assert subscription["source"] == "jobs" and subscription["ttl"] == 220367260800
    assert json.loads(subscription["options"]["post_data"]) == {
        "workflow_id": WORKFLOW_ID,
        "params": {"env": {"b": 2, "notification": "$zaqar_message$"}},
        "input": {"a": 1},
    }


def test_a_new_input_changes_the_subscription_in_place(mistral_engine, mistral):
    mistral.workflows[WORKFLOW_ID] = {"id": WORKFLOW_ID, "name": "on_job"}
    stack = mistral_engine.create(trigger())
    new = mistral_engine.update(stack, trigger(input={"a": 2}))
    assert new.state == ("UPDATE", "COMPLETE"), new.status_reason
    (subscription,) = mistral.subscriptions.values()
    assert json.loads(subscription["options"]["post_data"])["input"] == {"a": 2}
    live = new.resources["trigger"].get_live_state(new.resources["trigger"].properties)
    assert live == {
        "queue_name": "jobs",
        "ttl": 220367260800,
        "workflow_id": WORKFLOW_ID,
        "params": {},
        "input": {"a": 2},
    }
    stack_actions.delete(new)
    assert mistral.subscriptions == {}
