"""ZAQAR_SIGNAL: a server signals a resource by posting messages to a Zaqar queue.

The queue (named after the resource) lives in the stack user's project and is made as the
stack user, whose credentials (a password of its own) the server is given with the
queue's name. Heat pops what was posted while it waits for the resource's signals, each
message body one signal; the queue goes with the resource.
"""

from typing import Any

QUEUE = "zaqar_signal_queue_id"
# Zaqar's default ceiling of messages popped at once.
POP_LIMIT = 20


def queue_id(resource: Any) -> str | None:
    """The name of the resource's signal queue, made (with the stack user and its
    password) on first need; None before the resource is stored."""
    found = resource.data().get(QUEUE)
    if found:
        return str(found)
    if resource.id is None:
        return None
    resource.heat_signal_credentials()
    name = resource.physical_resource_name()
    _call(resource, "put", "/queues/%s" % name)
    resource.data_set(QUEUE, name)
    return name


def pop(resource: Any) -> list[Any]:
    """The bodies of the messages posted since the last pop, taken off the queue (made,
    maybe, by another copy of the resource: the one that gave out the signal details)."""
    name = resource.data(refresh=True).get(QUEUE)
    if not name:
        return []
    bodies: list[Any] = []
    while True:
        path = "/queues/%s/messages?pop=%d" % (name, POP_LIMIT)
        answer = _call(resource, "delete", path) or {}
        messages = answer.get("messages") or []
        bodies.extend(message.get("body") for message in messages)
        if len(messages) < POP_LIMIT:
            return bodies


def delete(resource: Any, key: str = QUEUE) -> None:
    """Delete the queue named in the resource data ``key`` (the signal queue by default)
    with what is left in it, as the stack user; a queue already gone is fine."""
    name = resource.data().get(key)
    if not name or resource.user_id() is None:
        return
    zaqar = resource.client_plugin("zaqar")
    try:
        _call(resource, "delete", "/queues/%s" % name)
    except Exception as error:  # Zaqar's "not found" is a normal answer here
        zaqar.ignore_not_found(error)
    resource.data_delete(key)


def _call(resource: Any, method: str, path: str) -> Any:
    """A request to Zaqar as the resource's stack user, on the stack user project."""
    project_id = resource.stack.state_data.stack_user_project_id
    return resource.client_plugin("zaqar").call_as_stack_user(
        resource.user_id(), project_id, resource.password, method, path
    )
