"""The engine's RPC methods, grouped by subject as the RPC client groups them."""

from typing import Any

from heat.common import exception


def refuse_files_container(files_container: Any) -> None:
    """NotSupported for a request that names a Swift container of files."""
    if files_container:
        raise exception.NotSupported(feature="files_container (Swift)")
