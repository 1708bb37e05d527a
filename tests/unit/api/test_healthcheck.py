"""``/healthcheck`` (oslo.middleware's) in every application of etc/heat/api-paste.ini:
it answers without a token, and 503 while the disable_by_file backend's file exists."""

import pathlib

import pytest
from oslo_config import cfg

from heat.common import wsgi
from tests.unit.api.conftest import PASTE_FILE, call
from tests.unit.api.test_paste_pipelines import NATIVE, QUERY_APIS

APPLICATIONS = NATIVE + QUERY_APIS


@pytest.fixture
def global_healthcheck_options():
    """oslo.middleware's health check keeps its options on ``cfg.CONF`` (heat's processes'
    configuration), where its paste options become overrides: undo them afterwards."""
    yield
    for option in ("backends", "disable_by_file_path"):
        try:
            cfg.CONF.clear_override(option, group="healthcheck")
        except cfg.NoSuchOptError:
            pass


def test_every_application_has_a_healthcheck():
    assert set(APPLICATIONS) == {
        line[len("[composite:") : -1]
        for line in pathlib.Path(PASTE_FILE).read_text().splitlines()
        if line.startswith("[composite:")
    }


@pytest.mark.parametrize("name", APPLICATIONS)
def test_healthcheck_answers_without_a_token(conf, name):
    response = call(wsgi.paste_deploy_app(PASTE_FILE, name, conf), "GET", "/healthcheck")
    assert response.status_int == 200


@pytest.mark.parametrize(
    ("name", "status"), [("heat-api", 401), ("heat-api-cfn", 400), ("heat-api-cloudwatch", 400)]
)
def test_the_api_itself_still_wants_credentials(conf, name, status):
    app = wsgi.paste_deploy_app(PASTE_FILE, name, conf)
    assert call(app, "GET", "/v1/t/stacks?Action=ListStacks").status_int == status


def test_head_answers_no_content(conf):
    app = wsgi.paste_deploy_app(PASTE_FILE, "heat-api", conf)
    assert call(app, "HEAD", "/healthcheck").status_int == 204


def _with_disable_file(tmp_path, disable_file) -> str:
    paste = tmp_path / "api-paste.ini"
    paste.write_text(
        pathlib.Path(PASTE_FILE)
        .read_text()
        .replace(
            "paste.app_factory = oslo_middleware:Healthcheck.app_factory\n",
            "paste.app_factory = oslo_middleware:Healthcheck.app_factory\n"
            "backends = disable_by_file\n"
            "disable_by_file_path = %s\n" % disable_file,
        )
    )
    return str(paste)


@pytest.mark.usefixtures("global_healthcheck_options")
def test_disable_file_turns_the_answer_to_503(conf, tmp_path):
    disable_file = tmp_path / "healthcheck_disable"
    app = wsgi.paste_deploy_app(_with_disable_file(tmp_path, disable_file), "heat-api", conf)
    assert call(app, "GET", "/healthcheck").status_int == 200
    disable_file.touch()
    response = call(app, "GET", "/healthcheck")
    assert (response.status_int, response.text) == (503, "DISABLED BY FILE")
    disable_file.unlink()
    assert call(app, "GET", "/healthcheck").status_int == 200
