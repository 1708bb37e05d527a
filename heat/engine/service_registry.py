"""The engine's row in the ``service`` table: created at start, touched, removed at stop.

Other engines and ``heat-manage service list`` read these rows to tell which engines
are alive: a row is "up" while it was updated within two report intervals. The row is
touched every :func:`heartbeat_interval` (at most ``HEARTBEAT_SECONDS``), so that an engine
that died is told apart within ``HEARTBEAT_MISSES`` beats, well under half a minute.
"""

import datetime
import socket
from typing import Any

from oslo_db import exception as db_exception
from oslo_log import log as logging
from oslo_utils import timeutils

from heat.common import context as heat_context
from heat.db import api as db_api
from heat.rpc import api as rpc_api

LOG = logging.getLogger(__name__)
BINARY = "heat-engine"
HEARTBEAT_SECONDS = 5
# Beats an engine may miss (a slow database, a pause) before others may think it dead.
HEARTBEAT_MISSES = 3


def heartbeat_interval(report_interval: float) -> float:
    """Seconds between two touches of an engine's row: its report interval, capped so that a
    long ``periodic_interval`` does not delay the detection of a dead engine."""
    return min(report_interval, HEARTBEAT_SECONDS)


def is_beating(service: dict[str, Any], now: datetime.datetime | None = None) -> bool:
    """Whether the engine touched its row within its last ``HEARTBEAT_MISSES`` beats."""
    now = now or timeutils.utcnow()
    last_seen = service.get("updated_at") or service.get("created_at")
    if last_seen is None:
        return False
    window = HEARTBEAT_MISSES * heartbeat_interval(service["report_interval"])
    return now - last_seen <= datetime.timedelta(seconds=window)


def service_status(service: dict[str, Any], now: datetime.datetime | None = None) -> str:
    """``"up"`` if the service reported within two intervals, else ``"down"``."""
    now = now or timeutils.utcnow()
    last_seen = service.get("updated_at") or service.get("created_at")
    if last_seen is None:
        return "down"
    allowed = datetime.timedelta(seconds=2 * service["report_interval"])
    return "up" if now - last_seen <= allowed else "down"


def active_service_count(context: Any) -> int:
    """How many engines are up now (as the service rows tell)."""
    return sum(1 for service in db_api.service_get_all(context) if service_status(service) == "up")


def format_service(service: dict[str, Any]) -> dict[str, Any]:
    """A service row in the RPC result shape of ``list_services``."""
    result: dict[str, Any] = {
        key: service.get(key) for key in rpc_api.SERVICE_KEYS if key != "status"
    }
    for key in (rpc_api.SERVICE_CREATED_AT, rpc_api.SERVICE_UPDATED_AT, rpc_api.SERVICE_DELETED_AT):
        if result[key] is not None:
            result[key] = result[key].isoformat()
    result[rpc_api.SERVICE_STATUS] = service_status(service)
    return result


class ServiceRegistration:
    """One engine process's heartbeat row; ``report()`` is called every ``report_interval``."""

    def __init__(self, host: str, engine_id: str, report_interval: int):
        self.host = host
        self.engine_id = engine_id
        self.report_interval = report_interval
        self.service_id: str | None = None
        self._context = heat_context.get_admin_context()

    def report(self) -> None:
        """Create the row on first call, touch it afterwards; DB errors are logged, not raised."""
        try:
            if self.service_id is None:
                self._remove_stale_rows()
                self.service_id = db_api.service_create(self._context, self._values())["id"]
            else:
                db_api.service_update(self._context, self.service_id, {"deleted_at": None})
        except db_exception.DBError:
            LOG.exception("Could not report engine %s in the service table", self.engine_id)

    def remove(self) -> None:
        """Mark the row deleted, so the engine stops counting as up at once."""
        if self.service_id is not None:
            db_api.service_delete(self._context, self.service_id)
            self.service_id = None

    def _values(self) -> dict[str, Any]:
        return {
            "host": self.host,
            "hostname": socket.gethostname(),
            "binary": BINARY,
            "topic": rpc_api.ENGINE_TOPIC,
            "engine_id": self.engine_id,
            "report_interval": self.report_interval,
        }

    def _remove_stale_rows(self) -> None:
        # Rows of crashed engines of this host would otherwise be listed as down for ever.
        stale_after = datetime.timedelta(seconds=3 * self.report_interval)
        now = timeutils.utcnow()
        rows = db_api.service_get_all_by_args(
            self._context, self.host, BINARY, socket.gethostname()
        )
        for row in rows:
            last_seen = row.get("updated_at") or row.get("created_at")
            if last_seen is not None and now - last_seen > stale_after:
                db_api.service_delete(self._context, row["id"], soft_delete=False)
