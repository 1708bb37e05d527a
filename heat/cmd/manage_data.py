"""heat-manage commands on stored stacks: ``resource_data_list``, ``migrate_properties_data``
and ``migrate_convergence_1`` (which the engine carries out, so one must be running)."""

import functools
from typing import Any

import oslo_messaging
from oslo_config import cfg

from heat.common import exception
from heat.common import messaging as heat_messaging
from heat.common.context import get_admin_context
from heat.common.i18n import _
from heat.db import api as db_api
from heat.rpc.client import EngineClient

_DATA_ROW = "%-16s %-64s"


def _resource_data_list(command: Any) -> None:
    resource_id = command.resource_id
    data = {}
    if resource_id.isdigit():
        data = db_api.resource_data_get_all(
            get_admin_context(), int(resource_id), keep_undecryptable=True
        )
    if not data:
        raise exception.NotFound(_("no resource data found"))
    for key, value in data.items():
        print(_DATA_ROW % (key, value))


def _migrate_properties_data(command: Any) -> None:
    moved = db_api.resource_properties_data_migrate(get_admin_context())
    if moved:
        print(_("Moved the properties data of %d resources to resource_properties_data.") % moved)
    else:
        print(_("No resource keeps properties data in its own row: nothing to migrate."))


def _migrate_convergence_1(conf: cfg.ConfigOpts, command: Any) -> None:
    transport = oslo_messaging.get_rpc_transport(
        conf, allowed_remote_exmods=heat_messaging.ALLOWED_EXMODS
    )
    try:
        EngineClient.from_transport(transport).migrate_convergence_1(
            get_admin_context(), command.stack_id
        )
    except (exception.EntityNotFound, exception.NotFound):
        raise RuntimeError(_("Stack with id %s can not be found.") % command.stack_id)
    except (exception.NotSupported, exception.ActionNotComplete, exception.ActionInProgress) as e:
        raise RuntimeError(str(e).splitlines()[0])
    except oslo_messaging.MessagingTimeout:
        raise RuntimeError(
            _("No heat-engine answered within %d seconds: the migration runs in the engine.")
            % conf.rpc_response_timeout
        )
    finally:
        transport.cleanup()


def add_parsers(subparsers: Any, conf: cfg.ConfigOpts) -> None:
    """Add the three sub-commands; ``conf`` reaches the engine for the migration."""
    parser = subparsers.add_parser(
        "resource_data_list", help=_("List a resource's data (secret values decrypted).")
    )
    parser.add_argument("resource_id", help=_("Stack resource id"))
    parser.set_defaults(func=_resource_data_list)
    parser = subparsers.add_parser(
        "migrate_properties_data",
        help=_(
            "Move resource properties still kept in resource rows (by OpenStack Heat before "
            "its resource_properties_data table) to that table. Rows this heat writes keep "
            "none, so on its own databases there is nothing to migrate."
        ),
    )
    parser.set_defaults(func=_migrate_properties_data)
    parser = subparsers.add_parser(
        "migrate_convergence_1",
        help=_(
            "Move a legacy-engine stack and its nested stacks, all COMPLETE, to the "
            "convergence engine (a heat-engine must be running)."
        ),
    )
    parser.add_argument("stack_id", help=_("Stack id"))
    parser.set_defaults(func=functools.partial(_migrate_convergence_1, conf))
