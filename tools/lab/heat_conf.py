"""Print a heat.conf that runs heat-all against a running lab: Keystone authentication,
trusts to the lab's ``heat`` user, its stack user domain, and the lab's region.

    python3 tools/lab/heat_conf.py /tmp/lab > /tmp/heat.conf
    tools/heat-all.sh --config-file /tmp/heat.conf
"""

import argparse
import configparser
import json
import pathlib
import sys


def heat_conf(state: dict, work_dir: pathlib.Path) -> configparser.ConfigParser:
    """heat.conf's sections for the lab described by ``state`` (its lab.json)."""
    auth_url = state["auth_url"]
    heat = state["users"]["heat"]
    domain = state["stack_domain"]
    service_user = {
        "auth_url": auth_url,
        "auth_type": "password",
        "username": heat["username"],
        "password": heat["password"],
        "user_domain_id": "default",
    }
    conf = configparser.ConfigParser(interpolation=None)
    conf.read_dict(
        {
            "DEFAULT": {
                "region_name_for_services": state["region"],
                "stack_user_domain_id": domain["id"],
                "stack_domain_admin": domain["admin"],
                "stack_domain_admin_password": domain["admin_password"],
            },
            "database": {"connection": "sqlite:///%s" % (work_dir / "heat.sqlite")},
            "paste_deploy": {"flavor": ""},
            "clients_keystone": {"auth_uri": auth_url},
            "keystone_authtoken": dict(
                service_user,
                www_authenticate_uri=auth_url,
                project_name=heat["project_name"],
                project_domain_id="default",
            ),
            "trustee": service_user,
        }
    )
    return conf


def main() -> None:
    parser = argparse.ArgumentParser(description=__doc__)
    parser.add_argument("lab_dir", type=pathlib.Path, help="the lab's work directory")
    arguments = parser.parse_args()
    state = json.loads((arguments.lab_dir / "lab.json").read_text())
    heat_conf(state, arguments.lab_dir.resolve()).write(sys.stdout)


if __name__ == "__main__":
    main()
