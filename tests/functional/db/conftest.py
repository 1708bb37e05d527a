"""Fixtures of the database functional tests: real MariaDB/PostgreSQL databases."""

import pytest
from oslo_config import cfg

from heat.common import config
from heat.db import api as db_api
from heat.db import migration


@pytest.fixture
def migrated_database(database_url):
    """``heat.db.api`` configured on a fresh database of each backend, schema in place."""
    conf = cfg.ConfigOpts()
    config.register(conf)
    conf([], project="heat", default_config_files=[])
    conf.set_override("connection", database_url, group="database")
    db_api.configure(conf)
    migration.db_sync(db_api.get_engine())
    yield database_url
    db_api.get_engine().dispose()
