"""Wait condition signals: how handles fill in, check and keep them, and the timeout text."""

import pytest

from heat.common import exception
from heat.engine.resources import wait_condition
from heat.engine.resources.openstack.heat.wait_condition_handle import normalise_native_signal

AWS_KEYS = ("Data", "Reason", "Status", "UniqueId")
NATIVE_KEYS = ("data", "reason", "status", "id")
SIGNAL = {"Status": "SUCCESS", "Reason": "done", "UniqueId": "1", "Data": "x"}


def test_signal_is_kept_under_its_unique_id():
    merged = wait_condition.merge_signal({}, SIGNAL, AWS_KEYS)
    assert merged == {"1": {"Status": "SUCCESS", "Reason": "done", "Data": "x"}}


def test_signal_with_a_known_id_replaces_the_earlier_one():
    first = wait_condition.merge_signal({}, SIGNAL, AWS_KEYS)
    merged = wait_condition.merge_signal(first, dict(SIGNAL, Data="y"), AWS_KEYS)
    assert merged == {"1": {"Status": "SUCCESS", "Reason": "done", "Data": "y"}}


def test_unique_ids_become_strings():
    merged = wait_condition.merge_signal({"a": {}}, dict(SIGNAL, UniqueId=2), AWS_KEYS)
    assert set(merged) == {"a", "2"}


@pytest.mark.parametrize(
    "signal",
    [
        {"Status": "SUCCESS", "Reason": "done", "UniqueId": "1"},
        dict(SIGNAL, Status="MAYBE"),
        dict(SIGNAL, Extra="x"),
        ["SUCCESS"],
        "SUCCESS",
        None,
    ],
)
def test_signal_must_hold_exactly_the_four_fields(signal):
    with pytest.raises(exception.Invalid, match="Metadata format invalid"):
        wait_condition.merge_signal({}, signal, AWS_KEYS)


def test_native_signal_gets_defaults_numbered_after_those_kept():
    signal = normalise_native_signal({}, {"1": {}, "2": {}})
    assert signal == {"status": "SUCCESS", "reason": "Signal 3 received", "data": None, "id": 3}


def test_native_signal_without_body_is_a_success():
    signal = normalise_native_signal(None, {})
    assert wait_condition.merge_signal({}, signal, NATIVE_KEYS) == {
        "1": {"status": "SUCCESS", "reason": "Signal 1 received", "data": None}
    }


def test_native_signal_keeps_what_it_says():
    given = {"status": "FAILURE", "reason": "broken", "data": {"k": 1}, "id": "web-1"}
    assert normalise_native_signal(given, {}) == given


def test_native_signal_with_unknown_fields_is_refused():
    signal = normalise_native_signal({"status": "SUCCESS", "colour": "red"}, {})
    with pytest.raises(exception.Invalid):
        wait_condition.merge_signal({}, signal, NATIVE_KEYS)


def test_timeout_message_without_signals():
    assert wait_condition.timeout_message([], 1) == "0 of 1 received"


def test_timeout_message_lists_the_reasons_received():
    assert wait_condition.timeout_message(["a", "b"], 3) == "2 of 3 received - a;b"
