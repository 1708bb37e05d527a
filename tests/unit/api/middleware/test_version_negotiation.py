"""Version negotiation through the noauth pipeline."""

from tests.unit.api.conftest import TENANT, call

VERSIONS = {
    "versions": [
        {
            "id": "v1.0",
            "status": "CURRENT",
            "links": [{"rel": "self", "href": "http://localhost/v1/"}],
        }
    ]
}


def test_root_answers_300_with_the_versions_document(app):
    response = call(app, "GET", "/")
    assert response.status_int == 300
    assert response.json == VERSIONS


def test_versions_path_answers_the_versions_document(app):
    assert call(app, "GET", "/versions").json == VERSIONS


def test_unknown_version_answers_the_versions_document(app):
    assert call(app, "GET", "/v2/%s/stacks" % TENANT).status_int == 300


def test_v1_0_prefix_is_routed(app, engine):
    engine.answers["get_revision"] = "r1"
    assert call(app, "GET", "/v1.0/%s/build_info" % TENANT).status_int == 200


def test_accept_header_routes_a_path_without_version(app, engine):
    engine.answers["get_revision"] = "r1"
    accept = {"Accept": "application/vnd.openstack.orchestration-v1.0"}
    response = call(app, "GET", "/%s/build_info" % TENANT, headers=accept)
    assert response.status_int == 200


def test_path_without_version_or_accept_is_404(app):
    response = call(app, "GET", "/%s/build_info" % TENANT)
    assert response.status_int == 404
    assert response.json["code"] == 404
