"""Links of the REST documents: self/stack/resource URLs and the ``next`` page link."""

import functools
from urllib import parse

_BASE_KEY = "heat.links_base"


def make_url(request, identity) -> str:
    """The URL of a stack, resource or event identity below this API's ``/v1``.

    Listings link every item: the application URL is worked out once per request and the
    quoted stack part once per stack, leaving a string join per item."""
    base = request.environ.get(_BASE_KEY)
    if base is None:
        base = request.environ[_BASE_KEY] = request.application_url.rstrip("/") + "/"
    stack = _stack_url_path(identity["tenant"], identity["stack_name"], identity["stack_id"])
    path = identity.get("path") or ""
    if path and not path.startswith("/"):
        path = "/" + path
    return base + stack + parse.quote(path)


@functools.lru_cache(maxsize=1024)
def _stack_url_path(tenant: str, stack_name: str, stack_id: str) -> str:
    return "%s/stacks/%s/%s" % (
        parse.quote(tenant, ""),
        parse.quote(stack_name, ""),
        parse.quote(stack_id, ""),
    )


def make_link(request, identity, relation: str = "self") -> dict:
    """``{"href": <url of identity>, "rel": relation}``."""
    return {"href": make_url(request, identity), "rel": relation}


def collection_links(request, items: list, marker_key: str = "id") -> list[dict]:
    """A ``next`` link when the page is full (exactly ``limit`` items), else nothing."""
    try:
        limit = int(request.params.get("limit") or 0)
    except ValueError:
        limit = 0
    if limit <= 0 or len(items) != limit:
        return []
    query = [(name, value) for name, value in request.GET.items() if name != "marker"]
    query.append(("marker", items[-1][marker_key]))
    return [{"rel": "next", "href": "%s?%s" % (request.path_url, parse.urlencode(query))}]
