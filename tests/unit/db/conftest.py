"""Fixtures of the database tests: a configured, migrated SQLite database per test."""

import pytest
from oslo_config import cfg

from heat.common import config
from heat.common.context import RequestContext, get_admin_context
from heat.db import api as db_api
from heat.db import migration
from tests.fixtures.databases import sqlite_url


@pytest.fixture
def conf(tmp_path):
    conf = cfg.ConfigOpts()
    config.register(conf)
    conf([], project="heat", default_config_files=[])
    conf.set_override("connection", sqlite_url(tmp_path), group="database")
    return conf


@pytest.fixture
def database(conf):
    db_api.configure(conf)
    migration.db_sync(db_api.get_engine())
    yield db_api.get_engine()
    db_api.get_engine().dispose()


@pytest.fixture
def user_context(database):
    return RequestContext(
        project_id="project-a", user_id="user-a", username="alice", password="s3cret"
    )


@pytest.fixture
def other_context(database):
    return RequestContext(project_id="project-b", user_id="user-b", username="bob")


@pytest.fixture
def admin_context(database):
    return get_admin_context()
