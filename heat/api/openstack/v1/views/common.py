"""Links of the REST documents: self/stack/resource URLs and the ``next`` page link."""

from urllib import parse

from heat.common import identifier


def make_url(request, identity) -> str:
    """The URL of a stack, resource or event identity below this API's ``/v1``."""
    path = identifier.HeatIdentifier(**identity).url_path()
    return request.relative_url(path, to_application=True)


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
