"""OpenStack Heat 27's API and engine as real processes, for the benchmarks' end-to-end figures.

heat-wsgi-api (wsgiref server, noauth paste flavor) and one heat-engine worker talk over
RabbitMQ at 127.0.0.1:5672 in a throw-away vhost that is deleted afterwards; the database
is a SQLite file, or a given database URL, set up with upstream's ``heat-manage db_sync``.
``throwaway_database`` makes an empty MariaDB/PostgreSQL database for either side.
"""

import contextlib
import shutil
import socket
import subprocess
import time
import uuid

import requests
import sqlalchemy

BROKER = ("127.0.0.1", 5672)


class Unavailable(Exception):
    """Upstream's API cannot be run here; the message says why."""


def wait_for_http(url, process, log_path, seconds=120):
    """Wait until ``url`` answers; Unavailable when ``process`` exits or time runs out."""
    deadline = time.monotonic() + seconds
    while time.monotonic() < deadline:
        if process.poll() is not None:
            raise Unavailable("%s exited: %s" % (process.args[0], log_path.read_text()[-800:]))
        try:
            requests.get(url, timeout=1)
            return
        except requests.ConnectionError:
            time.sleep(0.2)
    raise Unavailable("%s did not answer within %d s" % (url, seconds))


def rabbitmqctl(*arguments):
    """Run ``rabbitmqctl`` with ``arguments``; its standard output."""
    completed = subprocess.run(
        ["rabbitmqctl", *arguments], capture_output=True, text=True, check=False, timeout=60
    )
    if completed.returncode != 0:
        raise Unavailable("rabbitmqctl %s: %s" % (arguments[0], completed.stderr.strip()))
    return completed.stdout


@contextlib.contextmanager
def throwaway_vhost():
    """A fresh RabbitMQ vhost that guest may use; deleted on exit."""
    if shutil.which("rabbitmqctl") is None:
        raise Unavailable("rabbitmqctl not found")
    try:
        socket.create_connection(BROKER, timeout=2).close()
    except OSError as error:
        raise Unavailable("RabbitMQ unreachable at %s:%d: %s" % (*BROKER, error)) from error
    vhost = "heat-bench-%s" % uuid.uuid4().hex[:12]
    rabbitmqctl("add_vhost", vhost)
    try:
        rabbitmqctl("set_permissions", "-p", vhost, "guest", ".*", ".*", ".*")
        yield vhost
    finally:
        rabbitmqctl("delete_vhost", vhost)


def write_config(venv, workdir, vhost, limits, database_url=None):
    """An upstream heat.conf for the noauth API and one engine worker; its path. noauth gives
    only the admin role (no implied member/reader), so every call is granted by its pre-Wallaby
    rule (not a stack user): validate through the policy file, the rest by not enforcing the
    new defaults.
    ``limits`` is raw text for [DEFAULT]; the database is ``database_url`` or a SQLite file."""
    policy = workdir / "upstream-policy.yaml"
    policy.write_text('"stacks:validate_template": "rule:deny_stack_user"\n')
    config = workdir / "upstream.conf"
    database_url = database_url or "sqlite:///%s" % (workdir / "upstream.sqlite")
    config.write_text(
        "[DEFAULT]\n" + limits + "num_engine_workers = 1\n"
        "transport_url = rabbit://guest:guest@%s:%d/%s\n"
        % (*BROKER, vhost)
        + "[database]\nconnection = %s\n" % database_url
        + "[paste_deploy]\nflavor = noauth\napi_paste_config = %s\n"
        % (venv / "etc" / "heat" / "api-paste.ini")
        + "[oslo_policy]\npolicy_file = %s\nenforce_new_defaults = false\n" % policy
    )
    return config


def wait_for_engine_queue(vhost, process, seconds=120):
    """Wait until heat-engine has declared its ``engine`` queue in ``vhost``."""
    deadline = time.monotonic() + seconds
    while time.monotonic() < deadline:
        if process.poll() is not None:
            raise Unavailable("heat-engine exited with status %d" % process.returncode)
        if "engine" in rabbitmqctl("list_queues", "-q", "-p", vhost, "name").split():
            return
        time.sleep(0.5)
    raise Unavailable("heat-engine declared no queue within %d s" % seconds)


def start(command, log_path):
    """Start ``command`` with its output in ``log_path``."""
    return subprocess.Popen(command, stdout=log_path.open("w"), stderr=subprocess.STDOUT)


def stop(processes):
    """Terminate the processes this module started, then wait for each."""
    for process in processes:
        if process.poll() is None:
            process.terminate()
    for process in processes:
        try:
            process.wait(timeout=30)
        except subprocess.TimeoutExpired:
            process.kill()
            process.wait()


@contextlib.contextmanager
def running_upstream(venv, workdir, limits, database_url=None):
    """Upstream heat-engine and heat-wsgi-api running; yields the API's base URL."""
    with upstream_processes(venv, workdir, limits, database_url) as (base, _):
        yield base


@contextlib.contextmanager
def upstream_processes(venv, workdir, limits, database_url=None):
    """Upstream heat-engine and heat-wsgi-api running on ``database_url`` (default: a new
    SQLite file); yields ``(base URL, heat-engine Popen)``."""
    binaries = venv / "bin"
    with throwaway_vhost() as vhost:
        config = write_config(venv, workdir, vhost, limits, database_url)
        subprocess.run(
            [str(binaries / "heat-manage"), "--config-file", str(config), "db_sync"],
            capture_output=True,
            check=True,
        )
        port = free_port()
        processes = [
            start(
                [str(binaries / "heat-engine"), "--config-file", str(config)],
                workdir / "upstream-engine.log",
            )
        ]
        try:
            wait_for_engine_queue(vhost, processes[0])
            api_command = [
                str(binaries / "heat-wsgi-api"),
                "--host",
                "127.0.0.1",
                "--port",
                str(port),
                "--",
                "--config-file",
                str(config),
            ]
            processes.append(start(api_command, workdir / "upstream-api.log"))
            base = "http://127.0.0.1:%d" % port
            wait_for_http(base + "/", processes[1], workdir / "upstream-api.log")
            yield base, processes[0]
        finally:
            stop(processes)


@contextlib.contextmanager
def throwaway_database(server_url, backend):
    """A new empty database named ``heat_bench_<random>`` on the MariaDB/MySQL or PostgreSQL
    server at ``server_url`` (no database part); yields its URL and drops it on exit."""
    admin_database = "postgres" if backend == "postgresql" else ""
    admin = sqlalchemy.create_engine(
        "%s/%s" % (server_url, admin_database), isolation_level="AUTOCOMMIT"
    )
    name = "heat_bench_%s" % uuid.uuid4().hex[:12]
    try:
        with admin.connect() as connection:
            connection.execute(sqlalchemy.text("CREATE DATABASE %s" % name))
    except sqlalchemy.exc.OperationalError as error:
        admin.dispose()
        raise Unavailable("%s server at %s: %s" % (backend, server_url, error.orig)) from error
    try:
        yield "%s/%s" % (server_url, name)
    finally:
        force = " WITH (FORCE)" if backend == "postgresql" else ""
        with admin.connect() as connection:
            connection.execute(sqlalchemy.text("DROP DATABASE IF EXISTS %s%s" % (name, force)))
        admin.dispose()


def free_port():
    """A TCP port free on 127.0.0.1 right now."""
    with socket.socket() as sock:
        sock.bind(("127.0.0.1", 0))
        return sock.getsockname()[1]
