"""``heat.wsgi.{api,cfn,cloudwatch}:application`` for WSGI servers: configuration from
``OS_HEAT_CONFIG_FILES``/``OS_HEAT_CONFIG_DIR``, no monkey patching, and a paste file that
cannot give the application refused in words (by the modules and by the binaries).

The modules configure the process (``cfg.CONF``, logging) when imported, so they are
imported in a child process of their own.
"""

import json
import pathlib
import subprocess
import sys

import pytest

from heat.cmd import wsgi_server
from heat.wsgi import loading
from tests.unit.api.test_paste_compat import LIBERTY

BIN = pathlib.Path(sys.executable).parent
# Imports the three modules into one process (the second and third parse the configuration
# again) and sends each application two requests.
CHILD = """
import importlib, json, sys
import webob
results = {}
for name in ("api", "cfn", "cloudwatch"):
    application = importlib.import_module("heat.wsgi." + name).application
    results[name] = [
        webob.Request.blank(path).get_response(application).status_int
        for path in ("/", "/healthcheck")
    ]
patcher = sys.modules.get("eventlet.patcher")
results["monkey_patched"] = bool(patcher and patcher.already_patched)
print(json.dumps(results))
"""


def write_conf(tmp_path, paste_config="api-paste.ini") -> pathlib.Path:
    conf_file = tmp_path / "heat.conf"
    conf_file.write_text(
        "[DEFAULT]\ntransport_url = inproc://\n"
        "[paste_deploy]\nflavor = noauth\napi_paste_config = %s\n" % paste_config
    )
    return conf_file


def run_child(environ, code=CHILD):
    return subprocess.run(
        [sys.executable, "-c", code],
        env={**environ, "PATH": str(BIN)},
        capture_output=True,
        text=True,
        timeout=120,
    )


def test_no_variable_leaves_the_search_to_oslo_config():
    assert loading.config_files({}) is None


def test_files_are_separated_by_semicolons():
    environ = {"OS_HEAT_CONFIG_FILES": " /etc/heat/heat.conf ; /etc/heat/extra.conf;"}
    assert loading.config_files(environ) == ["/etc/heat/heat.conf", "/etc/heat/extra.conf"]


def test_relative_files_are_in_the_config_dir():
    environ = {"OS_HEAT_CONFIG_DIR": "/srv/heat", "OS_HEAT_CONFIG_FILES": "a.conf;/b.conf"}
    assert loading.config_files(environ) == ["/srv/heat/a.conf", "/b.conf"]


def test_config_dir_alone_means_its_heat_conf():
    assert loading.config_files({"OS_HEAT_CONFIG_DIR": "/srv/heat"}) == ["/srv/heat/heat.conf"]


def test_modules_serve_the_three_apis_without_monkey_patching(tmp_path):
    result = run_child({"OS_HEAT_CONFIG_FILES": str(write_conf(tmp_path))})
    assert result.returncode == 0, result.stderr
    assert json.loads(result.stdout.splitlines()[-1]) == {
        "api": [300, 200],
        "cfn": [400, 200],
        "cloudwatch": [400, 200],
        "monkey_patched": False,
    }


def test_config_dir_names_where_heat_conf_is(tmp_path):
    write_conf(tmp_path)
    code = "import heat.wsgi.api, oslo_config.cfg as c; print(c.CONF.paste_deploy.flavor)"
    result = run_child({"OS_HEAT_CONFIG_DIR": str(tmp_path)}, code)
    assert result.stdout.splitlines()[-1] == "noauth", result.stderr


def test_module_refuses_an_older_paste_file_naming_the_line(tmp_path):
    environ = {"OS_HEAT_CONFIG_FILES": str(write_conf(tmp_path, LIBERTY))}
    result = run_child(environ, "import heat.wsgi.api")
    assert result.returncode != 0
    # oslo.log's exception hook logs the uncaught error (to stdout, as other logs).
    output = result.stdout + result.stderr
    assert "PasteFactoryUnavailable" in output
    assert "line 102, [filter:request_id]" in output


def test_binary_refuses_an_older_paste_file_in_one_line(tmp_path):
    result = subprocess.run(
        [str(BIN / "heat-api"), "--config-file", str(write_conf(tmp_path, LIBERTY))],
        capture_output=True,
        text=True,
        timeout=120,
    )
    assert result.returncode == 1
    assert "Traceback" not in result.stderr
    assert "\nheat-api: %s names Paste factories" % LIBERTY in result.stderr
    assert result.stderr.rstrip().endswith(
        "use oslo_middleware.request_id:RequestId.factory instead"
    )


def test_wsgi_server_takes_heat_options_after_a_double_dash():
    args = wsgi_server.parse_args("heat-api-cfn", ["-p", "9000", "--", "--config-file", "x"])
    assert (args.host, args.port, args.options) == ("", 9000, ["--config-file", "x"])


def test_wsgi_server_listens_on_the_api_port_by_default():
    assert wsgi_server.parse_args("heat-api-cloudwatch", []).port == 8003


def test_wsgi_server_refuses_other_arguments():
    with pytest.raises(SystemExit):
        wsgi_server.parse_args("heat-api", ["--config-file", "x"])
