"""Rewrites of old rows that ``heat-manage`` runs: properties data still kept in resource
rows, and legacy-engine stacks moved to the convergence engine."""

import dataclasses
from collections.abc import Iterable, Mapping, Sequence

import sqlalchemy as sa
from oslo_utils import uuidutils
from sqlalchemy import orm

from heat.common.context import RequestContext
from heat.db.sqlalchemy import models
from heat.db.sqlalchemy.facade import reader, retry_on_deadlock, rowcount, writer
from heat.db.sqlalchemy.purge import _delete_unreferenced
from heat.db.sqlalchemy.resources import _delete_resources

_BATCH = 100


def resource_properties_data_migrate(context: RequestContext) -> int:
    """Move the resolved properties that resource rows keep in ``properties_data`` (as
    OpenStack Heat stored them before its ``resource_properties_data`` table) into that
    table, encrypted or not as they were; how many rows moved. Rows written by this heat
    keep none there."""
    resource = models.Resource
    legacy = sa.select(resource).where(
        resource.properties_data.is_not(None), resource.rsrc_prop_data_id.is_(None)
    )
    moved = 0
    while True:
        with writer(context) as session:
            rows = list(session.scalars(legacy.order_by(resource.id).limit(_BATCH)))
            for row in rows:
                data = models.ResourcePropertiesData(
                    data=row.properties_data, encrypted=bool(row.properties_data_encrypted)
                )
                session.add(data)
                session.flush()
                row.rsrc_prop_data_id = data.id
                row.properties_data = None
                row.properties_data_encrypted = None
        if not rows:
            return moved
        moved += len(rows)


@dataclasses.dataclass(frozen=True)
class ConvergenceMigration:
    """What moving one stack to convergence changes: its current resource rows (by id)
    all come from ``template_id`` and require the rows given; ``obsolete`` rows (of
    resources its template no longer has) go; ``previous_template_id`` goes unless still
    referenced."""

    stack_id: str
    template_id: int
    requires: Mapping[int, Iterable[int]]
    obsolete: Sequence[int] = ()
    previous_template_id: int | None = None


@retry_on_deadlock
def stacks_migrate_to_convergence(
    context: RequestContext, migrations: Sequence[ConvergenceMigration]
) -> None:
    """Make the stacks convergence stacks (a new ``current_traversal``, no previous
    template), in one transaction for all of them."""
    resource, stack = models.Resource, models.Stack
    with writer(context) as session:
        for migration in migrations:
            if migration.obsolete:
                _delete_resources(session, resource.id.in_(migration.obsolete))
            for row_id, requires in migration.requires.items():
                session.execute(
                    sa.update(resource)
                    .where(resource.id == row_id)
                    .values(
                        current_template_id=migration.template_id,
                        requires=sorted(requires, reverse=True),
                    )
                )
            rowcount(
                session,
                sa.update(stack)
                .where(stack.id == migration.stack_id)
                .values(
                    convergence=True,
                    current_traversal=uuidutils.generate_uuid(),
                    prev_raw_template_id=None,
                    updated_at=stack.updated_at,
                ),
            )
        _delete_templates(session, {m.previous_template_id for m in migrations} - {None})


def _delete_templates(session: orm.Session, candidates: set) -> None:
    """Delete the templates among ``candidates`` that nothing refers to, and their files
    once no template uses them."""
    template = models.RawTemplate
    files = set(session.scalars(sa.select(template.files_id).where(template.id.in_(candidates))))
    stack, resource = models.Stack, models.Resource
    references = [stack.raw_template_id, stack.prev_raw_template_id, resource.current_template_id]
    _delete_unreferenced(session, template, candidates, references)
    _delete_unreferenced(session, models.RawTemplateFiles, files - {None}, [template.files_id])


def stack_ids_in_tree(context: RequestContext, root_id: str) -> list[str]:
    """The ids of the live nested stacks under ``root_id``, at any depth, parents first."""
    stack = models.Stack
    found: list[str] = []
    generation = [root_id]
    with reader(context) as session:
        while generation:
            generation = list(
                session.scalars(
                    sa.select(stack.id)
                    .where(stack.owner_id.in_(generation), stack.deleted_at.is_(None))
                    .where(sa.or_(stack.backup.is_(None), stack.backup.is_(False)))
                    .order_by(stack.created_at, stack.id)
                )
            )
            found.extend(generation)
    return found
