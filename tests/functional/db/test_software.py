"""Software configs and deployments on every backend: look-ups are scoped to the caller's
project in SQL and compare ids as strings (MariaDB casts a string column for ``id = 0``)."""

import pytest

from heat.common import exception
from heat.common.context import RequestContext
from heat.db import api as db_api

PROJECT_A = RequestContext(project_id="project-a", user_id="a")
PROJECT_B = RequestContext(project_id="project-b", user_id="b")
# Ids that MariaDB casts to the number 0 when compared with 0.
A_CONFIG = "aaaaaaaa-0000-4000-8000-000000000001"
B_CONFIG = "bbbbbbbb-0000-4000-8000-000000000002"


def _config(context, config_id):
    values = {"id": config_id, "name": "c", "tenant": context.project_id, "config": {}}
    return db_api.software_config_create(context, values)


def _deployment(context, config_id, deployment_id):
    values = {
        "id": deployment_id,
        "config_id": config_id,
        "server_id": "server",
        "tenant": context.project_id,
        "action": "CREATE",
        "status": "COMPLETE",
    }
    return db_api.software_deployment_create(context, values)


@pytest.mark.parametrize("config_id", [0, "0", 0.0])
def test_a_number_matches_no_config(migrated_database, config_id):
    _config(PROJECT_A, A_CONFIG)
    with pytest.raises(exception.NotFound):
        db_api.software_config_get(PROJECT_A, config_id)
    with pytest.raises(exception.NotFound):
        _deployment(PROJECT_A, config_id, "dddddddd-0000-4000-8000-000000000001")


def test_another_projects_config_is_never_found(migrated_database):
    _config(PROJECT_B, B_CONFIG)
    with pytest.raises(exception.NotFound):
        db_api.software_config_get(PROJECT_A, B_CONFIG)
    with pytest.raises(exception.NotFound):
        _deployment(PROJECT_A, B_CONFIG, "dddddddd-0000-4000-8000-000000000002")
    with pytest.raises(exception.NotFound):
        db_api.software_config_delete(PROJECT_A, B_CONFIG)
    assert db_api.software_config_get(PROJECT_B, B_CONFIG).tenant == "project-b"


def test_a_number_matches_no_deployment_of_another_project(migrated_database):
    _config(PROJECT_B, B_CONFIG)
    _deployment(PROJECT_B, B_CONFIG, "eeeeeeee-0000-4000-8000-000000000003")
    with pytest.raises(exception.NotFound):
        db_api.software_deployment_get(PROJECT_A, 0)
    with pytest.raises(exception.NotFound):
        db_api.software_deployment_update(PROJECT_A, 0, {"status": "FAILED"})
    assert db_api.software_deployment_get_all(PROJECT_A, 0) == []
    assert db_api.software_deployment_get(PROJECT_B, "eeeeeeee-0000-4000-8000-000000000003")


def test_a_deleted_config_in_use_names_its_own_deployments_only(migrated_database):
    _config(PROJECT_A, A_CONFIG)
    _config(PROJECT_B, B_CONFIG)
    _deployment(PROJECT_B, B_CONFIG, "eeeeeeee-0000-4000-8000-000000000004")
    db_api.software_config_delete(PROJECT_A, A_CONFIG)
    with pytest.raises(exception.InvalidRestrictedAction):
        db_api.software_config_delete(PROJECT_B, B_CONFIG)


def test_a_marker_of_another_project_does_not_page(migrated_database):
    _config(PROJECT_A, A_CONFIG)
    _config(PROJECT_B, B_CONFIG)
    listed = db_api.software_config_get_all(PROJECT_A, marker=B_CONFIG)
    assert [config.id for config in listed] == [A_CONFIG]
