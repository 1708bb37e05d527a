"""A request's ``files_container``: its files read from the objects of a Swift container
of the caller's project (the object name is the file's name), as ``openstack stack create
--files-container`` sends them. A file the request gives itself wins over the object of
the same name; the container may hold at most ``max_json_body_size`` bytes.
"""

from typing import Any

from heat.engine.clients import clients_for


def with_container_files(
    context: Any, conf: Any, container: str | None, files: dict[str, Any] | None
) -> dict[str, Any] | None:
    """``files`` with the container's objects added (``files`` as it is without one)."""
    if not container:
        return files
    given = dict(files or {})
    swift = clients_for(context, conf).client_plugin("swift")
    found: dict[str, Any] = swift.files_from_container(
        container, set(given), conf.max_json_body_size
    )
    found.update(given)
    return found
