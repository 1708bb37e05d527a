"""heat-status: ``heat-status upgrade check`` tells an operator whether this deployment is
ready to run the code installed.

Checks: the policy file is YAML rather than deprecated JSON (OpenStack Heat's one check),
``[database] connection`` is set, and the database's schema is at this code's newest
revision. Exit code (oslo.upgradecheck's): 0 all passed, 1 a warning, 2 a failure,
255 a check that could not run.
"""

import sys

import sqlalchemy
from oslo_config import cfg
from oslo_upgradecheck import common_checks, upgradecheck
from oslo_upgradecheck.upgradecheck import Code, Result

from heat.common import config
from heat.common.i18n import _
from heat.db import migration


def check_database_connection(checks: "Checks") -> Result:
    """Failure when ``[database] connection`` is unset (every binary but heat-all needs it)."""
    if checks.conf.database.connection:
        return Result(Code.SUCCESS)
    details = _("[database] connection is not set (config files read: %s)")
    return Result(Code.FAILURE, details % config.config_files_read(checks.conf))


def check_schema(checks: "Checks") -> Result:
    """Failure unless the database is reachable and at the newest schema revision."""
    url = checks.conf.database.connection
    if not url:
        return Result(Code.FAILURE, _("No database to check: [database] connection is not set."))
    head = migration.head_revision()
    engine = sqlalchemy.create_engine(url)
    try:
        current = migration.db_version(engine)
    except sqlalchemy.exc.SQLAlchemyError as error:
        details = _("Cannot read the schema revision: %s") % str(error).splitlines()[0]
        return Result(Code.FAILURE, details)
    finally:
        engine.dispose()
    if current == head:
        return Result(Code.SUCCESS)
    if current is None:
        return Result(Code.FAILURE, _("The database has no schema: run heat-manage db_sync."))
    if not migration.is_known_revision(current):
        details = _("The database is at revision %(current)s, which this code does not know.")
        return Result(Code.FAILURE, details % {"current": current})
    details = _("The database is at revision %(current)s, not %(head)s: run heat-manage db_sync.")
    return Result(Code.FAILURE, details % {"current": current, "head": head})


class Checks(upgradecheck.UpgradeCommands):
    """heat's upgrade checks, on the configuration ``conf``."""

    def __init__(self, conf: cfg.ConfigOpts):
        self.conf = conf

    _upgrade_checks = (
        (
            _("Policy File JSON to YAML Migration"),
            lambda checks: common_checks.check_policy_json(checks, checks.conf),
        ),
        (_("Database connection"), check_database_connection),
        (_("Database schema"), check_schema),
    )


def main(argv: list[str] | None = None) -> int:
    """Run ``upgrade check``; its exit code."""
    conf = config.register(cfg.ConfigOpts())
    argv = sys.argv[1:] if argv is None else argv
    return upgradecheck.main(conf, project="heat", upgrade_command=Checks(conf), argv=argv)
