"""Options of authentication: deferred auth, trusts, stack domain users, encryption, API auth."""

from keystoneauth1 import loading as ks_loading
from oslo_config import cfg

identity_opts = [
    cfg.StrOpt(
        "deferred_auth_method",
        default="trusts",
        choices=["password", "trusts"],
        help="How the engine acts for a user later: stored password or Keystone trust.",
    ),
    cfg.StrOpt(
        "reauthentication_auth_method",
        default="",
        choices=["", "trusts"],
        help="Re-authenticate with the trust when a token expires during a long action.",
    ),
    cfg.ListOpt(
        "trusts_delegated_roles",
        default=[],
        help="Roles delegated to the trustee; empty delegates all the trustor's roles.",
    ),
    cfg.BoolOpt(
        "allow_trusts_redelegation",
        default=False,
        help="Create trusts that may be redelegated (needed with trust reauthentication).",
    ),
    cfg.StrOpt(
        "stack_user_domain_id",
        help="Keystone domain id of the users and projects that Heat creates for stacks.",
    ),
    cfg.StrOpt(
        "stack_user_domain_name",
        help="Keystone domain name of the stack users; stack_user_domain_id takes precedence.",
    ),
    cfg.StrOpt("stack_domain_admin", help="Keystone user that administers the stack user domain."),
    cfg.StrOpt("stack_domain_admin_password", secret=True, help="Password of stack_domain_admin."),
    cfg.StrOpt(
        "heat_stack_user_role",
        default="heat_stack_user",
        help="Keystone role given to users that templates create.",
    ),
    cfg.StrOpt(
        "auth_encryption_key",
        secret=True,
        default="notgood but just long enough i t",
        help="Key (32 characters) that encrypts credentials and secrets in the database.",
    ),
    cfg.BoolOpt(
        "encrypt_parameters_and_properties",
        default=False,
        help="Encrypt hidden parameters and resource properties before storing them.",
    ),
]

auth_password_opts = [
    cfg.BoolOpt(
        "multi_cloud",
        default=False,
        help="Allow orchestration of several clouds: the request names its Keystone.",
    ),
    cfg.ListOpt(
        "allowed_auth_uris",
        default=[],
        help="Keystone URLs a request may name when multi_cloud is on; required then.",
    ),
]

ec2authtoken_opts = [
    cfg.BoolOpt(
        "multi_cloud",
        default=False,
        help="Allow EC2 signatures to be checked against several Keystones.",
    ),
    cfg.ListOpt(
        "clouds",
        default=[],
        help="Names of [ec2authtoken.<cloud>] sections, each with its Keystone credentials.",
    ),
]

noauth_opts = [
    cfg.StrOpt(
        "token_response",
        default="",
        help="JSON file whose token document the noauth middleware uses for the identity.",
    ),
]

paste_deploy_opts = [
    cfg.StrOpt(
        "flavor",
        help="Pipeline flavor (e.g. standalone, noauth): the application loaded is "
        "<app>-<flavor> when api-paste.ini has it, else <app>, which may pick its pipeline "
        "by flavor (OpenStack Heat's file; 'default' when unset).",
    ),
    cfg.StrOpt(
        "api_paste_config",
        default="api-paste.ini",
        help="Paste configuration file of the API servers.",
    ),
]


def register_keystoneauth(conf):
    """Register the keystoneauth sections; plugin options load when the plugin is chosen."""
    for group in ("trustee", "ec2authtoken"):
        ks_loading.register_auth_conf_options(conf, group)
    ks_loading.register_session_conf_options(conf, "ec2authtoken")
    ks_loading.register_adapter_conf_options(conf, "ec2authtoken")


def keystoneauth_opts():
    """Options of the ``[trustee]`` and ``[ec2authtoken]`` sections as the sample documents them."""
    trustee = ks_loading.get_auth_common_conf_options() + ks_loading.get_auth_plugin_conf_options(
        "password"
    )
    adapter = ks_loading.get_session_conf_options() + ks_loading.get_adapter_conf_options()
    ec2 = ks_loading.get_auth_common_conf_options() + ks_loading.get_auth_plugin_conf_options(
        "password"
    )
    return trustee, _unique(ec2 + adapter)


def _unique(opts):
    seen: dict = {}
    for opt in opts:
        seen.setdefault(opt.dest, opt)
    return list(seen.values())


OPTIONS = [
    ("DEFAULT", identity_opts),
    ("auth_password", auth_password_opts),
    ("ec2authtoken", ec2authtoken_opts),
    ("noauth", noauth_opts),
    ("paste_deploy", paste_deploy_opts),
]
