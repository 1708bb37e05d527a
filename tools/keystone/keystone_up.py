"""Start a development Keystone in a work directory: configure, initialise, serve, provision.

Run with the Python of Keystone's own virtualenv (see install.sh). Everything lives in the
work directory: keystone.conf, the SQLite database, fernet and credential keys, logs,
``keystone.pid`` and ``keystone.json`` (URLs, ids and passwords of the users made here).
"""

import argparse
import grp
import json
import os
import pathlib
import pwd
import secrets
import subprocess
import sys
import time
import urllib.request

import keystone_provision

TOOLS_DIRECTORY = pathlib.Path(__file__).resolve().parent
BIN_DIRECTORY = pathlib.Path(sys.executable).parent
USERS = ("admin", "heat", "demo", "alt_demo")
CONFIG_TEMPLATE = """\
[DEFAULT]
log_file = {work}/keystone.log

[database]
connection = {database}

[token]
provider = fernet

[fernet_tokens]
key_repository = {work}/fernet-keys

[fernet_receipts]
key_repository = {work}/fernet-keys

[credential]
key_repository = {work}/credential-keys

[identity]
# bcrypt's minimum cost: the users here are for development and tests.
password_hash_rounds = 4
"""


def parse_arguments(argv):
    """The command line: work directory and port, and optional database and endpoint URLs."""
    parser = argparse.ArgumentParser(description=__doc__)
    parser.add_argument("work_dir", type=pathlib.Path)
    parser.add_argument("port", type=int)
    parser.add_argument("--database", help="SQLAlchemy URL (default: SQLite in the work dir)")
    parser.add_argument("--orchestration-url", default="http://127.0.0.1:8004/v1/%(tenant_id)s")
    parser.add_argument("--cloudformation-url", default="http://127.0.0.1:8000/v1")
    parser.add_argument("--timeout", type=float, default=60.0, help="seconds to wait for /v3")
    return parser.parse_args(argv)


def load_passwords(work_dir):
    """Passwords of an earlier run in this work dir (so a restart keeps them), else new ones."""
    state_file = work_dir / "keystone.json"
    if state_file.exists():
        state = json.loads(state_file.read_text())
        passwords = {name: state["users"][name]["password"] for name in USERS}
        if "stack_domain" in state:
            passwords["stack_domain_admin"] = state["stack_domain"]["admin_password"]
            return passwords
    else:
        passwords = {name: secrets.token_urlsafe(12) for name in USERS}
    passwords["stack_domain_admin"] = secrets.token_urlsafe(12)
    return passwords


def write_config(work_dir, database):
    """Write keystone.conf into the work dir and return its path."""
    database = database or "sqlite:///%s" % (work_dir / "keystone.sqlite")
    config_file = work_dir / "keystone.conf"
    config_file.write_text(CONFIG_TEMPLATE.format(work=work_dir, database=database))
    return config_file


def manage(config_file, *arguments):
    """Start one keystone-manage command on the config file; returns the process."""
    command = [str(BIN_DIRECTORY / "keystone-manage"), "--config-file", str(config_file)]
    log = open(config_file.parent / "keystone-manage.log", "ab")
    return subprocess.Popen([*command, *arguments], stdout=log, stderr=log)


def initialise(config_file, url, admin_password):
    """Create the schema, the key repositories, and bootstrap admin, RegionOne and endpoints."""
    owner = ["--keystone-user", pwd.getpwuid(os.getuid()).pw_name]
    owner += ["--keystone-group", grp.getgrgid(os.getgid()).gr_name]
    # The key repositories do not touch the database: set them up while db_sync runs.
    processes = [
        manage(config_file, "db_sync"),
        manage(config_file, "fernet_setup", *owner),
        manage(config_file, "credential_setup", *owner),
    ]
    _wait_all(processes)
    # "=" keeps a password that starts with "-" from reading as an option.
    bootstrap = ["bootstrap", "--bootstrap-password=" + admin_password]
    bootstrap += ["--bootstrap-region-id", "RegionOne"]
    for interface in ("admin", "internal", "public"):
        bootstrap += ["--bootstrap-%s-url" % interface, url]
    _wait_all([manage(config_file, *bootstrap)])


def _wait_all(processes):
    for process in processes:
        if process.wait() != 0:
            raise SystemExit("keystone-manage %s failed: see keystone-manage.log" % process.args[3])


def start_server(work_dir, config_file, port):
    """Start gunicorn serving Keystone in its own session; write and return its PID."""
    command = [str(BIN_DIRECTORY / "gunicorn"), "--bind", "127.0.0.1:%d" % port]
    # Worker processes, not threads: with threads, Keystone 30 now and then checked one
    # request's policy against another concurrent request's token (a 403 on trust create).
    command += ["--workers", "3", "--threads", "1", "--no-control-socket"]
    command += ["--pythonpath", str(TOOLS_DIRECTORY), "keystone_wsgi:application"]
    environment = dict(os.environ, OS_KEYSTONE_CONFIG_FILES=str(config_file))
    with open(work_dir / "gunicorn.log", "ab") as log:
        process = subprocess.Popen(
            command,
            stdout=log,
            stderr=log,
            stdin=subprocess.DEVNULL,
            env=environment,
            cwd=work_dir,
            start_new_session=True,
        )
    (work_dir / "keystone.pid").write_text("%d\n" % process.pid)
    return process


def wait_until_ready(process, url, timeout):
    """Return once GET url answers 200; exit if the server dies or the timeout passes."""
    deadline = time.monotonic() + timeout
    while time.monotonic() < deadline:
        if process.poll() is not None:
            raise SystemExit("gunicorn exited with %s: see gunicorn.log" % process.returncode)
        try:
            with urllib.request.urlopen(url, timeout=5) as response:
                if response.status == 200:
                    return
        except OSError:
            # Refused, reset or slow while gunicorn's worker still loads Keystone.
            pass
        time.sleep(0.1)
    raise SystemExit("Keystone did not answer on %s within %.0f s" % (url, timeout))


def main(argv=None):
    """Bring Keystone up in the work dir, provision heat's users and write keystone.json."""
    arguments = parse_arguments(argv)
    work_dir = arguments.work_dir.resolve()
    work_dir.mkdir(parents=True, exist_ok=True)
    url = "http://127.0.0.1:%d/v3" % arguments.port
    passwords = load_passwords(work_dir)
    config_file = write_config(work_dir, arguments.database)
    initialise(config_file, url, passwords["admin"])
    process = start_server(work_dir, config_file, arguments.port)
    wait_until_ready(process, url, arguments.timeout)
    endpoints = {
        "orchestration": arguments.orchestration_url,
        "cloudformation": arguments.cloudformation_url,
    }
    state = keystone_provision.provision(url, passwords, endpoints)
    state.update(url=url, port=arguments.port, pid=process.pid, work_dir=str(work_dir))
    state_file = work_dir / "keystone.json"
    state_file.write_text(json.dumps(state, indent=2, sort_keys=True) + "\n")
    state_file.chmod(0o600)
    print(state_file)


if __name__ == "__main__":
    main()
