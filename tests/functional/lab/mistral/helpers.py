"""What the Mistral lab tests share: reading Mistral, waiting for a workflow's executions."""

import time


def found(mistral, path: str) -> dict | None:
    """Mistral's answer to GET path, decoded; None for 404."""
    answer = mistral.get(path, raise_exc=False)
    if answer.status_code == 404:
        return None
    assert answer.status_code == 200, answer.text
    return answer.json()


def executions_once_ended(stacks, identity: dict, name: str, count: int) -> list[dict]:
    """The ``executions`` attribute of workflow resource ``name`` once it lists ``count``
    executions, none of them still running."""
    deadline = time.monotonic() + 60
    while time.monotonic() < deadline:
        shown = stacks.engine.describe_stack_resource(stacks.context, identity, name, [])
        executions = shown["attributes"]["executions"] or []
        if len(executions) == count and all(e["state"] != "RUNNING" for e in executions):
            return executions
        time.sleep(0.5)
    raise AssertionError("%s's executions did not end in time" % name)
