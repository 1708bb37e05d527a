"""tools/lab/lab_processes.py: the lab's processes are known by PID and start time, and
only those are ever signalled."""

import pathlib
import subprocess
import sys
import time

import pytest

sys.path.insert(0, str(pathlib.Path(__file__).parents[3] / "tools" / "lab"))

import lab_processes  # noqa: E402


@pytest.fixture
def sleeper(tmp_path):
    """A process started as the lab's ``sleeper``; killed afterwards if still there."""
    pid = lab_processes.start(tmp_path, "sleeper", ["sleep", "60"])
    yield pid
    subprocess.run(["kill", "-9", str(pid)], capture_output=True)


def test_started_process_is_recorded_and_alive(tmp_path, sleeper):
    assert lab_processes.recorded(tmp_path) == {"sleeper": sleeper}
    assert lab_processes.dead(tmp_path) == []


def test_stop_all_ends_the_processes_and_forgets_them(tmp_path, sleeper):
    lab_processes.stop_all(tmp_path, grace=5)
    assert not pathlib.Path("/proc/%d/cmdline" % sleeper).exists() or _zombie(sleeper)
    assert lab_processes.recorded(tmp_path) == {}


def test_a_reused_pid_is_neither_alive_nor_signalled(tmp_path):
    stranger = subprocess.Popen(["sleep", "60"])
    try:
        (tmp_path / "pids").mkdir()
        # Same PID, another start time: the recorded process is gone, its PID reused.
        (tmp_path / "pids" / "old.pid").write_text("%d 1\n" % stranger.pid)
        assert lab_processes.dead(tmp_path) == ["old"]
        lab_processes.stop_all(tmp_path, grace=1)
        time.sleep(0.2)
        assert stranger.poll() is None
    finally:
        stranger.kill()
        stranger.wait()


def test_watch_names_the_log_of_a_dead_process(tmp_path):
    lab_processes.start(tmp_path, "quitter", ["true"])
    watch = lab_processes.Watch(tmp_path, timeout=30)
    deadline = time.monotonic() + 10
    with pytest.raises(RuntimeError, match="quitter exited: see .*logs/quitter.log"):
        while time.monotonic() < deadline:
            watch.check("anything")
            time.sleep(0.1)


def _zombie(pid):
    # Our own child: it stays a zombie until reaped, which stop_all need not do.
    return pathlib.Path("/proc/%d/stat" % pid).read_text().rsplit(")", 1)[1].split()[0] == "Z"
