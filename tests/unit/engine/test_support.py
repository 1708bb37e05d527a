"""Support statuses of plugins, properties and attributes, and their REST form."""

import pytest

from heat.engine import support


def test_the_default_is_supported_with_nothing_else_known():
    assert support.SupportStatus().to_dict() == {
        "status": "SUPPORTED",
        "message": None,
        "version": None,
        "previous_status": None,
    }


def test_previous_statuses_are_nested_in_the_rest_form():
    status = support.SupportStatus(
        support.HIDDEN,
        version="5.0.0",
        previous_status=support.SupportStatus(
            support.DEPRECATED, version="2014.2", message="Use x."
        ),
    )
    assert status.to_dict()["previous_status"] == {
        "status": "DEPRECATED",
        "message": "Use x.",
        "version": "2014.2",
        "previous_status": None,
    }


def test_an_unknown_status_becomes_unknown_with_a_message():
    status = support.SupportStatus("MAYBE", version="1.0")
    assert status.to_dict() == {
        "status": "UNKNOWN",
        "message": "Specified status is invalid, defaulting to UNKNOWN",
        "version": None,
        "previous_status": None,
    }


def test_a_previous_status_must_be_a_support_status():
    with pytest.raises(ValueError, match="previous_status must be SupportStatus"):
        support.SupportStatus(previous_status="SUPPORTED")


def test_only_the_named_substitute_class_is_a_substitute():
    class New:
        pass

    status = support.SupportStatus(support.DEPRECATED, substitute_class=New)
    assert status.is_substituted(New)
    assert not status.is_substituted(object)
    assert not support.SupportStatus().is_substituted(New)


def test_the_five_statuses_are_valid():
    assert all(support.is_valid_status(status) for status in support.SUPPORT_STATUSES)
    assert support.SUPPORT_STATUSES == (
        "UNKNOWN",
        "SUPPORTED",
        "DEPRECATED",
        "UNSUPPORTED",
        "HIDDEN",
    )
