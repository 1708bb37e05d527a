"""TEMP_URL_SIGNAL of a software deployment: the server PUTs its outputs to a Swift object.

The object (in a container named after the deployment resource) holds
:data:`~heat.engine.clients.os.swift.IN_PROGRESS` from the moment heat deploys a config
until the server's heat-config-notify writes the outputs there through a temporary PUT
URL, which needs no credentials. Heat reads the object while it waits and turns what it
finds into the deployment's signal; the object and its container go with the resource.
"""

import json
import uuid
from typing import Any

from heat.engine.clients.os.swift import IN_PROGRESS

CONTAINER, OBJECT, URL = "swift_signal_container", "swift_signal_object", "swift_signal_url"


def put_url(resource: Any) -> str:
    """The temporary PUT URL of the resource's signal object (made, and kept, once)."""
    url = resource.data().get(URL)
    if url:
        return str(url)
    swift = resource.client_plugin("swift")
    container, name = resource.physical_resource_name(), str(uuid.uuid4())
    swift.client().create_container(container)
    swift.client().create_object(container, name, data=IN_PROGRESS)
    url = swift.get_temp_url(container, name, method="PUT")
    resource.data_set(CONTAINER, container)
    resource.data_set(OBJECT, name)
    resource.data_set(URL, url, redact=True)
    return url


def reset(resource: Any) -> None:
    """Make the object say IN_PROGRESS again, before a new config is deployed, so that
    only the server's next report counts."""
    container, name = resource.data().get(CONTAINER), resource.data().get(OBJECT)
    if container and name:
        resource.client_plugin("swift").client().create_object(container, name, data=IN_PROGRESS)


def report(resource: Any) -> dict[str, Any] | None:
    """What the server wrote to the object; None while it still says IN_PROGRESS."""
    container, name = resource.data().get(CONTAINER), resource.data().get(OBJECT)
    if not (container and name):
        return None
    data = resource.client_plugin("swift").client().download_object(name, container=container)
    text = data.decode("utf-8") if isinstance(data, bytes) else str(data)
    if text == IN_PROGRESS:
        return None
    try:
        found = json.loads(text)
    except ValueError:
        return {"deploy_stderr": text, "deploy_status_code": -1}
    return found if isinstance(found, dict) else {}


def delete(resource: Any) -> None:
    """Delete the object and its container (what is already gone is fine)."""
    container, name = resource.data().get(CONTAINER), resource.data().get(OBJECT)
    if not container:
        return
    swift = resource.client_plugin("swift")
    for step in (
        lambda: swift.delete_object(container, name),
        lambda: swift.delete_container(container),
    ):
        try:
            step()
        except Exception as error:
            if not (swift.is_not_found(error) or swift.is_conflict(error)):
                raise
    for key in (URL, OBJECT, CONTAINER):
        resource.data_delete(key)
