"""The deployments tools/bench/stacks.py measures: ours (heat-all, or heat-api + heat-engine
over RabbitMQ) and OpenStack Heat 27 (through upstream_api.py), on one database backend.

Each ``running_*`` context manager yields a ``Deployment``: the tenant URL of its native API
and a function listing the engine process ids, whose memory ``RssSampler`` samples.
``ours_deployment``/``upstream_deployment`` pick and enter one from stacks.py's arguments.
"""

import contextlib
import dataclasses
import os
import pathlib
import subprocess
import sys
import threading
import uuid

import upstream_api

BIN = pathlib.Path(sys.executable).parent
REPO = pathlib.Path(__file__).resolve().parents[2]
TENANT = "admin"
SERVER_URLS = {
    "mysql": os.environ.get("HEAT_TEST_MYSQL_URL", "mysql+pymysql://root@127.0.0.1:3306"),
    "postgresql": os.environ.get(
        "HEAT_TEST_POSTGRESQL_URL", "postgresql+psycopg2://postgres@127.0.0.1:5432"
    ),
}
# noauth has no Keystone to make trusts with, so both sides keep the caller's credentials.
LIMITS = (
    "max_resources_per_stack = -1\nmax_json_body_size = 1000000000\n"
    "max_template_size = 1000000000\nrpc_response_timeout = 900\n"
    "deferred_auth_method = password\n"
)


@dataclasses.dataclass
class Deployment:
    """A Heat API at ``url`` (``http://host:port/v1/<tenant>``) whose engine runs as
    ``engine_pids()`` (an empty list when its processes are not on this machine)."""

    url: str
    engine_pids: object = list


def process_tree(pid):
    """``pid`` and its descendants' ids, read from /proc (those alive right now)."""
    found, pending = [], [pid]
    while pending:
        current = pending.pop()
        found.append(current)
        for children in pathlib.Path("/proc/%d/task" % current).glob("*/children"):
            with contextlib.suppress(OSError):
                pending.extend(int(child) for child in children.read_text().split())
    return found


@contextlib.contextmanager
def database(backend, server_urls, workdir, name):
    """The URL of a new empty database: a SQLite file ``<name>.sqlite`` in ``workdir``, or a
    throw-away database on the ``backend`` server in ``server_urls`` (dropped on exit)."""
    if backend == "sqlite":
        yield "sqlite:///%s" % (workdir / ("%s.sqlite" % name))
        return
    with upstream_api.throwaway_database(server_urls[backend], backend) as url:
        yield url


def write_ours_config(workdir, sections):
    """Write ``heat.conf`` from ``{section: raw text}`` into ``workdir``; its path."""
    path = workdir / "heat.conf"
    path.write_text("".join("[%s]\n%s" % item for item in sections.items()))
    return path


def db_sync(config):
    """Create our schema with ``heat-manage db_sync``; RuntimeError with its output if it fails."""
    completed = subprocess.run(
        [str(BIN / "heat-manage"), "--config-file", str(config), "db_sync"],
        capture_output=True,
        text=True,
        check=False,
    )
    if completed.returncode != 0:
        raise RuntimeError("heat-manage db_sync failed: %s" % completed.stderr[-800:])


@contextlib.contextmanager
def running_heat_all(workdir, database_url, defaults=""):
    """Our heat-all (engine + native API, in-process messaging) on ``database_url``, with
    ``defaults`` (raw ``[DEFAULT]`` lines) added to the configuration."""
    port = upstream_api.free_port()
    config = write_ours_config(
        workdir,
        {
            "DEFAULT": LIMITS + defaults,
            "database": "connection = %s\n" % database_url,
            "heat_api": "bind_port = %d\n" % port,
            "heat_all": "enabled_services = engine,api\n",
        },
    )
    if not database_url.startswith("sqlite"):
        db_sync(config)
    log = workdir / "heat-all.log"
    process = upstream_api.start([str(BIN / "heat-all"), "--config-file", str(config)], log)
    try:
        base = "http://127.0.0.1:%d" % port
        upstream_api.wait_for_http(base + "/", process, log)
        yield Deployment(base + "/v1/" + TENANT, lambda: [process.pid])
    finally:
        upstream_api.stop([process])


