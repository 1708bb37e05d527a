"""heat-keystone-setup-domain: create the Keystone domain that holds Heat's stack users.

Authenticates as a cloud administrator (``--os-*`` options, defaulting to the usual
``OS_*`` environment variables), creates the domain and its admin user with the
``admin`` role on it, and prints the heat.conf lines that point Heat at them.
"""

import os
import sys

from keystoneauth1 import exceptions, session
from keystoneauth1.identity import v3
from keystoneclient.v3 import client
from oslo_config import cfg


def cli_options(environ) -> list[cfg.Opt]:
    """The command-line options; the environment gives their defaults."""

    def env(name: str, default: str | None = None) -> str | None:
        return environ.get(name, default)

    return [
        cfg.StrOpt("stack-user-domain-name", default=env("HEAT_DOMAIN", "heat"),
                   help="Name of the domain holding the users Heat creates in stacks."),
        cfg.StrOpt("stack-domain-admin", default=env("HEAT_DOMAIN_ADMIN", "heat_domain_admin"),
                   help="Name of the user that administers that domain."),
        cfg.StrOpt("stack-domain-admin-password", secret=True, default=env("HEAT_DOMAIN_PASSWORD"),
                   help="Password of the domain administrator (required)."),
        cfg.StrOpt("os-auth-url", default=env("OS_AUTH_URL"), help="Keystone URL."),
        cfg.StrOpt("os-username", default=env("OS_USERNAME"), help="Cloud administrator."),
        cfg.StrOpt("os-password", secret=True, default=env("OS_PASSWORD"),
                   help="Cloud administrator's password."),
        cfg.StrOpt("os-project-name", default=env("OS_PROJECT_NAME", env("OS_TENANT_NAME")),
                   help="Project the administrator scopes to."),
        cfg.StrOpt("os-user-domain-name", default=env("OS_USER_DOMAIN_NAME", "Default"),
                   help="Domain of the administrator."),
        cfg.StrOpt("os-project-domain-name", default=env("OS_PROJECT_DOMAIN_NAME", "Default"),
                   help="Domain of the administrator's project."),
        cfg.StrOpt("os-cacert", default=env("OS_CACERT"), help="CA bundle to verify Keystone."),
    ]  # fmt: skip


def parse_args(argv, environ) -> cfg.ConfigOpts:
    """Parse ``argv`` (without the program name); exit with a message when incomplete."""
    conf = cfg.ConfigOpts()
    conf.register_cli_opts(cli_options(environ))
    conf(argv, project="heat", prog="heat-keystone-setup-domain", default_config_files=[])
    required = ("stack_domain_admin_password", "os_auth_url", "os_username", "os_password")
    missing = [name for name in required if not conf[name]]
    if missing:
        options = ", ".join("--" + name.replace("_", "-") for name in missing)
        sys.exit(
            "heat-keystone-setup-domain: missing %s (or their environment variables)" % options
        )
    return conf


def _keystone(conf) -> client.Client:
    auth = v3.Password(
        auth_url=conf.os_auth_url,
        username=conf.os_username,
        password=conf.os_password,
        project_name=conf.os_project_name,
        user_domain_name=conf.os_user_domain_name,
        project_domain_name=conf.os_project_domain_name,
    )
    return client.Client(session=session.Session(auth=auth, verify=conf.os_cacert or True))


def setup_domain(keystone: client.Client, conf) -> str:
    """Create (or reuse) the domain and its admin user; returns the domain id."""
    name = conf.stack_user_domain_name
    domain = next(iter(keystone.domains.list(name=name)), None)
    if domain is None:
        domain = keystone.domains.create(name, description="Owns the users Heat creates in stacks")
    user = next(iter(keystone.users.list(name=conf.stack_domain_admin, domain=domain)), None)
    password = conf.stack_domain_admin_password
    if user is None:
        user = keystone.users.create(conf.stack_domain_admin, domain=domain, password=password)
    else:
        keystone.users.update(user, password=password)
    keystone.roles.grant(keystone.roles.find(name="admin"), user=user, domain=domain)
    return domain.id


def main(argv=None):
    """Set the domain up and print the heat.conf lines; exit non-zero with a message on error."""
    conf = parse_args(sys.argv[1:] if argv is None else argv, os.environ)
    try:
        domain_id = setup_domain(_keystone(conf), conf)
    except exceptions.ClientException as error:
        sys.exit("heat-keystone-setup-domain: Keystone refused: %s" % error)
    print("Set these options in the [DEFAULT] section of heat.conf:")
    print("stack_user_domain_id = %s" % domain_id)
    print("stack_domain_admin = %s" % conf.stack_domain_admin)
    print("stack_domain_admin_password = %s" % conf.stack_domain_admin_password)
