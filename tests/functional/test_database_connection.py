"""``[database] connection`` unset: heat-all uses ./heat.sqlite and says so; the binaries
of a split deployment refuse to start."""

import subprocess

from tests.fixtures.services import free_port
from tests.functional.processes import BIN, HeatProcess, http_ready, wait_until, write_config


def test_heat_all_uses_heat_sqlite_in_its_working_directory_and_logs_it(tmp_path):
    ports = {group: free_port() for group in ("heat_api", "heat_api_cfn", "heat_api_cloudwatch")}
    config_file = write_config(
        tmp_path / "heat.conf", {group: {"bind_port": port} for group, port in ports.items()}
    )
    heat_all = HeatProcess("heat-all", config_file, tmp_path, cwd=tmp_path)
    try:
        url = "http://127.0.0.1:%d/" % ports["heat_api"]
        wait_until(http_ready(url), [heat_all], what="heat-all to answer")
    finally:
        assert heat_all.stop() == 0
    expected = "no [database] connection set: using sqlite:///heat.sqlite (%s)" % (
        tmp_path / "heat.sqlite"
    )
    assert expected in heat_all.log_path.read_text()
    assert (tmp_path / "heat.sqlite").exists()


def test_heat_engine_without_a_connection_exits_naming_the_option_and_files(tmp_path):
    config_file = write_config(tmp_path / "heat.conf", {"DEFAULT": {"debug": "false"}})
    done = subprocess.run(
        [str(BIN / "heat-engine"), "--config-file", str(config_file)],
        cwd=tmp_path,
        capture_output=True,
        text=True,
        timeout=60,
    )
    assert done.returncode == 1
    message = "heat-engine: [database] connection is not set (config files read: %s)"
    assert done.stderr.splitlines()[-1] == message % config_file
    assert not (tmp_path / "heat.sqlite").exists()
