"""Configure, initialise and start each of the lab's services.

Each ``start_<service>`` writes the service's configuration, syncs its database schema
(and whatever else it needs once), then starts its processes; what one service does
never waits on another, so they all run in parallel. Logs of one-off commands go to
``logs/init-<service>.log``.
"""

import base64
import concurrent.futures
import json
import os
import pathlib
import shutil
import subprocess

import lab_aodh
import lab_barbican
import lab_configs
import lab_gnocchi
import lab_ironic
import lab_manila
import lab_mistral
import lab_nova
import lab_octavia
import lab_processes
import lab_schemas
import lab_swift
import lab_zaqar
from lab_layout import Layout

TOOLS_DIRECTORY = pathlib.Path(__file__).resolve().parent


def run(layout: Layout, service: str, *commands: list) -> None:
    """Run commands (each an argv) in parallel to completion; raise naming the log on failure."""
    log_path = layout.logs_dir / ("init-%s.log" % service)
    log_path.parent.mkdir(parents=True, exist_ok=True)
    with open(log_path, "ab") as log:
        processes = [
            subprocess.Popen(
                [str(layout.bin_dir / command[0]), *command[1:]],
                stdout=log,
                stderr=subprocess.STDOUT,
                stdin=subprocess.DEVNULL,
            )
            for command in commands
        ]
        failed = [process.args for process in processes if process.wait() != 0]
    if failed:
        raise RuntimeError(
            "%s failed: see %s, which ends\n%s"
            % (" ".join(failed[0][1:]), log_path, lab_processes.tail(log_path))
        )


def sync_schemas(layout: Layout, service: str, suffixes: list, *commands: list) -> None:
    """Load the databases of these suffixes from the cached dumps, or run the sync
    commands and cache what they made."""
    if not lab_schemas.load(layout, suffixes):
        run(layout, service, *commands)
        lab_schemas.save(layout, suffixes)


def start_process(layout: Layout, name: str, *arguments, environment: dict = None) -> int:
    """Start one of the venv's programs as lab process ``name``."""
    command = [str(layout.bin_dir / arguments[0]), *map(str, arguments[1:])]
    return lab_processes.start(layout.work_dir, name, command, environment)


def start_wsgi(layout, name, port, module, environment=None, argv=(), threads=4) -> int:
    """Serve a service's WSGI module with gunicorn: one worker process with threads."""
    environment = dict(environment or {}, HEAT_LAB_APP=module, HEAT_LAB_ARGV=json.dumps(argv))
    bind = "127.0.0.1:%d" % port
    options = ["--workers", "1", "--threads", threads, "--timeout", "600"]
    options += ["--graceful-timeout", "5", "--no-control-socket"]
    # gunicorn's 2 s keep-alive equals openstacksdk's wait interval: an idle connection
    # closed by the server just as a client reuses it fails the request
    # (RemoteDisconnected). Keep idle connections longer than any client polls.
    options += ["--keep-alive", "75"]
    options += ["--pythonpath", TOOLS_DIRECTORY, "--name", "%s-%s" % (layout.name, name)]
    return start_process(
        layout,
        name,
        "gunicorn",
        "--bind",
        bind,
        *options,
        "lab_wsgi:application",
        environment=environment,
    )


def make_key_repositories(directory: pathlib.Path) -> None:
    """Keystone's fernet and credential key repositories as keystone-manage's fernet_setup
    and credential_setup leave them (a staged key 0, a primary key 1, private to this user),
    without two more processes loading Keystone."""
    for name in ("fernet-keys", "credential-keys"):
        repository = directory / name
        repository.mkdir(mode=0o700, parents=True)
        for index in ("0", "1"):
            key = repository / index
            key.write_bytes(base64.urlsafe_b64encode(os.urandom(32)))
            key.chmod(0o600)