def _max_overflow(engine_workers):
    """Each engine worker pools 5 connections plus ``max_overflow`` more under load (a
    convergence traversal keeps ``executor_thread_pool_size`` steps busy on each): the
    workers share 90, below the 100 PostgreSQL and the 151 MariaDB allow by default."""
    return max(5, 90 // engine_workers - 5)


@contextlib.contextmanager
def running_split(workdir, database_url, engine_workers, defaults=""):
    """Our heat-engine (``engine_workers`` workers) and heat-api over a throw-away vhost,
    with ``defaults`` (raw ``[DEFAULT]`` lines) added to the configuration."""
    port = upstream_api.free_port()
    with upstream_api.throwaway_vhost() as vhost:
        config = write_ours_config(
            workdir,
            {
                "DEFAULT": LIMITS
                + defaults
                + "num_engine_workers = %d\nhost = bench-%s\n" % (engine_workers, uuid.uuid4().hex)
                + "transport_url = rabbit://guest:guest@%s:%d/%s\n" % (*upstream_api.BROKER, vhost),
                "database": "connection = %s\nmax_overflow = %d\n"
                % (database_url, _max_overflow(engine_workers)),
                "paste_deploy": "flavor = noauth\napi_paste_config = %s\n"
                % (REPO / "etc" / "heat" / "api-paste.ini"),
                "heat_api": "bind_host = 127.0.0.1\nbind_port = %d\nworkers = 1\n" % port,
            },
        )
        db_sync(config)
        command = ["--config-file", str(config)]
        engine = upstream_api.start([str(BIN / "heat-engine"), *command], workdir / "engine.log")
        processes = [engine]
        try:
            upstream_api.wait_for_engine_queue(vhost, engine)
            log = workdir / "api.log"
            processes.append(upstream_api.start([str(BIN / "heat-api"), *command], log))
            base = "http://127.0.0.1:%d" % port
            upstream_api.wait_for_http(base + "/", processes[1], log)
            yield Deployment(base + "/v1/" + TENANT, lambda: process_tree(engine.pid))
        finally:
            upstream_api.stop(processes)


@contextlib.contextmanager
def running_upstream(venv, workdir, database_url, legacy_engine):
    """OpenStack Heat 27 (one engine worker, noauth API) on ``database_url``; with
    ``legacy_engine`` its convergence engine is switched off."""
    limits = LIMITS + ("convergence_engine = false\n" if legacy_engine else "")
    with upstream_api.upstream_processes(venv, workdir, limits, database_url) as (base, engine):
        yield Deployment(base + "/v1/" + TENANT, lambda: process_tree(engine.pid))


def ours_deployment(stack, args, workdir):
    """Enter (on ``stack``, an ExitStack) the deployment of ours the arguments ask for."""
    if args.endpoint:
        pids = args.engine_pid
        return Deployment(
            args.endpoint,
            lambda: [p for pid in pids for p in process_tree(pid)],
        )
    ours_dir = workdir / "ours"
    ours_dir.mkdir(exist_ok=True)
    url = stack.enter_context(database(args.database, SERVER_URLS, ours_dir, "ours"))
    defaults = "convergence_engine = %s\n" % str(not args.legacy).lower()
    if args.split:
        return stack.enter_context(running_split(ours_dir, url, args.engine_workers, defaults))
    return stack.enter_context(running_heat_all(ours_dir, url, defaults))


def upstream_deployment(stack, args, workdir):
    """Enter the Heat 27 deployment to compare with, or None (with a note) when there is none."""
    if args.upstream_endpoint:
        return Deployment(args.upstream_endpoint)
    if not args.upstream:
        return None
    venv = pathlib.Path(args.upstream_venv)
    if not (venv / "bin" / "heat-engine").exists():
        print("upstream: not installed in %s" % venv)
        return None
    upstream_dir = workdir / "upstream"
    upstream_dir.mkdir(exist_ok=True)
    try:
        url = stack.enter_context(database(args.database, SERVER_URLS, upstream_dir, "upstream"))
        return stack.enter_context(running_upstream(venv, upstream_dir, url, args.upstream_legacy))
    except upstream_api.Unavailable as reason:
        print("upstream: skipped (%s)" % reason)
        return None


class RssSampler:
    """Samples VmRSS of ``pids()`` every 50 ms in a thread while running; ``peak_mb`` is the
    largest single process seen (the engine worker that does the work)."""

    def __init__(self, pids):
        self.pids = pids
        self.peak_mb = None
        self._stop = threading.Event()
        self._thread = None

    def __enter__(self):
        self.peak_mb = None
        self._stop.clear()
        pids = self.pids()
        if pids:
            self._thread = threading.Thread(target=self._run, args=(pids,), daemon=True)
            self._thread.start()
        return self

    def __exit__(self, *exc_info):
        self._stop.set()
        if self._thread is not None:
            self._thread.join()
            self._thread = None

    def _run(self, pids):
        while not self._stop.is_set():
            for pid in pids:
                rss = vm_rss_mb(pid)
                if rss is not None and (self.peak_mb is None or rss > self.peak_mb):
                    self.peak_mb = rss
            self._stop.wait(0.05)


def vm_rss_mb(pid):
    """Resident memory of process ``pid`` in MB from /proc, or None if it is gone."""
    try:
        for line in pathlib.Path("/proc/%d/status" % pid).read_text().splitlines():
            if line.startswith("VmRSS:"):
                return int(line.split()[1]) / 1024
    except OSError:
        return None
    return None
