"""The engine refuses software config and deployment fields the database cannot take
(whoever the RPC caller is) with Invalid naming the field, before any row is written."""

import pytest
from oslo_config import cfg

from heat.common import config, exception
from heat.common.context import RequestContext
from heat.db import api as db_api
from heat.db import migration
from heat.engine import software_configs, software_deployments
from tests.fixtures.databases import sqlite_url

CONFIG = {"group": "script", "name": "c", "config": "", "inputs": [], "outputs": [], "options": {}}
DEPLOYMENT = {
    "server_id": "server",
    "input_values": {},
    "action": "CREATE",
    "status": "COMPLETE",
    "status_reason": "",
    "stack_user_project_id": None,
}


@pytest.fixture
def context(tmp_path):
    conf = cfg.ConfigOpts()
    config.register(conf)
    conf([], project="heat", default_config_files=[])
    conf.set_override("connection", sqlite_url(tmp_path), group="database")
    db_api.configure(conf)
    migration.db_sync(db_api.get_engine())
    yield RequestContext(project_id="project-a", user_id="a")
    db_api.get_engine().dispose()


@pytest.mark.parametrize(
    ("field", "value"),
    [("name", {"a": 1}), ("group", 5), ("name", "a\x00b"), ("group", "g" * 256), ("options", 5)],
)
def test_a_config_field_of_the_wrong_shape_is_invalid(context, field, value):
    with pytest.raises(exception.Invalid) as error:
        software_configs.create(context, **dict(CONFIG, **{field: value}))
    assert '"%s"' % field in str(error.value)
    assert db_api.software_config_get_all(context) == []


@pytest.mark.parametrize(
    ("field", "value"),
    [
        ("config_id", 0),
        ("server_id", {"a": 1}),
        ("input_values", [1]),
        ("status", "s\x00"),
        ("stack_user_project_id", "p" * 65),
    ],
)
def test_a_deployment_field_of_the_wrong_shape_is_invalid(context, field, value):
    config_id = software_configs.create(context, **CONFIG)["id"]
    values = dict(DEPLOYMENT, config_id=config_id)
    values[field] = value
    with pytest.raises(exception.Invalid) as error:
        software_deployments.create(context, **values)
    assert '"%s"' % field in str(error.value)
    assert db_api.software_deployment_get_all(context) == []


def test_an_update_with_a_wrong_typed_output_is_invalid(context):
    config_id = software_configs.create(context, **CONFIG)["id"]
    deployment = software_deployments.create(context, config_id=config_id, **DEPLOYMENT)
    with pytest.raises(exception.Invalid):
        software_deployments.update(context, deployment["id"], output_values="x")
    shown = software_deployments.show(context, deployment["id"])
    assert shown["output_values"] is None
