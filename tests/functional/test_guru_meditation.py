"""Guru Meditation Reports of real processes: SIGUSR2 makes heat-engine write its report to
its log and run on; an API binary writes it to ``[oslo_reports] log_dir``."""

import re
import signal
import subprocess
import time

import pytest

from tests.fixtures.services import free_port
from tests.functional.processes import (
    BIN,
    PASTE_CONFIG,
    HeatProcess,
    http_ready,
    wait_until,
    write_config,
)


def _report_in(path_glob, processes, what):
    def written():
        return [path for path in path_glob() if "Guru Meditation" in path.read_text()]

    return wait_until(written, processes, timeout=30, what=what)


@pytest.fixture
def engine(tmp_path):
    config_file = write_config(
        tmp_path / "heat.conf",
        {
            "DEFAULT": {"transport_url": "inproc://", "num_engine_workers": 1},
            "database": {"connection": "sqlite:///%s" % (tmp_path / "heat.sqlite")},
        },
    )
    manage = [str(BIN / "heat-manage"), "--config-file", str(config_file), "db_sync"]
    subprocess.run(manage, check=True, capture_output=True)
    process = HeatProcess("heat-engine", config_file, tmp_path)
    wait_until(lambda: "listening on topic" in process.log_path.read_text(), [process])
    yield process
    assert process.stop() == 0


def test_sigusr2_writes_the_engine_report_to_its_log_and_it_runs_on(engine):
    engine.process.send_signal(signal.SIGUSR2)
    _report_in(lambda: [engine.log_path], [engine], "the report in the engine's log")
    report = engine.log_path.read_text()
    for section in ("Package", "Threads", "Green Threads", "Configuration"):
        assert re.search(r"^=+ +%s +=+$" % section, report, re.MULTILINE), section
    assert "version = " in report and "product = heat" in report
    time.sleep(1)
    engine.check_alive()


def test_an_api_writes_its_report_to_the_configured_log_dir(tmp_path):
    port = free_port()
    reports = tmp_path / "reports"
    reports.mkdir()
    config_file = write_config(
        tmp_path / "heat.conf",
        {
            "DEFAULT": {"transport_url": "inproc://"},
            "heat_api": {"bind_host": "127.0.0.1", "bind_port": port, "workers": 0},
            "paste_deploy": {"flavor": "noauth", "api_paste_config": PASTE_CONFIG},
            "oslo_reports": {"log_dir": reports},
        },
    )
    api = HeatProcess("heat-api", config_file, tmp_path)
    try:
        wait_until(http_ready("http://127.0.0.1:%d/" % port), [api], what="heat-api to answer")
        api.process.send_signal(signal.SIGUSR2)
        (written,) = _report_in(lambda: list(reports.iterdir()), [api], "a report file")
        assert written.name.startswith("heat-api_gurumeditation_")
        api.check_alive()
    finally:
        assert api.stop() == 0
