"""When an engine's service row counts as up."""

import datetime

from heat.engine import service_registry

NOW = datetime.datetime(2026, 1, 1, 12, 0, 0)


def row(seconds_ago):
    seen = NOW - datetime.timedelta(seconds=seconds_ago)
    return {"created_at": seen, "updated_at": seen, "report_interval": 60}


def test_a_service_seen_within_two_intervals_is_up():
    assert service_registry.service_status(row(119), now=NOW) == "up"


def test_a_service_silent_for_more_than_two_intervals_is_down():
    assert service_registry.service_status(row(121), now=NOW) == "down"


def test_a_service_never_updated_counts_from_its_creation():
    service = {"created_at": NOW, "updated_at": None, "report_interval": 60}
    assert service_registry.service_status(service, now=NOW) == "up"


def test_formatted_services_carry_iso_times_and_status():
    formatted = service_registry.format_service(
        dict(
            row(0),
            id="s",
            host="h",
            hostname="hn",
            binary="heat-engine",
            topic="engine",
            engine_id="e",
            deleted_at=None,
        )
    )
    assert formatted["updated_at"] == "2026-01-01T12:00:00"
    assert formatted["status"] in ("up", "down")
    assert set(formatted) == {
        "id",
        "host",
        "hostname",
        "binary",
        "topic",
        "engine_id",
        "report_interval",
        "created_at",
        "updated_at",
        "deleted_at",
        "status",
    }


def test_the_heartbeat_is_at_most_five_seconds_apart_whatever_periodic_interval():
    assert service_registry.heartbeat_interval(60) == 5
    assert service_registry.heartbeat_interval(1) == 1


def test_an_engine_that_missed_fewer_than_three_beats_is_beating():
    assert service_registry.is_beating(row(14), now=NOW)


def test_an_engine_silent_for_three_beats_is_not_beating_well_before_it_is_down():
    assert not service_registry.is_beating(row(16), now=NOW)
    assert service_registry.service_status(row(16), now=NOW) == "up"
