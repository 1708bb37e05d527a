"""CloudWatch's DescribeAlarmHistory, which 2014 Heat left unimplemented.

The engine keeps the newest entries of each alarm: state changes, configuration changes
and the actions it fired. Pages are ``MaxRecords`` long (at most 100) and linked by
``NextToken``.
"""

from collections.abc import Mapping

from oslo_serialization import jsonutils

from heat.api.aws import exception
from heat.api.aws.query import Call
from heat.api.cloudwatch import params as cw_params
from heat.common.i18n import _
from heat.rpc import api as rpc_api

SCAN_ORDERS = ("TimestampDescending", "TimestampAscending")


def history_item(entry: Mapping) -> dict:
    """One ``AlarmHistoryItems`` member; ``HistoryData`` is JSON text."""
    data = entry.get(rpc_api.WATCH_HISTORY_DATA)
    return {
        "AlarmName": entry.get(rpc_api.WATCH_HISTORY_NAME),
        "AlarmType": "MetricAlarm",
        "Timestamp": entry.get(rpc_api.WATCH_HISTORY_TIME),
        "HistoryItemType": entry.get(rpc_api.WATCH_HISTORY_TYPE),
        "HistorySummary": entry.get(rpc_api.WATCH_HISTORY_SUMMARY),
        "HistoryData": None if data is None else jsonutils.dumps(data),
    }


def _ascending(params: Mapping[str, str]) -> bool:
    order = params.get("ScanBy", SCAN_ORDERS[0])
    if order not in SCAN_ORDERS:
        raise exception.HeatInvalidParameterValueError(
            detail=_("ScanBy must be one of %s") % ", ".join(SCAN_ORDERS)
        )
    return order == SCAN_ORDERS[1]


def describe_alarm_history(call: Call) -> dict:
    """``{"AlarmHistoryItems": [...], "NextToken"}`` of one alarm (``AlarmName``) or all,
    filtered by ``HistoryItemType``, ``StartDate`` and ``EndDate``."""
    filters = {
        "item_type": call.params.get("HistoryItemType"),
        "start_time": call.params.get("StartDate"),
        "end_time": call.params.get("EndDate"),
    }
    page = call.engine.list_watch_history(
        call.context,
        watch_name=call.params.get("AlarmName"),
        filters=filters,
        limit=cw_params.optional(call.params, "MaxRecords", cw_params.positive_integer),
        marker=call.params.get("NextToken"),
        ascending=_ascending(call.params),
    )
    items = page.get(rpc_api.WATCH_HISTORY_ITEMS) or []
    return {
        "AlarmHistoryItems": [history_item(entry) for entry in items],
        "NextToken": page.get(rpc_api.WATCH_HISTORY_NEXT),
    }
