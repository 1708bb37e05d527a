"""Raw templates and their shared files through heat.db.api, on every database backend."""

import pytest

from heat.common import exception
from heat.db import api as db_api
from heat.db.sqlalchemy import models
from tests.unit.db import rows

TEMPLATE = {"heat_template_version": "2021-04-16"}


@pytest.fixture
def conf(conf, database_url):
    conf.set_override("connection", database_url, group="database")
    return conf


def _template_with_files(context, files_id):
    return db_api.raw_template_create(context, {"template": TEMPLATE, "files_id": files_id})


def test_update_sets_values(user_context):
    template = db_api.raw_template_create(user_context, {"template": TEMPLATE})
    db_api.raw_template_update(user_context, template.id, {"environment": {"parameters": {}}})
    assert db_api.raw_template_get(user_context, template.id).environment == {"parameters": {}}


def test_update_of_unknown_template_raises_not_found(user_context):
    with pytest.raises(exception.NotFound):
        db_api.raw_template_update(user_context, 42, {"template": TEMPLATE})


def test_delete_removes_the_template(user_context):
    template = db_api.raw_template_create(user_context, {"template": TEMPLATE})
    db_api.raw_template_delete(user_context, template.id)
    with pytest.raises(exception.NotFound):
        db_api.raw_template_get(user_context, template.id)


def test_delete_of_unknown_template_does_nothing(user_context):
    db_api.raw_template_delete(user_context, 42)


def test_delete_removes_files_no_other_template_uses(user_context):
    files = rows.add(models.RawTemplateFiles(files={"a.yaml": "x"}))
    template = _template_with_files(user_context, files.id)
    db_api.raw_template_delete(user_context, template.id)
    assert rows.count(models.RawTemplateFiles) == 0


def test_delete_keeps_files_another_template_uses(user_context):
    files = rows.add(models.RawTemplateFiles(files={"a.yaml": "x"}))
    template = _template_with_files(user_context, files.id)
    _template_with_files(user_context, files.id)
    db_api.raw_template_delete(user_context, template.id)
    assert rows.count(models.RawTemplateFiles) == 1
