"""The service table through heat.db.api."""

import datetime

import pytest

from heat.common import exception
from heat.db import api as db_api

VALUES = {
    "engine_id": "engine-1",
    "host": "host-1",
    "hostname": "node-1",
    "binary": "heat-engine",
    "topic": "engine",
    "report_interval": 60,
}


def test_create_returns_every_column(admin_context):
    service = db_api.service_create(admin_context, VALUES)
    assert set(service) == {
        "id",
        "engine_id",
        "host",
        "hostname",
        "binary",
        "topic",
        "report_interval",
        "created_at",
        "updated_at",
        "deleted_at",
    }
    assert isinstance(service["created_at"], datetime.datetime)


def test_get_returns_the_created_service(admin_context):
    service = db_api.service_create(admin_context, VALUES)
    assert db_api.service_get(admin_context, service["id"]) == service


def test_get_unknown_service_raises_entity_not_found(admin_context):
    with pytest.raises(exception.EntityNotFound):
        db_api.service_get(admin_context, "missing")


def test_update_touches_updated_at(admin_context):
    service = db_api.service_create(admin_context, VALUES)
    updated = db_api.service_update(admin_context, service["id"], {})
    assert updated["updated_at"] is not None


def test_update_sets_values(admin_context):
    service = db_api.service_create(admin_context, VALUES)
    updated = db_api.service_update(admin_context, service["id"], {"report_interval": 5})
    assert updated["report_interval"] == 5


def test_soft_delete_hides_the_service_from_get_all(admin_context):
    service = db_api.service_create(admin_context, VALUES)
    db_api.service_delete(admin_context, service["id"])
    assert db_api.service_get_all(admin_context) == []
    assert db_api.service_get(admin_context, service["id"])["deleted_at"] is not None


def test_hard_delete_removes_the_row(admin_context):
    service = db_api.service_create(admin_context, VALUES)
    db_api.service_delete(admin_context, service["id"], soft_delete=False)
    with pytest.raises(exception.EntityNotFound):
        db_api.service_get(admin_context, service["id"])


def test_get_all_by_args_matches_host_binary_and_hostname(admin_context):
    wanted = db_api.service_create(admin_context, VALUES)
    db_api.service_create(admin_context, dict(VALUES, hostname="node-2"))
    found = db_api.service_get_all_by_args(admin_context, "host-1", "heat-engine", "node-1")
    assert [service["id"] for service in found] == [wanted["id"]]


def test_status_is_up_within_two_report_intervals():
    now = datetime.datetime(2024, 1, 1, 12, 0, 0)
    service = {
        "created_at": now,
        "updated_at": now - datetime.timedelta(seconds=120),
        "report_interval": 60,
    }
    assert db_api.service_status(service, now) == "up"


def test_status_is_down_after_two_report_intervals():
    now = datetime.datetime(2024, 1, 1, 12, 0, 0)
    service = {
        "created_at": now - datetime.timedelta(seconds=121),
        "updated_at": None,
        "report_interval": 60,
    }
    assert db_api.service_status(service, now) == "down"
