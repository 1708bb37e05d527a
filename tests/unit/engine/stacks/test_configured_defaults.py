"""Properties whose default is an engine option: ``default_deployment_signal_transport``,
``default_software_config_transport`` and ``default_user_data_format`` apply where the
template leaves the property out."""

import types

import pytest

from heat.common import exception
from heat.engine import properties
from heat.engine.resources import volume_base
from heat.engine.resources.configured_defaults import property_or_option
from heat.engine.resources.openstack.nova.server_schema import PROPERTIES_SCHEMA as SERVER_SCHEMA
from tests.unit.engine.stacks.test_software_deployment_resource import template


def _server(conf, data):
    settings = types.SimpleNamespace(conf=conf)
    return types.SimpleNamespace(
        properties=properties.Properties(SERVER_SCHEMA, data),
        stack=types.SimpleNamespace(settings=settings),
    )


def test_a_deployment_without_signal_transport_takes_the_configured_one(conf, engine, context):
    conf.set_override("default_deployment_signal_transport", "ZAQAR_SIGNAL")
    without = template()
    del without["resources"]["deployment"]["properties"]["signal_transport"]
    with pytest.raises(exception.ResourceTypeUnavailable, match="zaqar"):
        engine.create_stack(context, "web", without, {}, {}, {})


def test_the_template_value_wins_over_the_option(conf):
    conf.set_override("default_user_data_format", "RAW")
    server = _server(conf, {"user_data_format": "SOFTWARE_CONFIG"})
    assert property_or_option(server, "user_data_format", "default_user_data_format") == (
        "SOFTWARE_CONFIG"
    )


@pytest.mark.parametrize(
    ("key", "option", "value"),
    [
        ("user_data_format", "default_user_data_format", "SOFTWARE_CONFIG"),
        ("software_config_transport", "default_software_config_transport", "POLL_TEMP_URL"),
    ],
)
def test_a_server_property_left_out_takes_the_option(conf, key, option, value):
    conf.set_override(option, value)
    assert property_or_option(_server(conf, {}), key, option) == value


def test_without_a_configuration_the_schema_default_applies():
    server = _server(None, {})
    assert property_or_option(server, "user_data_format", "default_user_data_format") == (
        "HEAT_CFNTOOLS"
    )


def test_a_snapshot_policy_needs_backups_enabled(conf):
    conf.set_override("backups_enabled", False, group="volumes")
    with pytest.raises(exception.StackValidationFailed) as raised:
        volume_base.check_deletion_policy("Snapshot", conf)
    assert str(raised.value) == (
        '"Snapshot" deletion policy not supported - volume backup service is not enabled.'
    )
    volume_base.check_deletion_policy("Delete", conf)


def test_with_backups_the_snapshot_policy_is_accepted(conf):
    assert volume_base.check_deletion_policy("Snapshot", conf) is None