def start_keystone(layout: Layout, admin_password: str) -> None:
    """Keystone: schema, keys, bootstrap (admin, RegionOne, identity endpoints), server."""
    config = lab_configs.write(
        layout.config_dir("keystone") / "keystone.conf", lab_configs.keystone(layout)
    )
    manage = ["keystone-manage", "--config-file", str(config)]
    make_key_repositories(layout.state_dir("keystone"))
    sync_schemas(layout, "keystone", ["keystone"], [*manage, "db_sync"])
    # "=" keeps a password that starts with "-" from reading as an option.
    bootstrap = ["bootstrap", "--bootstrap-password=" + admin_password]
    bootstrap += ["--bootstrap-region-id", "RegionOne"]
    for interface in ("admin", "internal", "public"):
        bootstrap += ["--bootstrap-%s-url" % interface, layout.auth_url]
    run(layout, "keystone", [*manage, *bootstrap])
    start_wsgi(
        layout,
        "keystone",
        layout.ports["keystone"],
        "keystone.wsgi.api",
        {"OS_KEYSTONE_CONFIG_FILES": str(config)},
        threads=8,
    )


def start_glance(layout: Layout, password: str) -> None:
    """Glance's API, with its paste file beside its config (it looks for it there)."""
    directory = layout.config_dir("glance")
    config = lab_configs.write(directory / "glance-api.conf", lab_configs.glance(layout, password))
    shutil.copy(layout.venv_etc / "glance" / "glance-api-paste.ini", directory)
    sync_schemas(
        layout, "glance", ["glance"], ["glance-manage", "--config-file", str(config), "db_sync"]
    )
    start_wsgi(
        layout,
        "glance",
        layout.ports["glance"],
        "glance.wsgi.api",
        {"OS_GLANCE_CONFIG_DIR": str(directory)},
    )


def start_placement(layout: Layout, password: str) -> None:
    """Placement's API."""
    directory = layout.config_dir("placement")
    config = lab_configs.placement(layout, password)
    config = lab_configs.write(directory / "placement.conf", config)
    sync = ["placement-manage", "--config-file", str(config), "db", "sync"]
    sync_schemas(layout, "placement", ["placement"], sync)
    start_wsgi(
        layout,
        "placement",
        layout.ports["placement"],
        "placement.wsgi.api",
        {"OS_PLACEMENT_CONFIG_DIR": str(directory)},
    )


def start_nova(layout: Layout, password: str) -> None:
    """Nova's API with cells v2 (cell0 and cell1); not the other services, which must find
    Keystone and Placement serving when they start (start_nova_services)."""
    directory = layout.config_dir("nova")
    lab_nova.write(layout, password)
    manage = ["nova-manage", "--config-file", str(directory / "nova.conf")]
    cell0 = ["--config-file", str(directory / "cell0.conf")]
    sync_schemas(
        layout,
        "nova",
        ["nova_api", "nova", "nova_cell0"],
        [*manage, "api_db", "sync"],
        [*manage, "db", "sync", "--local_cell"],
        [*manage, *cell0, "db", "sync", "--local_cell"],
    )
    cell0_url = layout.database_url("nova_cell0")
    run(
        layout,
        "nova",
        [*manage, "cell_v2", "map_cell0", "--database_connection", cell0_url],
        [*manage, "cell_v2", "create_cell", "--name", "cell1"],
    )
    start_wsgi(
        layout,
        "nova-api",
        layout.ports["nova"],
        "nova.wsgi.osapi_compute",
        {"OS_NOVA_CONFIG_DIR": str(directory)},
    )


def start_nova_services(layout: Layout) -> None:
    """Nova's conductor, scheduler and compute service (they exit when Placement refuses
    their credentials)."""
    directory = layout.config_dir("nova")
    config = ["--config-file", directory / "nova.conf"]
    start_process(layout, "nova-conductor", "nova-conductor", *config)
    start_process(layout, "nova-scheduler", "nova-scheduler", *config)
    compute_config = ["--config-file", directory / "nova-compute.conf"]
    start_process(layout, "nova-compute", "heat-lab-nova-compute", *compute_config)


