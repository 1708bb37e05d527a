"""Start a local OpenStack cloud on loopback for heat to orchestrate: lab_up.py WORK_DIR.

Run with the Python of the lab's virtualenv (tools/lab/install.sh prints it). Keystone,
Glance, Placement, Nova, Neutron, Cinder, Swift, Octavia, Designate, Barbican, Zaqar, Aodh,
Gnocchi and Manila (and, with ``--profile full``, Mistral and Ironic) are configured in
WORK_DIR, their databases (``<name>_<service>`` in the machine's MariaDB) and RabbitMQ
vhost (``<name>``) made anew, every process started in its own session, and the cloud
filled with heat's users, an external network, an image, flavors, a volume type, a share
type and Gnocchi's resource type ``instance``.
WORK_DIR/lab.json, written last, says everything a client needs; tools/lab/lab-down.sh
stops the lab.

A work dir whose lab is running is reused as it is; one whose lab died is started anew.
"""

import argparse
import concurrent.futures
import functools
import json
import pathlib
import re
import secrets
import shutil
import sys
import time

import lab_catalog
import lab_designate
import lab_processes
import lab_resources
import lab_services
import lab_store
import lab_warm_up
from lab_layout import PROFILES, Layout

PASSWORDS = ("admin", "heat", "demo", "alt_demo", "stack_domain_admin", "service")
# The path each listening process answers on once it serves.
HTTP_CHECKS = {
    "keystone": "/v3",
    "glance": "/",
    "placement": "/",
    "nova": "/",
    "neutron": "/",
    "cinder": "/",
    "swift_proxy": "/healthcheck",
    "swift_account": "/",
    "swift_container": "/",
    "swift_object": "/",
    "octavia": "/",
    "designate": "/",
    "barbican": "/",
    "zaqar": "/",
    "aodh": "/",
    "gnocchi": "/",
    "manila": "/",
    "mistral": "/",
    "ironic": "/",
}
# What a fresh start made in the work dir (lab-up.log, written by callers, stays).
MADE_HERE = (
    *("etc", "state", "logs", "pids", "guests"),
    *("lab.json", "names.json", "admin-openrc", "demo-openrc"),
)
STARTED = time.monotonic()


def parse_arguments(argv):
    """The command line: work dir, first port, lab name, heat's endpoints, time allowed."""
    parser = argparse.ArgumentParser(description=__doc__.split("\n\n")[0])
    parser.add_argument("work_dir", type=pathlib.Path)
    parser.add_argument("--base-port", type=int, default=9400, help="first of 21 ports")
    parser.add_argument(
        "--profile", choices=PROFILES, default="core", help="full: Mistral and Ironic too"
    )
    parser.add_argument(
        "--name", default="heatlab", type=lab_name, help="prefix of databases, the vhost"
    )
    parser.add_argument("--heat-url", default="http://127.0.0.1:8004/v1/%(tenant_id)s")
    parser.add_argument("--heat-cfn-url", default="http://127.0.0.1:8000/v1")
    parser.add_argument("--timeout", type=float, default=600, help="seconds to be up in")
    return parser.parse_args(argv)


def lab_name(text: str) -> str:
    """A lab name: lower-case letters, digits and underscores, as database names take them."""
    if not re.fullmatch(r"[a-z][a-z0-9_]{0,39}", text):
        raise argparse.ArgumentTypeError("use lower-case letters, digits and _: %r" % text)
    return text


def say(message: str) -> None:
    """Log a step, with the seconds since the start, on stderr."""
    print("[%6.1f s] %s" % (time.monotonic() - STARTED, message), file=sys.stderr, flush=True)


def running(layout: Layout) -> bool:
    """Whether the work dir holds a whole lab of the profile asked for (or a fuller one)
    whose processes all run."""
    return (
        layout.state_file.exists()
        and json.loads(layout.state_file.read_text()).get("profile", "core")
        in (layout.profile, "full")
        and bool(lab_processes.recorded(layout.work_dir))
        and not lab_processes.dead(layout.work_dir)
    )


def clear(layout: Layout) -> None:
    """Stop what is left of an earlier lab in the work dir and forget its state and data."""
    lab_processes.stop_all(layout.work_dir)
    lab_store.drop(*lab_store.load_names(layout.names_file))
    for name in MADE_HERE:
        path = layout.work_dir / name
        if path.is_dir():
            shutil.rmtree(path)
        elif path.exists():
            path.unlink()


def start_services(layout: Layout, passwords: dict, heat_endpoints: dict, watch):
    """Start every service, provision Keystone; return the provisioned state."""
    with concurrent.futures.ThreadPoolExecutor(max_workers=10) as pool:
        futures = lab_services.start_all(layout, passwords, pool)
        futures["designate"] = pool.submit(lab_designate.start, layout, passwords["service"], watch)
        futures["keystone"].result()
        wait_http(layout, "keystone", watch)
        say("keystone serving")
        state = lab_catalog.provision(layout, passwords, heat_endpoints)
        say("keystone provisioned")
        futures["placement"].result()
        wait_http(layout, "placement", watch)
        lab_services.start_nova_services(layout)
        names = {future: name for name, future in futures.items()}
        for future in concurrent.futures.as_completed(names):
            future.result()
            say("%s started" % names[future])
        for port_name in filter(layout.runs, HTTP_CHECKS):
            wait_http(layout, port_name, watch)
        say("every API serving")
    return state


