"""The global environment: plugin classes plus the files of environment_dir."""

import logging
import pathlib

import pytest
from oslo_config import cfg

from heat.common import config, exception
from heat.engine import environment
from heat.engine.resource_info import TemplateResourceInfo

SHIPPED = pathlib.Path(__file__).parents[3] / "etc" / "heat" / "environment.d"


class NeutronNet:
    """A stand-in plugin class."""


class AodhAlarm:
    """A stand-in plugin class."""


def conf_for(directory):
    conf = config.register(cfg.ConfigOpts())
    conf([], project="heat", default_config_files=[])
    conf.set_override("environment_dir", str(directory))
    return conf


def test_plugin_classes_are_registered(tmp_path):
    env = environment.global_environment(conf_for(tmp_path), {"OS::Neutron::Net": NeutronNet})
    assert env.get_class("OS::Neutron::Net") is NeutronNet


def test_plugin_classes_may_be_given_as_pairs(tmp_path):
    env = environment.global_environment(conf_for(tmp_path), [("OS::Neutron::Net", NeutronNet)])
    assert env.get_class("OS::Neutron::Net") is NeutronNet


def test_files_are_loaded_in_name_order(tmp_path):
    (tmp_path / "b.yaml").write_text("resource_registry:\n  My::Net: OS::Neutron::Net\n")
    (tmp_path / "a.yaml").write_text("resource_registry:\n  My::Net: Missing::Type\n")
    env = environment.global_environment(conf_for(tmp_path), {"OS::Neutron::Net": NeutronNet})
    assert env.get_class("My::Net") is NeutronNet


def test_a_bad_file_is_skipped_and_logged(tmp_path, caplog):
    (tmp_path / "a.yaml").write_text("colours: {}\n")
    (tmp_path / "b.yaml").write_text("resource_registry:\n  My::Net: OS::Neutron::Net\n")
    with caplog.at_level(logging.ERROR):
        env = environment.global_environment(conf_for(tmp_path), {"OS::Neutron::Net": NeutronNet})
    assert env.get_class("My::Net") is NeutronNet
    assert "a.yaml" in caplog.text


def test_a_missing_directory_leaves_only_the_plugins(tmp_path):
    env = environment.global_environment(
        conf_for(tmp_path / "absent"), {"OS::Neutron::Net": NeutronNet}
    )
    assert env.get_types() == ["OS::Neutron::Net"]


def test_global_entries_are_not_stored_with_user_environments(tmp_path):
    (tmp_path / "a.yaml").write_text("resource_registry:\n  My::Net: OS::Neutron::Net\n")
    global_env = environment.global_environment(
        conf_for(tmp_path), {"OS::Neutron::Net": NeutronNet}
    )
    user = environment.Environment({}, global_env=global_env)
    assert user.get_class("My::Net") is NeutronNet
    assert user.user_env_as_dict()["resource_registry"] == {"resources": {}}


def test_the_template_resource_class_reaches_user_environments(tmp_path):
    marker = type("TemplateResource", (), {})
    global_env = environment.global_environment(conf_for(tmp_path), template_resource_class=marker)
    user = environment.Environment({}, global_env=global_env)
    assert user.get_class_to_instantiate("nested.yaml") is marker


def test_shipped_default_maps_quantum_to_neutron():
    env = environment.global_environment(conf_for(SHIPPED), {"OS::Neutron::Net": NeutronNet})
    assert env.get_class("OS::Quantum::Net") is NeutronNet


@pytest.mark.parametrize("alias", ["OS::Ceilometer::Alarm", "OS::Metering::Alarm"])
def test_shipped_default_maps_old_alarms_to_aodh(alias):
    env = environment.global_environment(conf_for(SHIPPED), {"OS::Aodh::Alarm": AodhAlarm})
    assert env.get_class(alias) is AodhAlarm


def test_shipped_default_implements_aws_databases_with_a_local_template():
    env = environment.global_environment(conf_for(SHIPPED))
    info = env.get_resource_info("AWS::RDS::DBInstance")
    assert isinstance(info, TemplateResourceInfo)
    assert info.template_name == "file:///etc/heat/templates/AWS_RDS_DBInstance.yaml"


def test_shipped_default_leaves_aws_alarms_to_the_engine_alarm():
    env = environment.global_environment(conf_for(SHIPPED), {"AWS::CloudWatch::Alarm": AodhAlarm})
    assert env.get_class("AWS::CloudWatch::Alarm") is AodhAlarm


def test_an_unknown_type_in_the_global_environment_is_not_found(tmp_path):
    env = environment.global_environment(conf_for(tmp_path))
    with pytest.raises(exception.EntityNotFound):
        env.get_class("OS::Nova::Server")
