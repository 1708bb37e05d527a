"""The ``raw_template`` table: templates as users gave them, with environment and files."""

from collections.abc import Mapping
from typing import Any

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
