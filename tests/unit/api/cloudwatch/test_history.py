"""CloudWatch's DescribeAlarmHistory over the engine's alarm history."""

import pytest

from tests.unit.api.cloudwatch.conftest import error_code, result

pytestmark = pytest.mark.filterwarnings("ignore:Policy .* was deprecated:UserWarning")

ENTRY = {
    "id": 7,
    "watch_name": "web-cpu",
    "timestamp": "2024-05-01T10:00:00Z",
    "item_type": "StateUpdate",
    "summary": "Alarm updated from OK to ALARM",
    "data": {"version": "1.0", "newState": {"stateValue": "ALARM"}},
}


def test_history_items_and_next_token(call, engine):
    engine.answers["list_watch_history"] = {"items": [ENTRY], "next_marker": "7"}
    answer = result(call("DescribeAlarmHistory", AlarmName="web-cpu"), "DescribeAlarmHistory")
    assert answer == {
        "AlarmHistoryItems": [
            {
                "AlarmName": "web-cpu",
                "AlarmType": "MetricAlarm",
                "Timestamp": "2024-05-01T10:00:00Z",
                "HistoryItemType": "StateUpdate",
                "HistorySummary": "Alarm updated from OK to ALARM",
                "HistoryData": '{"version": "1.0", "newState": {"stateValue": "ALARM"}}',
            }
        ],
        "NextToken": "7",
    }


def test_history_filters_page_and_order_reach_the_engine(call, engine):
    engine.answers["list_watch_history"] = {"items": [], "next_marker": None}
    call(
        "DescribeAlarmHistory",
        HistoryItemType="Action",
        StartDate="2024-05-01T00:00:00Z",
        MaxRecords="10",
        NextToken="42",
        ScanBy="TimestampAscending",
    )
    assert engine.call_of("list_watch_history") == {
        "watch_name": None,
        "filters": {"item_type": "Action", "start_time": "2024-05-01T00:00:00Z", "end_time": None},
        "limit": 10,
        "marker": "42",
        "ascending": True,
    }


def test_unknown_scan_order_is_invalid(call, engine):
    assert error_code(call("DescribeAlarmHistory", ScanBy="Sideways")) == "InvalidParameterValue"
    assert engine.calls == []
