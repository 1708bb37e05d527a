"""bin/heat-db-setup against the local MariaDB: database, user, config line and schema."""

import configparser
import os
import pathlib
import shutil
import subprocess
import uuid

import sqlalchemy as sa

from heat.db import migration
from tests.fixtures.databases import SERVER_URLS
from tests.fixtures.services import skip_or_fail
from tests.functional.processes import BIN, REPO

HEAD = "6b2d1e8f4a90"


def _drop_user(user):
    admin = sa.create_engine(SERVER_URLS["mysql"] + "/", isolation_level="AUTOCOMMIT")
    with admin.connect() as connection:
        for host in ("%", "localhost"):
            connection.execute(sa.text("DROP USER IF EXISTS '%s'@'%s'" % (user, host)))
    admin.dispose()


def test_setup_creates_a_database_heat_can_use(tmp_path, mysql_url):
    if not (shutil.which("mysql") or shutil.which("mariadb")):
        skip_or_fail("the mysql client is not installed")
    database = mysql_url.rsplit("/", 1)[1]
    user = "heat_%s" % uuid.uuid4().hex[:8]
    config_file = tmp_path / "heat.conf"
    config_file.write_text("[DEFAULT]\ndebug = False\n")
    env = dict(os.environ, PATH="%s:%s" % (BIN, os.environ["PATH"]))
    command = [
        str(REPO / "bin" / "heat-db-setup"),
        "-y",
        "-u",
        user,
        "-p",
        "s3cret:/@",
        "-d",
        database,
        "-c",
        str(config_file),
    ]
    try:
        result = subprocess.run(command, env=env, capture_output=True, text=True, timeout=120)
        assert result.returncode == 0, result.stdout + result.stderr
        parser = configparser.ConfigParser(interpolation=None)
        parser.read(config_file)
        connection = parser["database"]["connection"]
        assert connection.startswith("mysql+pymysql://%s:" % user)
        engine = sa.create_engine(connection)
        assert migration.db_version(engine) == HEAD
        engine.dispose()
    finally:
        _drop_user(user)
    assert pathlib.Path(config_file).read_text().startswith("[DEFAULT]")
