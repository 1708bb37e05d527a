"""Firing a watch rule's actions: signalling the resources they name.

A stack's rule names resources of its stack by reference id (``Ref``), as 2014 Heat did,
and fires only while its stack is not being deleted and its last action completed. A
rule made through the CloudWatch API names resources by ARN
(``arn:openstack:heat::<project>:stacks/<name>/<id>/resources/<resource>``), in stacks
of its own project. Each resource gets ``{"alarm": <name>, "state": <state>}`` through
the engine's signal path, acting as its stack's stored context. Each outcome goes into
the rule's history.
"""

from collections.abc import Iterator
from typing import Any

from oslo_log import log as logging

from heat.common import context as heat_context
from heat.common import exception, identifier
from heat.db import api as db_api
from heat.engine import resource_states, stack_credentials, stack_lifecycle
from heat.engine.runtime import EngineRuntime
from heat.engine.stack import Stack
from heat.engine.watch import history, rules, states

LOG = logging.getLogger(__name__)
Target = tuple[Stack, str]


def action_names(rule: rules.Rule, state: str) -> list[str]:
    """The actions of ``state`` in the rule (none when its actions are disabled)."""
    key = states.ACTIONS_KEY.get(state)
    if key is None or not rules.actions_enabled(rule):
        return []
    return [str(action) for action in (rule["rule"] or {}).get(key) or []]


def fire(runtime: EngineRuntime, context: Any, rule: rules.Rule, state: str) -> int:
    """Signal the resources of the actions of ``state``; how many were signalled."""
    names = action_names(rule, state)
    if not names:
        return 0
    details = {"alarm": rule["name"], "state": state}
    signalled = 0
    for action, target in _targets(runtime, context, rule, names):
        if isinstance(target, str):
            history.record(context, rule, history.ACTION, target, {"action": action})
        elif _signal(runtime, context, rule, action, target, details):
            signalled += 1
    return signalled


def load_stack(runtime: EngineRuntime, context: Any, stack_id: str) -> Stack | None:
    """The stack, acting as its project (not as the admin ``context`` that read it)."""
    row = db_api.stack_get(context, stack_id)
    if row is None:
        return None
    owner = heat_context.RequestContext(
        project_id=row.tenant, username=row.username, is_admin=False, overwrite=False
    )
    return runtime.load_row(owner, row)


def _targets(
    runtime: EngineRuntime, context: Any, rule: rules.Rule, names: list[str]
) -> Iterator[tuple[str, Target | str]]:
    """Each action with the stack and resource it names, or why it names none."""
    if rule["stack_id"] is None:
        for action in names:
            yield action, _arn_target(runtime, context, rule, action)
        return
    stack = load_stack(runtime, context, rule["stack_id"])
    if stack is None or stack.action == resource_states.DELETE:
        yield ", ".join(names), "Actions not run: the stack is gone"
        return
    if stack.status != resource_states.COMPLETE:
        reason = "Actions not run: stack %s is %s_%s" % (stack.name, stack.action, stack.status)
        yield ", ".join(names), reason
        return
    for action in names:
        resource = stack.resource_by_refid(action)
        if resource is None:
            yield action, "Action %s names no available resource of stack %s" % (action, stack.name)
        else:
            yield action, (stack, resource.name)


def _arn_target(runtime: EngineRuntime, context: Any, rule: rules.Rule, arn: str) -> Target | str:
    try:
        identity = identifier.HeatIdentifier.from_arn(arn)
    except ValueError:
        return "Action %s is not the ARN of a stack resource" % arn
    resource_path = identity.path.split("/")
    if len(resource_path) != 3 or resource_path[1] != "resources":
        return "Action %s is not the ARN of a stack resource" % arn
    stack = load_stack(runtime, context, identity.stack_id)
    if stack is None or stack.state_data.tenant_id != rule["tenant"]:
        return "Action %s names no stack of the alarm's project" % arn
    return stack, identifier.ResourceIdentifier(**identity).resource_name


def _signal(
    runtime: EngineRuntime,
    context: Any,
    rule: rules.Rule,
    action: str,
    target: Target,
    details: dict[str, Any],
) -> bool:
    stack, resource_name = target
    data = {"action": action, "stack_id": stack.id, "resource": resource_name}
    try:
        stack_lifecycle.resource_signal(
            runtime,
            stack_credentials.stored_context(stack),
            dict(stack.identifier()),
            resource_name,
            details,
        )
    except exception.HeatException as error:
        LOG.warning("Alarm %s could not signal %s: %s", rule["name"], resource_name, error)
        summary = "Failed to signal %s of stack %s: %s" % (resource_name, stack.name, error)
        history.record(context, rule, history.ACTION, summary, data)
        return False
    summary = "Signalled %s of stack %s (%s)" % (resource_name, stack.name, details["state"])
    history.record(context, rule, history.ACTION, summary, data)
    return True
