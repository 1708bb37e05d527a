"""Real heat processes for functional tests: a config file, a started binary, and its log.

Processes are stopped with SIGTERM (graceful stop) and killed only if they hang;
a process that dies early makes the waiting test fail with the tail of its log.
"""

import configparser
import pathlib
import signal
import subprocess
import sys
import time

import requests

BIN = pathlib.Path(sys.executable).parent
REPO = pathlib.Path(__file__).resolve().parents[2]
PASTE_CONFIG = REPO / "etc" / "heat" / "api-paste.ini"


def write_config(path: pathlib.Path, sections: dict) -> pathlib.Path:
    """Write a heat.conf from ``{section: {option: value}}``."""
    parser = configparser.ConfigParser(interpolation=None)
    for section, options in sections.items():
        if section != "DEFAULT":
            parser.add_section(section)
        for option, value in options.items():
            parser.set(section, option, str(value))
    with path.open("w") as out:
        parser.write(out)
    return path


class HeatProcess:
    """One running heat binary (heat-engine, heat-api, heat-all, ...) with its log file."""

    def __init__(
        self,
        binary: str,
        config_file: pathlib.Path,
        log_dir: pathlib.Path,
        cwd: pathlib.Path | None = None,
    ):
        self.binary = binary
        self.log_path = log_dir / ("%s.log" % binary)
        self._log = self.log_path.open("w")
        self.process = subprocess.Popen(
            [str(BIN / binary), "--config-file", str(config_file)],
            stdout=self._log,
            stderr=subprocess.STDOUT,
            cwd=cwd,
        )

    def log_tail(self, lines: int = 40) -> str:
        return "\n".join(self.log_path.read_text(errors="replace").splitlines()[-lines:])

    def check_alive(self) -> None:
        if self.process.poll() is not None:
            raise AssertionError(
                "%s exited with %s:\n%s" % (self.binary, self.process.returncode, self.log_tail())
            )

    def stop(self, timeout: float = 30) -> int:
        """SIGTERM, then wait; returns the exit code (kills after ``timeout``)."""
        if self.process.poll() is None:
            self.process.send_signal(signal.SIGTERM)
            try:
                self.process.wait(timeout=timeout)
            except subprocess.TimeoutExpired:
                self.process.kill()
                self.process.wait()
        self._log.close()
        return self.process.returncode


def wait_until(condition, processes, timeout: float = 60, what: str = "condition"):
    """Poll ``condition()`` until it returns a truthy value; fail if a process dies first."""
    deadline = time.monotonic() + timeout
    while time.monotonic() < deadline:
        for process in processes:
            process.check_alive()
        result = condition()
        if result:
            return result
        time.sleep(0.2)
    tails = "\n".join("--- %s\n%s" % (p.binary, p.log_tail()) for p in processes)
    raise AssertionError("timed out waiting for %s\n%s" % (what, tails))


def http_ready(url: str):
    """A condition for wait_until: the URL answers, whatever the HTTP status."""

    def answered():
        try:
            requests.get(url, timeout=2)
        except requests.ConnectionError:
            return False
        return True

    return answered


def stop_all(processes, timeout: float = 30) -> list[int]:
    """Stop several processes at once: SIGTERM to each, then wait; their exit codes."""
    for process in processes:
        if process.process.poll() is None:
            process.process.send_signal(signal.SIGTERM)
    for process in processes:
        try:
            process.process.wait(timeout=timeout)
        except subprocess.TimeoutExpired:
            process.process.kill()
            process.process.wait()
    return [process.stop() for process in processes]
