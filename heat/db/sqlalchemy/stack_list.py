"""Listing and counting stacks: project scoping, filters, tags, sorting and pagination.

Stacks are scoped to the caller's project unless the context is an admin's. Nested
stacks, soft-deleted stacks and stacks carrying a hidden tag are left out unless asked
for. Pages are keyed on the last stack seen (``marker``), never on offsets.
"""

from collections.abc import Collection, Iterable, Mapping, Sequence
from typing import Any

import sqlalchemy as sa
from oslo_db.sqlalchemy import utils as oslo_db_utils
from sqlalchemy import orm

from heat.common import exception
from heat.common.context import RequestContext
from heat.common.i18n import _
from heat.db.sqlalchemy import models
from heat.db.sqlalchemy.facade import reader

# Sort keys of the REST API, by the column they sort on.
SORT_KEYS = {
    "stack_name": "name",
    "stack_status": "status",
    "creation_time": "created_at",
    "updated_time": "updated_at",
}
SORT_DIRECTIONS = ("asc", "desc")


def _has_tag(tags: Iterable[str]) -> sa.ColumnElement[bool]:
    return models.Stack.tags.any(models.StackTag.tag.in_(list(tags)))


def _has_all_tags(tags: Iterable[str]) -> sa.ColumnElement[bool]:
    return sa.and_(*(models.Stack.tags.any(models.StackTag.tag == tag) for tag in tags))


def _exact_filters(filters: Mapping[str, Any] | None) -> list[sa.ColumnElement[bool]]:
    """A condition per filter: column equals the value, or is one of a list of values."""
    conditions: list[sa.ColumnElement[bool]] = []
    for name, value in (filters or {}).items():
        column = models.Stack.__table__.columns.get(name)
        if column is None:
            raise exception.Invalid(reason=_("Unknown stack filter: %s") % name)
        if isinstance(value, (list, tuple, set, frozenset)):
            conditions.append(column.in_(list(value)))
        else:
            conditions.append(column == value)
    return conditions


# A convergence traversal's graph (``current_deps``, a node per resource), decoded at
# every read, is read by the traversal's steps only: stack reads leave it out.
WITHOUT_GRAPH = orm.defer(models.Stack.current_deps, raiseload=True)


def _query(
    context: RequestContext,
    filters: Mapping[str, Any] | None = None,
    show_deleted: bool = False,
    show_nested: bool = False,
    show_hidden: bool = False,
    tags: Sequence[str] | None = None,
    tags_any: Sequence[str] | None = None,
    not_tags: Sequence[str] | None = None,
    not_tags_any: Sequence[str] | None = None,
    hidden_tags: Collection[str] = (),
) -> sa.Select:
    """The stacks the arguments select, unsorted and unpaged."""
    stack = models.Stack
    query = sa.select(stack).options(WITHOUT_GRAPH).where(*_exact_filters(filters))
    if show_nested:
        # Backup stacks are internal to updates; they are never listed.
        query = query.where(sa.or_(stack.backup.is_(None), stack.backup.is_(False)))
    else:
        query = query.where(stack.owner_id.is_(None))
    if not (show_deleted or context.show_deleted):
        query = query.where(stack.deleted_at.is_(None))
    if not context.is_admin:
        query = query.where(stack.tenant == context.project_id)
    if tags:
        query = query.where(_has_all_tags(tags))
    if tags_any:
        query = query.where(_has_tag(tags_any))
    if not_tags:
        query = query.where(sa.not_(_has_all_tags(not_tags)))
    if not_tags_any:
        query = query.where(sa.not_(_has_tag(not_tags_any)))
    if hidden_tags and not show_hidden:
        query = query.where(sa.not_(_has_tag(hidden_tags)))
    return query


def _sort_columns(sort_keys: str | Sequence[str] | None) -> list[str]:
    if isinstance(sort_keys, str):
        sort_keys = [sort_keys]
    unknown = [key for key in sort_keys or () if key not in SORT_KEYS]
    if unknown:
        raise exception.Invalid(
            reason=_("Invalid sort key(s) %(keys)s; valid sort keys are %(valid)s.")
            % {"keys": ", ".join(unknown), "valid": ", ".join(SORT_KEYS)}
        )
    return [SORT_KEYS[key] for key in sort_keys or ()]


def _paginate(
    session: orm.Session,
    query: sa.Select,
    limit: int | None,
    sort_keys: str | Sequence[str] | None,
    marker: str | None,
    sort_dir: str | None,
) -> sa.Select:
    columns = _sort_columns(sort_keys)
    if sort_dir is not None and sort_dir not in SORT_DIRECTIONS:
        raise exception.Invalid(
            reason=_("Invalid sort direction %(dir)s; use one of %(valid)s.")
            % {"dir": sort_dir, "valid": ", ".join(SORT_DIRECTIONS)}
        )
    if not columns:
        columns, sort_dir = ["created_at"], sort_dir or "desc"
    # Sorting on the primary key last keeps pages stable when sort values repeat.
    columns.append("id")
    marker_stack = session.get(models.Stack, marker) if marker else None
    return oslo_db_utils.paginate_query(
        query, models.Stack, limit, columns, marker=marker_stack, sort_dir=sort_dir or "asc"
    )


def stack_get_all(
    context: RequestContext,
    limit: int | None = None,
    sort_keys: str | Sequence[str] | None = None,
    marker: str | None = None,
    sort_dir: str | None = None,
    filters: Mapping[str, Any] | None = None,
    show_deleted: bool = False,
    show_nested: bool = False,
    show_hidden: bool = False,
    tags: Sequence[str] | None = None,
    tags_any: Sequence[str] | None = None,
    not_tags: Sequence[str] | None = None,
    not_tags_any: Sequence[str] | None = None,
    hidden_tags: Collection[str] = (),
) -> list[models.Stack]:
    """One page of stacks with their tags, newest first unless sort keys say otherwise.

    ``filters`` maps column names to a value or a list of values; ``tags`` requires all of
    them, ``tags_any`` one of them, ``not_tags`` excludes stacks having all of them and
    ``not_tags_any`` stacks having one of them. Invalid for an unknown sort key or filter.
    """
    query = _query(
        context,
        filters,
        show_deleted,
        show_nested,
        show_hidden,
        tags,
        tags_any,
        not_tags,
        not_tags_any,
        hidden_tags,
    )
    with reader(context) as session:
        query = _paginate(session, query, limit, sort_keys, marker, sort_dir)
        return list(session.scalars(query))


def stack_count_all(
    context: RequestContext,
    filters: Mapping[str, Any] | None = None,
    show_deleted: bool = False,
    show_nested: bool = False,
    show_hidden: bool = False,
    tags: Sequence[str] | None = None,
    tags_any: Sequence[str] | None = None,
    not_tags: Sequence[str] | None = None,
    not_tags_any: Sequence[str] | None = None,
    hidden_tags: Collection[str] = (),
) -> int:
    """How many stacks :func:`stack_get_all` would list with the same selection, all pages."""
    query = _query(
        context,
        filters,
        show_deleted,
        show_nested,
        show_hidden,
        tags,
        tags_any,
        not_tags,
        not_tags_any,
        hidden_tags,
    )
    ids = query.with_only_columns(models.Stack.id).subquery()
    with reader(context) as session:
        return session.scalar(sa.select(sa.func.count()).select_from(ids)) or 0
