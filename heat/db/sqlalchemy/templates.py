"""The ``raw_template`` table: templates as users gave them, with environment and files."""

from collections.abc import Mapping
from typing import Any

import sqlalchemy as sa

from heat.common import exception
from heat.common.context import RequestContext
from heat.common.i18n import _
from heat.db.sqlalchemy import models
from heat.db.sqlalchemy.facade import reader, retry_on_deadlock, writer


@retry_on_deadlock
def raw_template_create(context: RequestContext, values: Mapping[str, Any]) -> models.RawTemplate:
    """Store a template (``template``, ``environment``, ``files``...); return the new row."""
    with writer(context) as session:
        template = models.RawTemplate()
        template.update(values)
        session.add(template)
        session.flush()
        return template


def raw_template_get(context: RequestContext, template_id: int) -> models.RawTemplate:
    """The stored template; NotFound when there is none."""
    with reader(context) as session:
        template = session.get(models.RawTemplate, template_id)
    if template is None:
        raise exception.NotFound(_("raw template with id %s not found") % template_id)
    return template


@retry_on_deadlock
def raw_template_update(
    context: RequestContext, template_id: int, values: Mapping[str, Any]
) -> models.RawTemplate:
    """Set ``values`` on the stored template and return it; NotFound when there is none."""
    with writer(context) as session:
        template = raw_template_get(context, template_id)
        changed = {key: value for key, value in values.items() if getattr(template, key) != value}
        if changed:
            template.update(changed)
            session.flush()
        return template


@retry_on_deadlock
def raw_template_delete(context: RequestContext, template_id: int) -> None:
    """Delete the template (nothing when it is gone), and its files once no template uses them."""
    with writer(context) as session:
        template = session.get(models.RawTemplate, template_id)
        if template is None:
            return
        files_id = template.files_id
        session.delete(template)
        session.flush()
        if files_id is None:
            return
        still_used = session.scalar(
            sa.select(models.RawTemplate.id).where(models.RawTemplate.files_id == files_id).limit(1)
        )
        if still_used is None:
            session.execute(
                sa.delete(models.RawTemplateFiles).where(models.RawTemplateFiles.id == files_id)
            )
