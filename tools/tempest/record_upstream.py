"""Record which heat-tempest-plugin tests OpenStack Heat 27 passes, for our functional test.

Run with the upstream virtualenv's Python (/root/.cache/upstream-heat/bin/python). It starts
a Keystone 30 (tools/keystone), upstream's heat-engine and its native and CloudFormation
APIs (threaded, upstream_wsgi.py) authenticating through keystonemiddleware, over a
throw-away RabbitMQ vhost and MariaDB database; runs tools/tempest/tempest_run.py against
them (the tempest.conf our test uses) and writes the ids of the passing tests, one per
line, to the output file.

Usage: record_upstream.py [OUTPUT] (default tests/functional/tempest/upstream_passing.txt)
"""

import contextlib
import json
import pathlib
import subprocess
import sys
import tempfile

HERE = pathlib.Path(__file__).resolve().parent
REPO = HERE.parents[1]
sys.path.insert(0, str(REPO / "tools" / "bench"))

import upstream_api  # noqa: E402 (a sibling script directory, not a package)

UPSTREAM = pathlib.Path(sys.executable).parent.parent
MYSQL = "mysql+pymysql://root@127.0.0.1:3306"
OUTPUT = REPO / "tests" / "functional" / "tempest" / "upstream_passing.txt"


@contextlib.contextmanager
def running_keystone(work_dir: pathlib.Path, ports: dict):
    """Keystone with the orchestration and cloudformation endpoints on ``ports``; its
    keystone.json contents."""
    command = [
        str(REPO / "tools" / "keystone" / "keystone-up.sh"),
        str(work_dir),
        str(upstream_api.free_port()),
        "--orchestration-url",
        "http://127.0.0.1:%d/v1/%%(tenant_id)s" % ports["api"],
        "--cloudformation-url",
        "http://127.0.0.1:%d/v1" % ports["cfn"],
    ]
    subprocess.run(command, check=True, stdout=subprocess.DEVNULL)
    try:
        yield json.loads((work_dir / "keystone.json").read_text())
    finally:
        subprocess.run([str(REPO / "tools" / "keystone" / "keystone-down.sh"), str(work_dir)])


def heat_config(keystone: dict, vhost: str, database_url: str, ports: dict) -> str:
    """upstream heat.conf: authtoken against ``keystone``, the trustee and stack domain."""
    heat = keystone["users"]["heat"]
    domain = keystone["stack_domain"]
    service_user = (
        "auth_url = {url}\nauth_type = password\nusername = heat\n"
        "password = {password}\nuser_domain_id = default\n"
    ).format(url=keystone["url"], password=heat["password"])
    cfn = "http://127.0.0.1:%d" % ports["cfn"]
    return "\n".join(
        [
            "[DEFAULT]",
            "num_engine_workers = 1",
            "transport_url = rabbit://guest:guest@%s:%d/%s" % (*upstream_api.BROKER, vhost),
            "stack_user_domain_id = %s" % domain["id"],
            "stack_domain_admin = %s" % domain["admin"],
            "stack_domain_admin_password = %s" % domain["admin_password"],
            "heat_metadata_server_url = %s" % cfn,
            "heat_waitcondition_server_url = %s/v1/waitcondition" % cfn,
            "[database]\nconnection = %s" % database_url,
            "[paste_deploy]\napi_paste_config = %s" % (UPSTREAM / "etc/heat/api-paste.ini"),
            "[clients_keystone]\nauth_uri = %s" % keystone["url"],
            "[keystone_authtoken]\nwww_authenticate_uri = %s" % keystone["url"],
            service_user + "project_name = service\nproject_domain_id = default",
            "[trustee]\n" + service_user,
            "[ec2authtoken]\n" + service_user + "project_name = service",
        ]
    )


@contextlib.contextmanager
def running_heat(work_dir: pathlib.Path, keystone: dict, ports: dict):
    """Upstream's engine and both APIs on ``ports`` until the block ends."""
    with (
        upstream_api.throwaway_vhost() as vhost,
        upstream_api.throwaway_database(MYSQL, "mysql") as database_url,
    ):
        config = work_dir / "heat.conf"
        config.write_text(heat_config(keystone, vhost, database_url, ports) + "\n")
        binaries = UPSTREAM / "bin"
        subprocess.run(
            [str(binaries / "heat-manage"), "--config-file", str(config), "db_sync"],
            check=True,
            capture_output=True,
        )
        engine = upstream_api.start(
            [str(binaries / "heat-engine"), "--config-file", str(config)],
            work_dir / "heat-engine.log",
        )
        processes = [engine]
        try:
            upstream_api.wait_for_engine_queue(vhost, engine)
            for api in ("api", "cfn"):
                log = work_dir / ("heat-%s.log" % api)
                command = [sys.executable, str(HERE / "upstream_wsgi.py"), api, str(ports[api])]
                processes.append(upstream_api.start(command + ["--config-file", str(config)], log))
                url = "http://127.0.0.1:%d/" % ports[api]
                upstream_api.wait_for_http(url, processes[-1], log)
            yield
        finally:
            upstream_api.stop(processes)


def tempest_venv() -> pathlib.Path:
    """The virtualenv of tempest and heat-tempest-plugin (installed when needed)."""
    result = subprocess.run(
        [str(REPO / "tools" / "tempest" / "install.sh")], check=True, capture_output=True, text=True
    )
    return pathlib.Path(result.stdout.strip().splitlines()[-1])


def main() -> None:
    output = pathlib.Path(sys.argv[1]) if len(sys.argv) > 1 else OUTPUT
    venv = tempest_venv()
    with tempfile.TemporaryDirectory(prefix="upstream-tempest-") as directory:
        work_dir = pathlib.Path(directory)
        ports = {"api": upstream_api.free_port(), "cfn": upstream_api.free_port()}
        with (
            running_keystone(work_dir / "keystone", ports) as keystone,
            running_heat(work_dir, keystone, ports),
        ):
            results_path = work_dir / "results.json"
            subprocess.run(
                [
                    str(venv / "bin" / "python"),
                    str(REPO / "tools" / "tempest" / "tempest_run.py"),
                    str(work_dir / "keystone" / "keystone.json"),
                    keystone["region"],
                    str(work_dir / "tempest"),
                    str(results_path),
                ],
                check=True,
            )
            results = json.loads(results_path.read_text())
    passing = sorted(test for test, result in results.items() if result["status"] == "success")
    output.parent.mkdir(parents=True, exist_ok=True)
    output.write_text("".join(test + "\n" for test in passing))
    print("%d of %d tests pass against OpenStack Heat 27" % (len(passing), len(results)))


if __name__ == "__main__":
    main()