def start_neutron(layout: Layout, password: str) -> None:
    """Neutron's API: ML2 and the service plugins in-process, no agents."""
    directory = layout.config_dir("neutron")
    config = lab_configs.write(directory / "neutron.conf", lab_configs.neutron(layout, password))
    sync = ["neutron-db-manage", "--config-file", str(config), "upgrade", "heads"]
    sync_schemas(layout, "neutron", ["neutron"], sync)
    environment = {"OS_NEUTRON_CONFIG_DIR": str(directory), "OS_NEUTRON_CONFIG_FILES": config.name}
    start_wsgi(layout, "neutron", layout.ports["neutron"], "neutron.wsgi.api", environment)


def start_cinder(layout: Layout, password: str) -> None:
    """Cinder's API, scheduler and volume service (backend ``lab``)."""
    config = lab_configs.cinder(layout, password)
    config = lab_configs.write(layout.config_dir("cinder") / "cinder.conf", config)
    sync_schemas(
        layout, "cinder", ["cinder"], ["cinder-manage", "--config-file", str(config), "db", "sync"]
    )
    argv = ["--config-file", str(config)]
    start_process(layout, "cinder-scheduler", "cinder-scheduler", *argv)
    start_process(layout, "cinder-volume", "cinder-volume", *argv)
    start_wsgi(layout, "cinder-api", layout.ports["cinder"], "cinder.wsgi.api", argv=argv)


def start_swift(layout: Layout, password: str) -> None:
    """Swift's rings and its four servers."""
    lab_swift.write(layout, password)
    lab_swift.build_rings(layout)
    for name, command in lab_swift.commands(layout).items():
        lab_processes.start(layout.work_dir, name, command)


def start_octavia(layout: Layout, password: str) -> None:
    """Octavia's API and controller worker (noop drivers: see lab_octavia)."""
    argv = ["--config-file", str(lab_octavia.write(layout, password))]
    sync = ["octavia-db-manage", *argv, "upgrade", "head"]
    sync_schemas(layout, "octavia", ["octavia"], sync)
    start_process(layout, "octavia-worker", "octavia-worker", *argv)
    start_wsgi(layout, "octavia-api", layout.ports["octavia"], "octavia.wsgi.api", argv=argv)


def start_barbican(layout: Layout, password: str) -> None:
    """Barbican's API: its paste pipeline, configured from the home lab_barbican made."""
    environment = {
        "HOME": str(lab_barbican.write(layout, password)),
        "HEAT_LAB_PASTE": str(layout.venv_etc / "barbican" / "barbican-api-paste.ini"),
    }
    start_wsgi(layout, "barbican", layout.ports["barbican"], "barbican.common.config", environment)


def start_zaqar(layout: Layout, password: str) -> None:
    """Zaqar's Redis, then its API (WSGI transport), configured from the home lab_zaqar
    made."""
    lab_processes.start(layout.work_dir, "zaqar-redis", lab_zaqar.redis_command(layout))
    config = lab_zaqar.write(layout, password)
    sync = ["zaqar-sql-db-manage", "--config-file", str(config), "upgrade", "head"]
    sync_schemas(layout, "zaqar", ["zaqar"], sync)
    environment = {"HOME": str(lab_zaqar.home(layout))}
    start_wsgi(layout, "zaqar", layout.ports["zaqar"], "zaqar.transport.wsgi.app", environment)


def start_aodh(layout: Layout, password: str) -> None:
    """Aodh's API, listener, notifier and evaluator, configured from the home lab_aodh
    made."""
    config = lab_aodh.write(layout, password)
    sync_schemas(layout, "aodh", ["aodh"], ["aodh-dbsync", "--config-file", str(config)])
    environment = {"HOME": str(lab_aodh.home(layout))}
    start_process(layout, "aodh-listener", "aodh-listener", environment=environment)
    start_process(layout, "aodh-notifier", "aodh-notifier", environment=environment)
    start_process(layout, "aodh-evaluator", "aodh-evaluator", environment=environment)
    start_wsgi(layout, "aodh", layout.ports["aodh"], "aodh.wsgi.api", environment)


