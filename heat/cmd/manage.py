"""heat-manage: the operator's tool for the database schema, old data and engine records."""

import functools
import sys

from oslo_config import cfg
from oslo_log import log as logging

from heat.cmd import manage_crypt, manage_data
from heat.common import config
from heat.common.context import get_admin_context
from heat.common.i18n import _
from heat.db import api as db_api
from heat.db import migration

_SERVICE_ROW = "%-16s %-16s %-36s %-10s %-10s %-10s %-10s"
_SERVICE_HEADER = ("Hostname", "Binary", "Engine_Id", "Host", "Topic", "Status", "Updated At")


def _db_sync(command) -> None:
    migration.db_sync(db_api.get_engine(), command.version)


def _db_version(command) -> None:
    print(migration.db_version(db_api.get_engine()))


def _purge_deleted(command) -> None:
    db_api.purge_deleted(command.age, command.granularity, command.project_id, command.batch_size)


def _reset_stack_status(command) -> None:
    warning = _(
        "Warning: this command is potentially destructive and only intended to "
        "recover from specific crashes."
    )
    print(warning)
    print(_("It is advised to shutdown all Heat engines beforehand."))
    print(_("Continue ? [y/N]"))
    answer = sys.stdin.readline()
    if answer.strip().lower().startswith("y"):
        db_api.reset_stack_status(get_admin_context(), command.stack_id)


def _service_list(command) -> None:
    print(_SERVICE_ROW % _SERVICE_HEADER)
    for service in db_api.service_get_all(get_admin_context()):
        identity = [service[key] for key in ("hostname", "binary", "engine_id", "host", "topic")]
        status = db_api.service_status(service)
        print(_SERVICE_ROW % (*identity, status, service["updated_at"]))


def _service_clean(command) -> None:
    context = get_admin_context()
    for service in db_api.service_get_all(context):
        if db_api.service_status(service) == "down":
            db_api.service_delete(context, service["id"], soft_delete=False)
            print(_("Removed engine %(engine_id)s (%(binary)s on %(hostname)s)") % service)
    print(_("Dead engines are removed."))


def _add_parsers(conf, subparsers) -> None:
    parser = subparsers.add_parser("db_sync", help=_("Upgrade the database schema."))
    parser.add_argument("version", nargs="?", help=_("Revision to stop at (default: newest)."))
    parser.set_defaults(func=_db_sync)
    parser = subparsers.add_parser("db_version", help=_("Print the schema revision."))
    parser.set_defaults(func=_db_version)
    parser = subparsers.add_parser("purge_deleted", help=_("Remove old soft-deleted stacks."))
    parser.add_argument(
        "age", nargs="?", type=int, default=90, help=_("How long to preserve deleted data.")
    )
    parser.add_argument(
        "-g",
        "--granularity",
        default="days",
        choices=["days", "hours", "minutes", "seconds"],
        help=_("Granularity to use for age argument, defaults to days."),
    )
    parser.add_argument("-p", "--project-id", help=_("Project ID to purge deleted stacks."))
    parser.add_argument(
        "-b",
        "--batch_size",
        type=int,
        default=20,
        help=_("Number of stacks to delete at a time (per transaction)."),
    )
    parser.set_defaults(func=_purge_deleted)
    parser = subparsers.add_parser(
        "reset_stack_status", help=_("Mark a stack stuck IN_PROGRESS as FAILED.")
    )
    parser.add_argument("stack_id", help=_("Stack ID"))
    parser.set_defaults(func=_reset_stack_status)
    service = subparsers.add_parser("service", help=_("Engine records."))
    actions = service.add_subparsers(title=_("Actions"), dest="action", required=True)
    actions.add_parser("list", help=_("List the engines.")).set_defaults(func=_service_list)
    actions.add_parser("clean", help=_("Remove the engines that are down.")).set_defaults(
        func=_service_clean
    )
    manage_crypt.add_parser(subparsers)
    manage_data.add_parsers(subparsers, conf)


def main(argv: list[str] | None = None) -> None:
    """Run the sub-command given in ``argv`` (default: the process arguments)."""
    conf = cfg.ConfigOpts()
    handler = functools.partial(_add_parsers, conf)
    conf.register_cli_opt(cfg.SubCommandOpt("command", title=_("Commands"), handler=handler))
    config.parse_args(sys.argv[1:] if argv is None else argv, conf, prog="heat-manage")
    config.require_database_connection(conf, "heat-manage")
    logging.setup(conf, "heat-manage")
    db_api.configure(conf)
    try:
        conf.command.func(conf.command)
    except Exception as error:  # the process boundary: report, exit non-zero
        sys.exit("ERROR: %s" % error)
