"""Test helpers that put rows straight into the test database, around heat.db.api."""

import datetime

from sqlalchemy import orm

from heat.db import api as db_api
from heat.db.sqlalchemy import models


def make_stack(context, name="stack", **values) -> models.Stack:
    """A stack of ``context``'s project with its own raw template."""
    template = db_api.raw_template_create(
        context, {"template": {"heat_template_version": "2021-04-16"}}
    )
    values = {
        "name": name,
        "raw_template_id": template.id,
        "tenant": context.project_id,
        "username": context.username,
        "disable_rollback": True,
        "action": "CREATE",
        "status": "COMPLETE",
        **values,
    }
    return db_api.stack_create(context, values)


def add(*rows):
    """Insert model objects; return the first one with its generated ids."""
    with orm.Session(db_api.get_engine(), expire_on_commit=False) as session:
        session.add_all(rows)
        session.commit()
    return rows[0]


def count(model, **where) -> int:
    with orm.Session(db_api.get_engine()) as session:
        return session.query(model).filter_by(**where).count()


def get(model, key):
    with orm.Session(db_api.get_engine(), expire_on_commit=False) as session:
        return session.get(model, key)


def ago(**delta) -> datetime.datetime:
    return models.utcnow() - datetime.timedelta(**delta)
