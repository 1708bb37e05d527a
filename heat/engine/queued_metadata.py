"""The metadata a ZAQAR_MESSAGE server reads: messages on a Zaqar queue of the stack user's
project, named after the server resource (resource data ``metadata_queue_id``).

Heat posts the whole metadata as a message, as the server's stack user, whenever it
changes the metadata (collect config, deployments); the server's os-collect-config takes
them off the queue one at a time (its ``zaqar`` collector), with the same user's
credentials. A message lives an hour, as upstream's.
"""

from typing import Any

from heat.common import exception
from heat.db import api as db_api

QUEUE = "metadata_queue_id"
TTL = 3600


def post(
    clients: Any,
    user_id: str | None,
    project_id: str | None,
    password: str | None,
    queue: str,
    metadata: Any,
) -> None:
    """Post ``metadata`` to the queue as the stack user (``clients``: the stack's)."""
    body = {"messages": [{"body": metadata, "ttl": TTL}]}
    path = "/queues/%s/messages" % queue
    clients.client_plugin("zaqar").call_as_stack_user(
        user_id, project_id, password, "post", path, body
    )


def post_for_row(clients: Any, context: Any, row: Any, metadata: Any) -> None:
    """Post ``metadata`` to the queue of the server resource ``row``, if it has one."""
    try:
        queue = db_api.resource_data_get(context, row.id, QUEUE)
        user_id = db_api.resource_data_get(context, row.id, "user_id")
        password = db_api.resource_data_get(context, row.id, "password")
    except exception.NotFound:
        return
    stack = db_api.stack_get(context, row.stack_id, eager_load=False)
    if stack is not None:
        post(clients, user_id, stack.stack_user_project_id, password, queue, metadata)
