"""heat-keystone-setup-domain's command line (a real Keystone test comes later)."""

import subprocess
import sys
from pathlib import Path

import pytest

from heat.cmd import keystone_setup_domain

SCRIPT = Path(sys.executable).parent / "heat-keystone-setup-domain"
ADMIN_ENV = {"OS_AUTH_URL": "http://keystone:5000/v3", "OS_USERNAME": "admin", "OS_PASSWORD": "pw"}


def test_help_lists_the_domain_options():
    result = subprocess.run([str(SCRIPT), "--help"], capture_output=True, text=True, check=True)
    for option in ("--stack-user-domain-name", "--stack-domain-admin ", "--os-auth-url"):
        assert option in result.stdout


def test_defaults_name_the_heat_domain_and_its_admin():
    conf = keystone_setup_domain.parse_args(["--stack-domain-admin-password", "secret"], ADMIN_ENV)
    assert conf.stack_user_domain_name == "heat"
    assert conf.stack_domain_admin == "heat_domain_admin"
    assert conf.os_user_domain_name == "Default"


def test_command_line_options_are_parsed():
    argv = ["--stack-user-domain-name", "orchestration", "--stack-domain-admin", "domadmin",
            "--stack-domain-admin-password", "secret"]  # fmt: skip
    conf = keystone_setup_domain.parse_args(argv, ADMIN_ENV)
    assert (conf.stack_user_domain_name, conf.stack_domain_admin) == ("orchestration", "domadmin")
    assert conf.stack_domain_admin_password == "secret"


def test_environment_gives_the_admin_credentials():
    environ = dict(ADMIN_ENV, OS_PROJECT_NAME="admin", HEAT_DOMAIN_PASSWORD="from-env")
    conf = keystone_setup_domain.parse_args([], environ)
    assert conf.os_auth_url == "http://keystone:5000/v3"
    assert conf.os_project_name == "admin"
    assert conf.stack_domain_admin_password == "from-env"


def test_command_line_wins_over_the_environment():
    conf = keystone_setup_domain.parse_args(
        ["--os-username", "cloud-admin", "--stack-domain-admin-password", "x"], ADMIN_ENV
    )
    assert conf.os_username == "cloud-admin"


def test_missing_password_exits_naming_the_option():
    with pytest.raises(SystemExit, match="--stack-domain-admin-password"):
        keystone_setup_domain.parse_args([], ADMIN_ENV)


def test_missing_credentials_exit_naming_the_options():
    with pytest.raises(SystemExit, match="--os-auth-url, --os-username, --os-password"):
        keystone_setup_domain.parse_args(["--stack-domain-admin-password", "x"], {})
