"""The copy of a server's metadata that a POLL_TEMP_URL server polls: a Swift object.

Heat writes the copy through a temporary PUT URL kept in the server resource's data
(``metadata_put_url``) whenever it changes the metadata (collect config, deployments);
the server's os-collect-config reads it through a temporary GET URL (its ``request``
collector). Plain HTTP: a temporary URL needs no credentials.
"""

import json
from typing import Any
from urllib import request

PUT_URL = "metadata_put_url"


def put(url: str, metadata: Any, timeout: float = 60) -> None:
    """Write ``metadata`` (as JSON) to the object behind the temporary PUT URL, giving up
    after ``timeout`` seconds (``metadata_put_timeout``)."""
    body = json.dumps(metadata).encode("utf-8")
    headers = {"Content-Type": "application/json"}
    with request.urlopen(request.Request(url, body, headers, method="PUT"), timeout=timeout):
        pass
