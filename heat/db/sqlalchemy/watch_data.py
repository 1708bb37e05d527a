"""The ``watch_data`` and ``watch_history`` tables: what watch rules were sent and did.

Samples and history entries belong to one rule each and are visible where their rule is
(:mod:`heat.db.sqlalchemy.watch_rules`). Rows travel out as dicts of every column plus
``watch_name``, the name of their rule. A rule keeps only its newest history entries.
"""

import datetime
from collections.abc import Mapping
from typing import Any

import sqlalchemy as sa

from heat.common.context import RequestContext
from heat.db.sqlalchemy import models
from heat.db.sqlalchemy.facade import reader, retry_on_deadlock, writer
from heat.db.sqlalchemy.watch_rules import rules_visible_to

HISTORY_KEPT_PER_RULE = 100


def _named(context: RequestContext, query: sa.Select) -> list[dict[str, Any]]:
    """The rows of ``query`` (selecting a model and the rule's name) as dicts."""
    with reader(context) as session:
        return [dict(row.to_dict(), watch_name=name) for row, name in session.execute(query)]


def _of_visible_rules(context: RequestContext, model: Any) -> sa.Select:
    return (
        sa.select(model, models.WatchRule.name)
        .join(models.WatchRule, models.WatchRule.id == model.watch_rule_id)
        .where(rules_visible_to(context))
    )


@retry_on_deadlock
def watch_data_create(context: RequestContext, values: Mapping[str, Any]) -> dict[str, Any]:
    """Insert a sample (``watch_rule_id``, ``data``, optionally ``created_at``)."""
    with writer(context) as session:
        row = models.WatchData()
        row.update(values)
        session.add(row)
        session.flush()
        return row.to_dict()


def watch_data_get_all(
    context: RequestContext, since: datetime.datetime | None = None
) -> list[dict[str, Any]]:
    """The samples of every rule visible to ``context`` (posted at ``since`` or later),
    oldest first."""
    query = _of_visible_rules(context, models.WatchData)
    if since is not None:
        query = query.where(models.WatchData.created_at >= since)
    return _named(context, query.order_by(models.WatchData.created_at, models.WatchData.id))


def watch_data_get_all_by_watch_rule_id(
    context: RequestContext, rule_id: int, since: datetime.datetime | None = None
) -> list[dict[str, Any]]:
    """The samples of one rule (posted at ``since`` or later), oldest first."""
    query = sa.select(models.WatchData).where(models.WatchData.watch_rule_id == rule_id)
    if since is not None:
        query = query.where(models.WatchData.created_at >= since)
    with reader(context) as session:
        rows = session.scalars(query.order_by(models.WatchData.created_at, models.WatchData.id))
        return [row.to_dict() for row in rows]


@retry_on_deadlock
def watch_history_create(
    context: RequestContext, values: Mapping[str, Any], keep: int = HISTORY_KEPT_PER_RULE
) -> None:
    """Add a history entry (``watch_rule_id``, ``item_type``, ``summary``, ``data``),
    dropping the rule's entries older than its newest ``keep``."""
    history = models.WatchHistory
    with writer(context) as session:
        row = history()
        row.update(values)
        session.add(row)
        session.flush()
        oldest_kept = session.scalar(
            sa.select(history.id)
            .where(history.watch_rule_id == row.watch_rule_id)
            .order_by(history.id.desc())
            .offset(keep - 1)
            .limit(1)
        )
        if oldest_kept is not None:
            session.execute(
                sa.delete(history).where(
                    history.watch_rule_id == row.watch_rule_id, history.id < oldest_kept
                )
            )


def watch_history_get_all(
    context: RequestContext,
    rule_id: int | None = None,
    filters: Mapping[str, Any] | None = None,
    limit: int | None = None,
    marker: int | None = None,
    ascending: bool = False,
) -> list[dict[str, Any]]:
    """History entries of the rules visible to ``context`` (or of one), newest first unless
    ``ascending``. ``filters`` may hold ``item_type``, ``since`` and ``until``; ``marker`` is
    the id of the last entry of the previous page."""
    history = models.WatchHistory
    filters = filters or {}
    query = _of_visible_rules(context, history)
    if rule_id is not None:
        query = query.where(history.watch_rule_id == rule_id)
    if filters.get("item_type"):
        query = query.where(history.item_type == filters["item_type"])
    if filters.get("since") is not None:
        query = query.where(history.created_at >= filters["since"])
    if filters.get("until") is not None:
        query = query.where(history.created_at <= filters["until"])
    if marker is not None:
        query = query.where(history.id > marker if ascending else history.id < marker)
    query = query.order_by(history.id if ascending else history.id.desc())
    if limit is not None:
        query = query.limit(limit)
    return _named(context, query)
