"""The lab's long-running processes: started each in its own session, known by PID files.

A PID file holds the process's PID and start time (in clock ticks since boot); a process
counts as the lab's only while both match, so a PID reused by someone else's process is
never signalled.
Standard library only: lab-down.sh runs this with any Python 3.
"""

import os
import pathlib
import signal
import subprocess
import time
import urllib.error
import urllib.request


def start(work_dir: pathlib.Path, name: str, command: list, environment: dict = None) -> int:
    """Start command as process ``name`` logging to logs/<name>.log; record and return its PID."""
    logs = work_dir / "logs"
    pids = work_dir / "pids"
    logs.mkdir(parents=True, exist_ok=True)
    pids.mkdir(parents=True, exist_ok=True)
    with open(logs / ("%s.log" % name), "ab") as log:
        process = subprocess.Popen(
            command,
            stdout=log,
            stderr=subprocess.STDOUT,
            stdin=subprocess.DEVNULL,
            # A cache of its own: stevedore's cache of entry points, shared through
            # ~/.cache, can miss the lab's own drivers after tools/lab/package changed.
            env=dict(os.environ, XDG_CACHE_HOME=str(work_dir / "cache"), **(environment or {})),
            cwd=work_dir,
            start_new_session=True,
        )
    # A process that is gone already still has its start time while it is a zombie.
    (pids / ("%s.pid" % name)).write_text("%d %s\n" % (process.pid, _stat(process.pid)[1] or 0))
    return process.pid


def recorded(work_dir: pathlib.Path) -> dict:
    """PID of every process started in work_dir, by name."""
    return {name: pid for name, (pid, _) in _records(work_dir).items()}


def _records(work_dir: pathlib.Path) -> dict:
    pids = work_dir / "pids"
    if not pids.is_dir():
        return {}
    records = {}
    for path in sorted(pids.glob("*.pid")):
        pid, start_time = path.read_text().split()
        records[path.stem] = (int(pid), start_time)
    return records


def _stat(pid: int) -> tuple:
    """``(state, start time)`` of the process, or ``("", "")`` when there is none."""
    try:
        fields = pathlib.Path("/proc/%d/stat" % pid).read_text().rsplit(")", 1)[1].split()
    except OSError:
        return "", ""
    # Fields after the command name: state is the first, start time the 20th.
    return fields[0], fields[19]


def _alive(pid: int, start_time: str) -> bool:
    state, current_start_time = _stat(pid)
    return state not in ("", "Z") and current_start_time == start_time


def dead(work_dir: pathlib.Path) -> list:
    """Names of the recorded processes that are no longer running."""
    records = _records(work_dir).items()
    return [name for name, (pid, start_time) in records if not _alive(pid, start_time)]


def stop_all(work_dir: pathlib.Path, grace: float = 10.0) -> None:
    """TERM every recorded process group, KILL what is left after grace seconds; forget them."""
    alive = {record for record in _records(work_dir).values() if _alive(*record)}
    for pid, _ in alive:
        _signal_group(pid, signal.SIGTERM)
    deadline = time.monotonic() + grace
    while alive and time.monotonic() < deadline:
        time.sleep(0.2)
        alive = {record for record in alive if _alive(*record)}
    for pid, _ in alive:
        _signal_group(pid, signal.SIGKILL)
    for path in (work_dir / "pids").glob("*.pid"):
        path.unlink()


def _signal_group(pid: int, signal_number: int) -> None:
    # Each process leads its own session, so its group holds its workers and children.
    try:
        os.killpg(pid, signal_number)
    except ProcessLookupError:
        pass


class Watch:
    """A deadline over the lab's processes: each check fails once time is up or any
    recorded process has died, naming its log."""

    def __init__(self, work_dir: pathlib.Path, timeout: float):
        self.work_dir = work_dir
        self.timeout = timeout
        self.deadline = time.monotonic() + timeout

    def check(self, what: str) -> None:
        """Raise when what cannot come any more: a process died or time ran out."""
        for name in dead(self.work_dir):
            log = self.work_dir / "logs" / (name + ".log")
            raise RuntimeError("%s exited: see %s, which ends\n%s" % (name, log, tail(log)))
        if time.monotonic() > self.deadline:
            raise RuntimeError("%s not ready within %.0f s" % (what, self.timeout))


def tail(path: pathlib.Path, lines: int = 30) -> str:
    """The last lines of a log, for an error that CI prints without the file."""
    try:
        text = path.read_text(errors="replace")
    except OSError as error:
        return "(unreadable: %s)" % error
    return "\n".join(text.splitlines()[-lines:])


def wait_http(url: str, watch: Watch) -> None:
    """Return once url answers below 500."""
    while True:
        watch.check(url)
        try:
            with urllib.request.urlopen(url, timeout=5):
                return
        except urllib.error.HTTPError as error:
            if error.code < 500:
                return
        except OSError:
            # Refused or reset while the server still loads.
            pass
        time.sleep(0.2)
