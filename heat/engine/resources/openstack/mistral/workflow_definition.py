"""A workflow's properties as Mistral's workflow language (DSL v2), and the checks the
language makes of them that Mistral would only make at create.

Mistral names keys with hyphens (``on-success``, ``task-defaults``) where templates have
underscores; a task's deprecated ``policies`` map gives keys of the task itself.
"""

from collections.abc import Mapping
from typing import Any

import yaml

from heat.common import exception
from heat.common.i18n import _
from heat.engine.resources.openstack.mistral import workflow_schema as ws

DSL_VERSION = "2.0"
# Task keys written as they are in the task's entry; the others are its name and policies.
WRITTEN_TASK_KEYS = tuple(key for key in ws.TASK_KEYS if key not in (ws.TASK_NAME, ws.POLICIES))
VALIDATION_ERROR = _("Mistral resource validation error")


def _dsl_key(key: str) -> str:
    return key.replace("_", "-")


def task_entry(task: Mapping[str, Any]) -> dict[str, Any]:
    """One task's body in the DSL: its keys that have values, its policies among them."""
    merged = {**task, **(task.get(ws.POLICIES) or {})}
    return {_dsl_key(key): merged[key] for key in WRITTEN_TASK_KEYS if merged.get(key) is not None}


def definition(name: str, props: Mapping[str, Any]) -> str:
    """The YAML text of the workflow ``name`` that the properties describe."""
    body = {
        key: props.get(key)
        for key in (ws.TYPE, ws.DESCRIPTION, ws.TAGS, ws.OUTPUT)
        if props.get(key) is not None
    }
    if props.get(ws.INPUT) is not None:
        body[ws.INPUT] = list(props[ws.INPUT])
    body[ws.TASKS] = {task[ws.TASK_NAME]: task_entry(task) for task in props[ws.TASKS]}
    defaults = props.get(ws.TASK_DEFAULTS)
    if defaults is not None:
        body[_dsl_key(ws.TASK_DEFAULTS)] = {
            _dsl_key(key): value for key, value in defaults.items() if value
        }
    return str(yaml.safe_dump({"version": DSL_VERSION, name: body}))


def check(resource_name: str, section: str, props: Mapping[str, Any]) -> None:
    """Refuse what OpenStack Heat refuses before asking Mistral: a reverse workflow without
    its initial task, a task with both or neither of ``action`` and ``workflow``,
    ``requires`` in a direct workflow, a policy given twice, ``concurrency`` without
    ``with_items``. ``section`` is how the template spells ``properties``."""
    if props.get(ws.TYPE) == "reverse" and not (props.get(ws.PARAMS) or {}).get("task_name"):
        raise exception.StackValidationFailed(
            error=VALIDATION_ERROR,
            path=[resource_name, section, ws.PARAMS],
            message=_("'task_name' is not assigned in 'params' in case of reverse type workflow."),
        )
    for task in props.get(ws.TASKS) or []:
        _check_task(resource_name, section, props.get(ws.TYPE), task)


def _check_task(resource_name: str, section: str, kind: Any, task: Mapping[str, Any]) -> None:
    if task.get(ws.WORKFLOW) and task.get(ws.ACTION):
        raise exception.ResourcePropertyConflict(props=", ".join((ws.WORKFLOW, ws.ACTION)))
    if not task.get(ws.WORKFLOW) and not task.get(ws.ACTION):
        raise exception.PropertyUnspecifiedError(props=", ".join((ws.WORKFLOW, ws.ACTION)))
    if task.get(ws.REQUIRES) is not None and kind == "direct":
        message = _(
            "task %(task)s contains property 'requires' in case of direct workflow. Only "
            "reverse workflows can contain property 'requires'."
        ) % {"task": task.get(ws.TASK_NAME)}
        raise exception.StackValidationFailed(
            error=VALIDATION_ERROR,
            path=[resource_name, section, ws.TASKS, task.get(ws.TASK_NAME), ws.REQUIRES],
            message=message,
        )
    for key in task.get(ws.POLICIES) or {}:
        if task.get(key) is not None:
            message = _("Property %(policies)s and %(item)s cannot be used both at one time.")
            raise exception.StackValidationFailed(
                message=message % {"policies": ws.POLICIES, "item": key}
            )
    if task.get(ws.WITH_ITEMS) is None and task.get(ws.CONCURRENCY) is not None:
        raise exception.ResourcePropertyDependency(prop1=ws.CONCURRENCY, prop2=ws.WITH_ITEMS)
