"""Run heat-tempest-plugin's api and functional tests against one heat deployment.

Run with the Python of the virtualenv that tools/tempest/install.sh made. It writes a
tempest.conf for the deployment (the users of a Keystone that tools/keystone/keystone_up.py
provisioned, the deployment's catalog region), runs the tests with stestr and writes a JSON
file mapping each test id to its status ("success", "fail", "skip") and, when it did not
pass, the reason. Tests needing services that are not there are skipped by the plugin's own
``[service_available]`` settings; none is skipped by name.

``--config`` names a JSON file of further tempest.conf settings (``{section: {option:
value}}``) laid over these, e.g. the services, image, flavors and networks of a lab;
``--load-list`` a file of the test ids to run (one per line) instead of ``--regex``.

Usage: tempest_run.py KEYSTONE_JSON REGION WORK_DIR RESULTS_JSON [--regex REGEX]
       [--config CONFIG_JSON] [--load-list TEST_IDS]
"""

import argparse
import configparser
import json
import os
import pathlib
import subprocess
import sys

import heat_tempest_plugin
import subunit
import testtools

SUITE = r"^heat_tempest_plugin\.tests\.(api|functional)\."
# The services this machine has none of; tempest registers these [service_available] options.
ABSENT_SERVICES = ("nova", "neutron", "cinder", "glance", "swift")
# Tests poll every second; a stack that has not settled after a minute never will here.
BUILD_INTERVAL = 1
BUILD_TIMEOUT = 60
CONCURRENCY = 4


def tempest_config(keystone: dict, region: str) -> dict:
    """tempest.conf's sections: the demo user runs the tests, the admin user the admin ones."""
    demo, admin = keystone["users"]["demo"], keystone["users"]["admin"]
    return {
        "identity": {"uri_v3": keystone["url"], "region": region},
        "service_available": dict({name: "false" for name in ABSENT_SERVICES}, heat="true"),
        "heat_plugin": {
            "auth_url": keystone["url"],
            "region": region,
            "username": demo["username"],
            "password": demo["password"],
            "project_name": demo["project_name"],
            "admin_username": admin["username"],
            "admin_password": admin["password"],
            "admin_project_name": admin["project_name"],
            "user_domain_id": "default",
            "project_domain_id": "default",
            "build_interval": str(BUILD_INTERVAL),
            "build_timeout": str(BUILD_TIMEOUT),
        },
    }


def write_files(
    work_dir: pathlib.Path, keystone: dict, region: str, extra_config: dict
) -> pathlib.Path:
    """tempest.conf (``extra_config`` laid over the deployment's settings) and stestr's
    .stestr.conf in ``work_dir``; the tempest.conf path."""
    parser = configparser.ConfigParser(interpolation=None)
    for section, options in tempest_config(keystone, region).items():
        parser[section] = options
    for section, options in extra_config.items():
        if not parser.has_section(section):
            parser.add_section(section)
        parser[section].update({name: str(value) for name, value in options.items()})
    config_path = work_dir / "tempest.conf"
    with config_path.open("w") as out:
        parser.write(out)
    plugin_dir = pathlib.Path(heat_tempest_plugin.__file__).parent
    (work_dir / ".stestr.conf").write_text(
        "[DEFAULT]\ntest_path=%s\ntop_dir=%s\n" % (plugin_dir / "tests", plugin_dir.parent)
    )
    return config_path


def run_suite(
    work_dir: pathlib.Path, config_path: pathlib.Path, selection: list[str]
) -> pathlib.Path:
    """Run the tests that stestr's ``selection`` arguments select; the subunit stream."""
    environment = dict(
        os.environ,
        TEMPEST_CONFIG_DIR=str(config_path.parent),
        TEMPEST_CONFIG=config_path.name,
    )
    stestr = pathlib.Path(sys.executable).parent / "stestr"
    subunit_path = work_dir / "results.subunit"
    with subunit_path.open("wb") as out:
        subprocess.run(
            [str(stestr), "run", "--subunit", "--concurrency", str(CONCURRENCY), *selection],
            cwd=work_dir,
            env=environment,
            stdout=out,
            check=False,
        )
    return subunit_path


def read_results(subunit_path: pathlib.Path) -> dict:
    """``{test id: {"status", "reason"}}`` from a subunit v2 stream."""
    results = {}

    def on_test(test: dict) -> None:
        if test["status"] in ("exists", None):
            return
        details = test["details"]
        reason = details.get("traceback") or details.get("reason")
        results[test["id"]] = {
            "status": test["status"],
            "reason": reason.as_text()[-2000:] if reason and test["status"] != "success" else "",
        }

    with subunit_path.open("rb") as stream:
        case = subunit.ByteStreamToStreamResult(stream, non_subunit_name="stdout")
        result = testtools.StreamToDict(on_test)
        result.startTestRun()
        case.run(result)
        result.stopTestRun()
    return results


def main() -> None:
    parser = argparse.ArgumentParser(description=__doc__.splitlines()[0])
    parser.add_argument("keystone_json", type=pathlib.Path)
    parser.add_argument("region")
    parser.add_argument("work_dir", type=pathlib.Path)
    parser.add_argument("results_json", type=pathlib.Path)
    parser.add_argument("--regex", default=SUITE)
    parser.add_argument("--config", type=pathlib.Path)
    parser.add_argument("--load-list", type=pathlib.Path)
    arguments = parser.parse_args()
    arguments.work_dir.mkdir(parents=True, exist_ok=True)
    keystone = json.loads(arguments.keystone_json.read_text())
    extra_config = json.loads(arguments.config.read_text()) if arguments.config else {}
    config_path = write_files(arguments.work_dir, keystone, arguments.region, extra_config)
    if arguments.load_list:
        selection = ["--load-list", str(arguments.load_list.resolve())]
    else:
        selection = [arguments.regex]
    subunit_path = run_suite(arguments.work_dir, config_path, selection)
    results = read_results(subunit_path)
    arguments.results_json.write_text(json.dumps(results, indent=1, sort_keys=True))


if __name__ == "__main__":
    main()
