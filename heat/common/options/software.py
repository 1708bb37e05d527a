"""Options of servers and software deployments: transports, formats, in-server URLs."""

from oslo_config import cfg

opts = [
    cfg.StrOpt(
        "default_software_config_transport",
        default="POLL_SERVER_CFN",
        choices=["POLL_SERVER_CFN", "POLL_SERVER_HEAT", "POLL_TEMP_URL", "ZAQAR_MESSAGE"],
        help="How a server receives its software configuration metadata by default.",
    ),
    cfg.StrOpt(
        "default_deployment_signal_transport",
        default="CFN_SIGNAL",
        choices=["CFN_SIGNAL", "TEMP_URL_SIGNAL", "HEAT_SIGNAL", "ZAQAR_SIGNAL"],
        help="How a server signals deployment results back to Heat by default.",
    ),
    cfg.StrOpt(
        "default_user_data_format",
        default="HEAT_CFNTOOLS",
        choices=["HEAT_CFNTOOLS", "RAW", "SOFTWARE_CONFIG"],
        help="Default format of a server's user_data.",
    ),
    cfg.URIOpt(
        "heat_metadata_server_url",
        help="URL of the metadata server (heat-api-cfn) as servers reach it.",
    ),
    cfg.URIOpt(
        "heat_waitcondition_server_url",
        help="URL of the wait condition server as servers reach it.",
    ),
    cfg.URIOpt(
        "heat_watch_server_url",
        help="URL of the CloudWatch-compatible server (heat-api-cloudwatch) as servers reach it.",
    ),
    cfg.StrOpt(
        "instance_connection_is_secure",
        default="0",
        help="Whether servers reach the CFN and CloudWatch APIs over https ('1') or not ('0').",
    ),
    cfg.StrOpt(
        "instance_connection_https_validate_certificates",
        default="1",
        help="Whether servers validate the certificates of the CFN and CloudWatch APIs.",
    ),
    cfg.StrOpt(
        "server_keystone_endpoint_type",
        default="",
        choices=["", "public", "internal", "admin"],
        help="Keystone endpoint type that servers are given for their credentials.",
    ),
    cfg.StrOpt(
        "region_name_for_services", help="Region used when looking up endpoints of other services."
    ),
    cfg.StrOpt(
        "region_name_for_shared_services",
        help="Region of the services listed in shared_services_types.",
    ),
    cfg.ListOpt(
        "shared_services_types",
        default=["image", "volumev3"],
        help="Service types that are shared across regions.",
    ),
    cfg.StrOpt("max_nova_api_microversion", help="Highest Nova API microversion to use."),
    cfg.StrOpt("max_cinder_api_microversion", help="Highest Cinder API microversion to use."),
]

volume_opts = [
    cfg.BoolOpt(
        "backups_enabled",
        default=True,
        help="Whether Cinder backups are available for volume snapshots.",
    ),
]

OPTIONS = [("DEFAULT", opts), ("volumes", volume_opts)]
