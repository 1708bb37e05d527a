"""Identities of stacks, resources and events, and their ARN and URL forms.

An identity is ``{tenant, stack_name, stack_id, path}``; the ARN is
``arn:openstack:heat::<tenant>:stacks/<name>/<id><path>`` and the URL path
``stacks/<name>/<id><path>``. Resources and events are paths below their stack.
"""

import collections.abc
import re
from typing import Any
from urllib import parse

from heat.common import exception

_ARN = re.compile(r"^arn:openstack:heat::(?P<tenant>[^:]*):stacks/(?P<rest>.+)$")
_FIELDS = ("tenant", "stack_name", "stack_id", "path")


class HeatIdentifier(collections.abc.Mapping):
    """The identity of a stack or of something (path) inside it; a read-only mapping."""

    def __init__(self, tenant: str | None, stack_name: str, stack_id: str | None, path: str = ""):
        if path and not path.startswith("/"):
            path = "/" + path
        if "/" in stack_name:
            raise ValueError('Stack name may not contain "/"')
        self.identity = {
            "tenant": tenant,
            "stack_name": stack_name,
            "stack_id": stack_id,
            "path": path,
        }

    @classmethod
    def from_arn(cls, arn: str) -> "HeatIdentifier":
        """Parse an ARN; raises ``ValueError`` naming the ARN when it is not one of ours."""
        match = _ARN.match(arn)
        if match is None:
            raise ValueError('"%s" is not a valid ARN' % arn)
        parts = match.group("rest").split("/", 2)
        if len(parts) < 2 or not all(parts[:2]):
            raise ValueError('"%s" is not a valid ARN' % arn)
        path = "/" + parts[2] if len(parts) > 2 else ""
        return cls(
            parse.unquote(match.group("tenant")),
            parse.unquote(parts[0]),
            parse.unquote(parts[1]),
            parse.unquote(path),
        )

    @classmethod
    def from_arn_url(cls, url: str) -> "HeatIdentifier":
        """Parse the ARN found, URL-quoted, in the path of a signal or wait condition URL."""
        path = parse.urlsplit(url).path
        start = path.find("arn%3Aopenstack%3Aheat%3A%3A")
        if start < 0:
            raise ValueError('"%s" does not contain a valid ARN' % url)
        return cls.from_arn(parse.unquote(path[start:]))

    def arn(self) -> str:
        return "arn:openstack:heat::%s:%s" % (parse.quote(self.tenant, ""), self._stack_path())

    def arn_url_path(self) -> str:
        """The ARN quoted to sit in a URL path (``/arn%3A...``)."""
        return "/" + parse.quote(self.arn(), "")

    def url_path(self) -> str:
        """``<tenant>/stacks/<name>/<id><path>`` as it appears after ``/v1/``."""
        return "/".join((parse.quote(self.tenant, ""), self._stack_path()))

    def stack_path(self) -> str:
        """``<name>/<id>``, quoted for a URL."""
        return "%s/%s" % (parse.quote(self.stack_name, ""), parse.quote(self.stack_id, ""))

    def _stack_path(self) -> str:
        return "stacks/%s%s" % (self.stack_path(), parse.quote(self.path))

    def as_dict(self) -> dict[str, Any]:
        """The identity as a plain dict (a new one each time)."""
        return dict(self.identity)

    def stack(self) -> "HeatIdentifier":
        """The identity of the stack itself (no path)."""
        return HeatIdentifier(self.tenant, self.stack_name, self.stack_id)

    def __getattr__(self, name):
        if name in _FIELDS:
            return self.identity[name]
        raise AttributeError(name)

    def __getitem__(self, key):
        return self.identity[key]

    def __iter__(self):
        return iter(_FIELDS)

    def __len__(self):
        return len(_FIELDS)

    def __repr__(self):
        return repr(dict(self))


class ResourceIdentifier(HeatIdentifier):
    """The identity of a resource: ``<stack path>/resources/<name>``."""

    RESOURCE_NAME = "resource_name"

    def __init__(self, tenant, stack_name, stack_id, path, resource_name=None):
        if resource_name is not None:
            if "/" in resource_name:
                raise ValueError('Resource name may not contain "/"')
            # As upstream, the path holds the name as it is; URLs quote the path.
            path = "/".join([path.rstrip("/"), "resources", resource_name])
        super().__init__(tenant, stack_name, stack_id, path)

    @property
    def resource_name(self) -> str:
        return self.path.rsplit("/", 1)[-1]


class EventIdentifier(HeatIdentifier):
    """The identity of an event: ``<resource path>/events/<id>``."""

    def __init__(self, tenant, stack_name, stack_id, path, event_id=None):
        if event_id is not None:
            path = "/".join([path.rstrip("/"), "events", parse.quote(event_id, "")])
        super().__init__(tenant, stack_name, stack_id, path)

    @property
    def event_id(self) -> str:
        return parse.unquote(self.path.rsplit("/", 1)[-1])


def parse_stack_arn_or_none(value: str) -> HeatIdentifier | None:
    """The identity in ``value`` when it is a stack ARN, else None (it is then a name or id)."""
    if not value.startswith("arn:"):
        return None
    try:
        return HeatIdentifier.from_arn(value)
    except ValueError as error:
        raise exception.Invalid(reason=str(error))
