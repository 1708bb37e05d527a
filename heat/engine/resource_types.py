"""Listing of registered resource types, as ``list_resource_types`` answers.

A type's support status comes from its class's ``support_status`` (a
:class:`heat.engine.support.SupportStatus`, or any object with ``status`` and ``version``);
a class without one counts as SUPPORTED. Provider-template types take theirs from the
registry's template resource class.
"""

import inspect
from collections.abc import Callable, Mapping
from typing import Any

from heat.common import exception
from heat.common.i18n import _
from heat.engine import linear_pattern
from heat.engine.resource_info import ClassResourceInfo, ResourceInfo
from heat.engine.support import HIDDEN, SUPPORT_STATUSES, SUPPORTED


def support_of(resource_class: Any) -> tuple[str, str | None]:
    """``(status, version)`` of ``resource_class``'s support status."""
    support = getattr(resource_class, "support_status", None)
    if support is None:
        return SUPPORTED, None
    return getattr(support, "status", SUPPORTED), getattr(support, "version", None)


def _name_pattern(type_name: str) -> Any:
    # RE2: a name filter from the query string must not be able to backtrack for hours.
    return linear_pattern.compile_or_none(type_name)


def list_types(
    infos: Mapping[str, ResourceInfo],
    template_resource_class: type | None,
    support_status: str | None = None,
    type_name: str | None = None,
    version: str | None = None,
    with_description: bool = False,
    include: Callable[[str, Any], bool] | None = None,
) -> list:
    """The sorted names of ``infos`` that are not hidden and match the filters: the exact
    support status and version, ``type_name`` as a regular expression matched at the start,
    and ``include``; Invalid for an unknown support status."""
    if support_status is not None and support_status not in SUPPORT_STATUSES:
        reason = _("Invalid support status and should be one of %s") % str(SUPPORT_STATUSES)
        raise exception.Invalid(reason=reason)
    pattern = None if type_name is None else _name_pattern(type_name)
    if type_name is not None and pattern is None:
        return []
    listed = []
    for name in sorted(infos):
        info = infos[name]
        resource_class = (
            info.value if isinstance(info, ClassResourceInfo) else template_resource_class
        )
        status, since = support_of(resource_class)
        if (
            status != HIDDEN
            and (support_status is None or status == support_status)
            and (version is None or since == version)
            and (pattern is None or pattern.match(name))
            and (include is None or include(name, resource_class))
        ):
            listed.append(_describe(name, resource_class) if with_description else name)
    return listed


def _describe(name: str, resource_class: Any) -> dict[str, str]:
    description = inspect.getdoc(resource_class) if resource_class is not None else None
    return {"resource_type": name, "description": description or ""}