def wait_http(layout: Layout, port_name: str, watch) -> None:
    """Wait until the process on port_name's port serves HTTP."""
    lab_processes.wait_http(layout.url(port_name, HTTP_CHECKS[port_name]), watch)


def fill(layout: Layout, admin: dict, watch) -> dict:
    """Make the network, image, flavors, volume and share types and metric resource types;
    wait until compute and volume services can take requests. Returns what was made, for
    lab.json."""
    jobs = {
        "external_network": lab_resources.make_external_network,
        "image": lab_resources.upload_image,
        "flavors": lab_resources.make_flavors,
        "volume_type": lab_resources.make_volume_type,
        "metric_resource_types": lab_resources.make_metric_resource_types,
        "share_type": lab_resources.make_share_type,
        "compute": functools.partial(lab_resources.wait_for_compute, watch=watch),
        "volume_backend": functools.partial(lab_resources.wait_for_volume_backend, watch=watch),
        "share_backends": functools.partial(lab_resources.wait_for_share_backends, watch=watch),
        "workflows": functools.partial(lab_warm_up.wait_for_workflows, watch=watch),
        "bare_metal": functools.partial(lab_warm_up.wait_for_bare_metal, watch=watch),
    }
    owners = {"workflows": "mistral", "bare_metal": "ironic"}
    jobs = {name: job for name, job in jobs.items() if layout.runs(owners.get(name, name))}

    def run(job):
        # One connection per thread: openstacksdk connections are not shared safely.
        return job(lab_resources.connect(layout.auth_url, admin))

    made = {}
    with concurrent.futures.ThreadPoolExecutor(max_workers=len(jobs)) as pool:
        names = {pool.submit(run, job): name for name, job in jobs.items()}
        for future in concurrent.futures.as_completed(names):
            made[names[future]] = future.result()
            say("%s ready" % names[future])
    return {name: value for name, value in made.items() if value is not None}


def describe(layout: Layout, state: dict, heat_endpoints: dict) -> dict:
    """lab.json's content: the provisioned state plus names, ports, URLs and PIDs."""
    ports = layout.ports
    state.update(
        name=layout.name,
        profile=layout.profile,
        work_dir=str(layout.work_dir),
        auth_url=layout.auth_url,
        endpoints=dict(layout.endpoints, **heat_endpoints),
        ports=ports,
        port_range=[min(ports.values()), max(ports.values())],
        databases=sorted(layout.databases.values()),
        rabbit_vhost=layout.vhost,
        transport_url=layout.transport_url,
        guests_dir=str(layout.guests_dir),
        logs_dir=str(layout.logs_dir),
        pids=lab_processes.recorded(layout.work_dir),
    )
    return state


def write_openrc(layout: Layout) -> None:
    """WORK_DIR/<user>-openrc for admin and demo: the OS_* variables of the openstack CLI."""
    state = json.loads(layout.state_file.read_text())
    for name in ("admin", "demo"):
        user = state["users"][name]
        variables = {
            "OS_AUTH_URL": state["auth_url"],
            "OS_REGION_NAME": state["region"],
            "OS_USERNAME": user["username"],
            "OS_PASSWORD": user["password"],
            "OS_PROJECT_NAME": user["project_name"],
            "OS_USER_DOMAIN_ID": "default",
            "OS_PROJECT_DOMAIN_ID": "default",
            "OS_IDENTITY_API_VERSION": "3",
        }
        openrc = layout.work_dir / ("%s-openrc" % name)
        openrc.write_text("".join("export %s=%s\n" % item for item in variables.items()))
        openrc.chmod(0o600)


def start(layout: Layout, arguments) -> None:
    """Make the lab from nothing in the work dir and write lab.json."""
    passwords = {name: secrets.token_urlsafe(12) for name in PASSWORDS}
    heat_endpoints = {"orchestration": arguments.heat_url, "cloudformation": arguments.heat_cfn_url}
    databases = sorted(layout.databases.values())
    lab_store.save_names(layout.names_file, databases, layout.vhost)
    lab_store.create(databases, layout.vhost)
    say("databases and vhost %s made" % layout.vhost)
    watch = lab_processes.Watch(layout.work_dir, arguments.timeout)
    state = start_services(layout, passwords, heat_endpoints, watch)
    state.update(fill(layout, state["users"]["admin"], watch))
    lab_resources.register_key_manager_projects(layout.auth_url, state["users"])
    say("key manager projects registered")
    state = describe(layout, state, heat_endpoints)
    state["started_in_seconds"] = round(time.monotonic() - STARTED, 1)
    layout.state_file.write_text(json.dumps(state, indent=2, sort_keys=True) + "\n")
    layout.state_file.chmod(0o600)


def main(argv=None) -> int:
    """Reuse the work dir's running lab or start one anew; 0 once it is up."""
    arguments = parse_arguments(argv)
    layout = Layout(
        arguments.work_dir.resolve(), arguments.name, arguments.base_port, arguments.profile
    )
    layout.work_dir.mkdir(parents=True, exist_ok=True)
    if running(layout):
        say("lab already running in %s" % layout.work_dir)
        write_openrc(layout)
        print(layout.state_file)
        return 0
    clear(layout)
    try:
        start(layout, arguments)
    except Exception as error:
        # The command's boundary: whatever failed, leave no half-started lab behind.
        say("lab failed to start: %s" % error)
        lab_processes.stop_all(layout.work_dir)
        return 1
    write_openrc(layout)
    say("lab up: %s" % layout.state_file)
    print(layout.state_file)
    return 0


if __name__ == "__main__":
    sys.exit(main())
