"""The noauth pipeline in front of the real EngineService and a SQLite database."""

import pytest

from heat.common import context, wsgi
from heat.db import api as db_api
from heat.db import migration
from heat.engine.service import EngineService
from tests.unit.api.conftest import PASTE_FILE, TENANT, call, make_conf

STACKS = "/v1/%s/stacks" % TENANT


@pytest.fixture
def real_conf(tmp_path):
    conf = make_conf(tmp_path, "[database]", "connection = sqlite:///%s" % (tmp_path / "h.sqlite"))
    db_api.configure(conf)
    migration.db_sync(db_api.get_engine())
    return conf


@pytest.fixture
def app(real_conf):
    engine = EngineService(real_conf)
    engine.start()
    yield wsgi.paste_deploy_app(PASTE_FILE, "heat-api-noauth", real_conf)
    engine.stop()


def store_stack(name, tenant=TENANT, tags=()):
    admin = context.get_admin_context()
    template = db_api.raw_template_create(admin, {"template": {}, "environment": {}})
    stack = db_api.stack_create(
        admin,
        {
            "name": name,
            "tenant": tenant,
            "raw_template_id": template.id,
            "username": "alice",
            "disable_rollback": True,
            "action": "CREATE",
            "status": "COMPLETE",
            "status_reason": "Stack CREATE completed successfully",
        },
    )
    if tags:
        db_api.stack_tags_set(admin, stack.id, list(tags))
    return stack.id


def test_stored_stacks_are_listed_in_the_rest_shape(app):
    stack_id = store_stack("web", tags=["prod"])
    [stack] = call(app, "GET", STACKS).json["stacks"]
    assert stack["id"] == stack_id
    assert stack["stack_name"] == "web"
    assert stack["stack_status"] == "CREATE_COMPLETE"
    assert stack["tags"] == ["prod"]
    assert stack["creation_time"].endswith("Z")
    assert stack["links"] == [
        {"href": "http://localhost/v1/%s/stacks/web/%s" % (TENANT, stack_id), "rel": "self"}
    ]


def test_pages_follow_the_next_link(app):
    first, second = store_stack("a"), store_stack("b")
    page = call(app, "GET", STACKS + "?limit=1&sort_keys=stack_name&sort_dir=asc").json
    assert [s["id"] for s in page["stacks"]] == [first]
    next_url = page["links"][0]["href"].replace("http://localhost", "")
    assert [s["id"] for s in call(app, "GET", next_url).json["stacks"]] == [second]


def test_with_count_counts_every_listed_stack(app):
    store_stack("a")
    store_stack("b")
    assert call(app, "GET", STACKS + "?with_count=true&limit=1").json["count"] == 2


def test_build_info_reports_the_engine_revision(app, real_conf):
    real_conf.set_override("heat_revision", "r7", "revision")
    assert call(app, "GET", "/v1/%s/build_info" % TENANT).json == {
        "api": {"revision": "r7"},
        "engine": {"revision": "r7"},
    }


def test_a_call_the_engine_lacks_is_a_400_not_supported(app):
    response = call(app, "GET", STACKS + "/web/5b1c")
    assert response.status_int == 400
    assert response.json["error"]["type"] == "NotSupported"
    assert response.json["error"]["message"] == "The engine call show_stack is not supported."
