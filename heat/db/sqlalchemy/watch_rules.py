"""The ``watch_rule`` table: CloudWatch-style alarms, owned by a project.

A rule is visible to its project (``tenant``) and, when a stack made it, to that stack's
stack-user project (software in servers posts metric samples with those credentials).
Names are unique per project. Rows travel out of this module as plain dicts of every
column. Evaluation is claimed rule by rule with a compare-and-swap on ``last_evaluated``,
so that of several engines exactly one evaluates a rule that is due.
"""

import datetime
from collections.abc import Iterable, Mapping
from typing import Any

import sqlalchemy as sa
from oslo_db import exception as db_exception
from sqlalchemy import orm

from heat.common import exception
from heat.common.context import RequestContext
from heat.common.i18n import _
from heat.db.sqlalchemy import models
from heat.db.sqlalchemy.facade import reader, retry_on_deadlock, rowcount, writer

Rule = dict[str, Any]


def rules_visible_to(context: RequestContext) -> sa.ColumnElement[bool]:
    """Rules of the caller's project, or of stacks whose stack-user project it is."""
    stack_user_stacks = sa.select(models.Stack.id).where(
        models.Stack.stack_user_project_id == context.project_id
    )
    return sa.or_(
        models.WatchRule.tenant == context.project_id,
        models.WatchRule.stack_id.in_(stack_user_stacks),
    )


def _query(context: RequestContext) -> sa.Select:
    return (
        sa.select(models.WatchRule).where(rules_visible_to(context)).order_by(models.WatchRule.id)
    )


def _all(context: RequestContext, query: sa.Select) -> list[Rule]:
    with reader(context) as session:
        return [row.to_dict() for row in session.scalars(query)]


def _get(session: orm.Session, rule_id: int) -> models.WatchRule:
    row = session.get(models.WatchRule, rule_id)
    if row is None:
        raise exception.EntityNotFound(entity="Watch Rule", name=rule_id)
    return row


@retry_on_deadlock
def watch_rule_create(context: RequestContext, values: Mapping[str, Any]) -> Rule:
    """Insert a rule (``name``, ``tenant``, ``rule``, ``state``, optional ``stack_id``);
    Invalid when its project already has an alarm of that name."""
    try:
        with writer(context) as session:
            row = models.WatchRule()
            row.update(values)
            session.add(row)
            session.flush()
            # As stored: MySQL keeps times to the second, and claims compare stored times.
            session.refresh(row)
            return row.to_dict()
    except db_exception.DBDuplicateEntry:
        raise exception.Invalid(reason=_("An alarm named %s already exists") % values["name"])


def watch_rule_get(context: RequestContext, rule_id: int) -> Rule | None:
    """The rule if ``context`` may see it (admins see every rule), or None."""
    query = sa.select(models.WatchRule).where(models.WatchRule.id == rule_id)
    if not context.is_admin:
        query = query.where(rules_visible_to(context))
    rules = _all(context, query)
    return rules[0] if rules else None


def watch_rule_get_by_name(context: RequestContext, name: str) -> Rule | None:
    """The rule of that name visible to ``context``, or None."""
    rules = _all(context, _query(context).where(models.WatchRule.name == name))
    # The caller's own project wins over a stack-user project holding the same name.
    rules.sort(key=lambda rule: rule["tenant"] != context.project_id)
    return rules[0] if rules else None


def watch_rule_get_all(context: RequestContext) -> list[Rule]:
    """Every rule visible to ``context``, oldest first."""
    return _all(context, _query(context))


def watch_rule_get_all_by_stack(context: RequestContext, stack_id: str) -> list[Rule]:
    """The rules a stack's alarm resources made, oldest first."""
    query = sa.select(models.WatchRule).where(models.WatchRule.stack_id == stack_id)
    return _all(context, query.order_by(models.WatchRule.id))


def watch_rule_get_all_active(
    context: RequestContext, inactive_states: Iterable[str]
) -> list[Rule]:
    """Every rule of every project whose state is not one of ``inactive_states`` (the
    engine's evaluation; an admin context only)."""
    if not context.is_admin:
        raise exception.Forbidden(action="watch_rule_get_all_active")
    query = sa.select(models.WatchRule).where(
        sa.or_(
            models.WatchRule.state.is_(None),
            models.WatchRule.state.not_in(list(inactive_states)),
        )
    )
    return _all(context, query.order_by(models.WatchRule.id))


@retry_on_deadlock
def watch_rule_update(
    context: RequestContext,
    rule_id: int,
    values: Mapping[str, Any],
    rule_changes: Mapping[str, Any] | None = None,
    expected: Mapping[str, Any] | None = None,
) -> Rule | None:
    """Set column ``values`` and merge ``rule_changes`` into the ``rule`` document, with
    the row locked so that concurrent changes to other keys are kept; the row after. With
    ``expected`` column values, nothing changes (None) unless the row still has them."""
    locked = sa.select(models.WatchRule).where(models.WatchRule.id == rule_id).with_for_update()
    with writer(context) as session:
        row = session.scalars(locked).first()
        if row is None:
            raise exception.EntityNotFound(entity="Watch Rule", name=rule_id)
        if any(getattr(row, key) != value for key, value in (expected or {}).items()):
            return None
        row.update(values)
        if rule_changes:
            row.rule = {**(row.rule or {}), **rule_changes}
        session.flush()
        session.refresh(row)
        return row.to_dict()


@retry_on_deadlock
def watch_rule_claim(
    context: RequestContext,
    rule_id: int,
    last_evaluated: datetime.datetime | None,
    now: datetime.datetime,
) -> bool:
    """Move ``last_evaluated`` to ``now`` if it still is ``last_evaluated``: True for the
    one caller that did it, which then evaluates the rule. Times are kept to the second
    (as MySQL keeps them), so ``now`` must be a second or more after ``last_evaluated``."""
    if last_evaluated is not None and now - last_evaluated < datetime.timedelta(seconds=1):
        raise ValueError("a claim must move last_evaluated on by a second or more")
    now = now.replace(microsecond=0)
    column = models.WatchRule.last_evaluated
    seen = column.is_(None) if last_evaluated is None else column == last_evaluated
    statement = (
        sa.update(models.WatchRule)
        .where(models.WatchRule.id == rule_id, seen)
        .values(last_evaluated=now)
    )
    with writer(context) as session:
        return rowcount(session, statement) == 1


@retry_on_deadlock
def watch_rule_delete(context: RequestContext, rule_id: int) -> None:
    """Remove the rule with its metric samples and history; EntityNotFound when missing."""
    with writer(context) as session:
        row = _get(session, rule_id)
        for model in (models.WatchData, models.WatchHistory):
            session.execute(sa.delete(model).where(model.watch_rule_id == rule_id))
        session.delete(row)
