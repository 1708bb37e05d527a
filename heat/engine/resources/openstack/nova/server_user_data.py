"""The user data an ``OS::Nova::Server`` boots with, built by :mod:`heat.engine.user_data`.

For SOFTWARE_CONFIG the server's transport credentials are made first and the metadata
(``os-collect-config`` and ``deployments``) is part of the user data, so that the
server's agents know where to poll from their first boot.
"""

from typing import Any

from heat.engine import user_data
from heat.engine.resources.configured_defaults import property_or_option

USER_DATA, USER_DATA_FORMAT, ADMIN_USER = "user_data", "user_data_format", "admin_user"


def user_data_format(resource: Any) -> str:
    """The template's ``user_data_format``, else ``default_user_data_format``."""
    return property_or_option(resource, USER_DATA_FORMAT, "default_user_data_format")


def is_software_config(resource: Any) -> bool:
    """Whether the server's agents poll heat for software configuration."""
    return user_data_format(resource) == user_data.SOFTWARE_CONFIG


def build(resource: Any) -> str | None:
    """The user data, base64-encoded as Nova takes it; None when there is none."""
    properties = resource.properties
    metadata = resource.metadata_get()
    if is_software_config(resource):
        resource.make_transport_credentials()
        metadata = resource.publish_collect_config()
    conf = resource.stack.settings.conf
    cfn_url = ""
    if user_data_format(resource) == user_data.HEAT_CFNTOOLS:
        cfn_url = resource.client_plugin("heat").get_cfn_metadata_server_url()
    text = user_data.build(
        metadata,
        properties[USER_DATA],
        user_data_format(resource),
        instance_user=properties[ADMIN_USER],
        cfn_metadata_url=cfn_url,
        is_secure=conf.instance_connection_is_secure == "1",
        validate_certificates=conf.instance_connection_https_validate_certificates == "1",
        watch_url=conf.heat_watch_server_url,
    )
    return user_data.encoded(text)
