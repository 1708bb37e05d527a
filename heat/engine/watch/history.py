"""A watch rule's history: its state changes, configuration changes and fired actions.

Entries are what CloudWatch's DescribeAlarmHistory reports; the database keeps the newest
of each rule (:func:`heat.db.api.watch_history_create`).
"""

from collections.abc import Mapping
from typing import Any

from heat.db import api as db_api
from heat.engine import api_format
from heat.rpc import api as rpc_api

ITEM_TYPES = (CONFIGURATION, STATE, ACTION) = rpc_api.WATCH_HISTORY_TYPES


def record(
    context: Any, rule: Mapping[str, Any], item_type: str, summary: str, data: Any = None
) -> None:
    """Add an entry of ``item_type`` to the history of ``rule``."""
    values = {
        "watch_rule_id": rule["id"],
        "item_type": item_type,
        "summary": summary[:255],
        "data": data,
    }
    db_api.watch_history_create(context, values)


def format_entry(entry: Mapping[str, Any]) -> dict[str, Any]:
    """One history entry in the shape the RPC API returns it."""
    return {
        rpc_api.WATCH_HISTORY_ID: entry["id"],
        rpc_api.WATCH_HISTORY_NAME: entry["watch_name"],
        rpc_api.WATCH_HISTORY_TIME: api_format.time(entry["created_at"]),
        rpc_api.WATCH_HISTORY_TYPE: entry["item_type"],
        rpc_api.WATCH_HISTORY_SUMMARY: entry["summary"],
        rpc_api.WATCH_HISTORY_DATA: entry["data"],
    }