def start_gnocchi(layout: Layout, password: str) -> None:
    """Gnocchi's API and metricd: its index (with the default archive policies) synced or
    loaded, its file stores made."""
    argv = ["--config-file", str(lab_gnocchi.write(layout, password))]
    stores = ["--skip-storage", "--skip-incoming"]
    sync_schemas(layout, "gnocchi", ["gnocchi"], ["gnocchi-upgrade", *argv, *stores])
    run(
        layout,
        "gnocchi",
        ["gnocchi-upgrade", *argv, "--skip-index", "--skip-archive-policies-creation"]
        + ["--sacks-number", "1"],
    )
    environment = {"HOME": str(lab_gnocchi.home(layout))}
    start_process(layout, "gnocchi-metricd", "gnocchi-metricd", *argv, environment=environment)
    start_wsgi(layout, "gnocchi", layout.ports["gnocchi"], "gnocchi.rest.wsgi", environment, argv)


def start_manila(layout: Layout, password: str) -> None:
    """Manila's API, scheduler and share service (the dummy backends lab_manila sets up)."""
    argv = ["--config-file", str(lab_manila.write(layout, password))]
    sync_schemas(layout, "manila", ["manila"], ["manila-manage", *argv, "db", "sync"])
    start_process(layout, "manila-scheduler", "manila-scheduler", *argv)
    start_process(layout, "manila-share", "manila-share", *argv)
    start_wsgi(layout, "manila-api", layout.ports["manila"], "manila.wsgi.api", argv=argv)


def start_mistral(layout: Layout, password: str) -> None:
    """Mistral's services in one process, once its schema and standard actions are in; not
    its event engine, which no type of heat's uses and which polls its queue without pause
    (a core's half) when Mistral runs on threads."""
    argv = ["--config-file", str(lab_mistral.write(layout, password))]
    if not lab_schemas.load(layout, ["mistral"]):
        run(layout, "mistral", ["mistral-db-manage", *argv, "upgrade", "head"])
        run(layout, "mistral", ["mistral-db-manage", *argv, "populate"])
        lab_schemas.save(layout, ["mistral"])
    services = "api,engine,executor,notifier,periodic"
    start_process(layout, "mistral", "mistral-server", "--server", services, *argv)


def start_ironic(layout: Layout, password: str) -> None:
    """Ironic's conductor with its API (fake hardware: see lab_ironic)."""
    argv = ["--config-file", str(lab_ironic.write(layout, password))]
    sync_schemas(layout, "ironic", ["ironic"], ["ironic-dbsync", *argv, "create_schema"])
    start_process(layout, "ironic", "ironic", *argv)


def start_all(layout: Layout, passwords: dict, pool: concurrent.futures.Executor) -> dict:
    """Submit the start of every service the lab's profile runs to pool; the futures by
    service name."""
    service_password = passwords["service"]
    jobs = {
        "keystone": (start_keystone, passwords["admin"]),
        "glance": (start_glance, service_password),
        "placement": (start_placement, service_password),
        "nova": (start_nova, service_password),
        "neutron": (start_neutron, service_password),
        "cinder": (start_cinder, service_password),
        "swift": (start_swift, service_password),
        "octavia": (start_octavia, service_password),
        "barbican": (start_barbican, service_password),
        "zaqar": (start_zaqar, service_password),
        "aodh": (start_aodh, service_password),
        "gnocchi": (start_gnocchi, service_password),
        "manila": (start_manila, service_password),
        "mistral": (start_mistral, service_password),
        "ironic": (start_ironic, service_password),
    }
    return {
        name: pool.submit(job, layout, argument)
        for name, (job, argument) in jobs.items()
        if layout.runs(name)
    }
