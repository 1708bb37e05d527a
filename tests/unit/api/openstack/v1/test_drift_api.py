"""Drift detection through the REST API and the real engine: the ``detect_drift`` action
answers the detection, ``GET .../drift`` the latest one (404 before the first)."""

from tests.unit.api.conftest import TENANT, call
from tests.unit.api.openstack.v1.real_stacks import URL, created, sent


def test_a_detection_is_answered_and_kept(real_app):
    path = created(real_app, "watched")
    missing = call(real_app, "GET", URL + path + "/drift")
    assert (missing.status_int, missing.json["error"]["type"]) == (404, "EntityNotFound")

    answer = sent(real_app, "POST", path + "/actions", 200, {"detect_drift": None}).json
    detection = answer["drift"]
    assert detection["stack_drift_status"] == "IN_SYNC"
    assert detection["stack_identity"]["tenant"] == TENANT
    # A nested stack's resource cannot show a live state of its own.
    assert [(r["resource_name"], r["status"]) for r in detection["resources"]] == [
        ("child", "NOT_CHECKED")
    ]
    assert sent(real_app, "GET", path + "/drift", 200).json == answer
