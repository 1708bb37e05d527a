"""The config resources: SoftwareConfig, StructuredConfig, CloudConfig, MultipartMime,
SoftwareComponent, stored through the software config API of the engine."""

import email

import pytest
import yaml

from heat.common import exception
from heat.engine import user_data
from heat.engine.resources.openstack.heat import cloud_config
from tests.unit.engine.stacks.conftest import create, hot, wait_for


def output(stack, key):
    found = {item["output_key"]: item for item in stack["outputs"]}[key]
    return found["output_error"] if "output_error" in found else found["output_value"]


def config_id(engine, context, identity, name):
    return engine.describe_stack_resource(context, identity, name)["physical_resource_id"]


SCRIPT = {
    "type": "OS::Heat::SoftwareConfig",
    "properties": {
        "group": "script",
        "config": "#!/bin/sh\necho $foo",
        "inputs": [{"name": "foo", "default": "x"}],
        "outputs": [{"name": "result", "error_output": False}],
        "options": {"verbose": True},
    },
}


def test_a_software_config_is_stored_under_its_physical_id(engine, context):
    template = hot(
        {"script": SCRIPT}, outputs={"config": {"value": {"get_attr": ["script", "config"]}}}
    )
    identity, stack = create(engine, context, template)
    assert stack["stack_status"] == "COMPLETE", stack["stack_status_reason"]
    stored = engine.show_software_config(context, config_id(engine, context, identity, "script"))
    assert stored["group"] == "script"
    assert stored["name"].startswith("web-script-")
    assert stored["inputs"] == [{"name": "foo", "type": "String", "default": "x"}]
    assert stored["outputs"] == [{"name": "result", "type": "String", "error_output": False}]
    assert stored["options"] == {"verbose": True}
    assert output(stack, "config") == "#!/bin/sh\necho $foo"


def test_a_changed_config_replaces_the_stored_one(engine, context):
    identity, _stack = create(engine, context, hot({"script": SCRIPT}))
    old = config_id(engine, context, identity, "script")
    changed = {"type": SCRIPT["type"], "properties": dict(SCRIPT["properties"], config="echo 2")}
    engine.update_stack(context, identity, hot({"script": changed}), {}, {}, {})
    assert wait_for(engine, context, identity)["stack_status"] == "COMPLETE"
    new = config_id(engine, context, identity, "script")
    assert new != old
    assert engine.show_software_config(context, new)["config"] == "echo 2"
    with pytest.raises(exception.NotFound):
        engine.show_software_config(context, old)


def test_deleting_the_stack_deletes_the_config(engine, context):
    identity, _stack = create(engine, context, hot({"script": SCRIPT}))
    stored = config_id(engine, context, identity, "script")
    engine.delete_stack(context, identity)
    wait_for(engine, context, identity)
    with pytest.raises(exception.NotFound):
        engine.show_software_config(context, stored)


def test_a_structured_config_keeps_its_map(engine, context):
    structured = {
        "type": "OS::Heat::StructuredConfig",
        "properties": {"group": "apply-config", "config": {"key": {"get_input": "foo"}}},
    }
    identity, _stack = create(engine, context, hot({"structured": structured}))
    stored = engine.show_software_config(
        context, config_id(engine, context, identity, "structured")
    )
    assert stored["config"] == {"key": {"get_input": "foo"}}
    assert stored["group"] == "apply-config"


def test_a_cloud_config_is_a_cloud_config_document(engine, context):
    cloud = {
        "type": "OS::Heat::CloudConfig",
        "properties": {"cloud_config": {"runcmd": ["touch /tmp/done"], "packages": ["git"]}},
    }
    identity, _stack = create(engine, context, hot({"cloud": cloud}))
    stored = engine.show_software_config(context, config_id(engine, context, identity, "cloud"))
    assert stored["group"] == "Heat::Ungrouped"
    assert stored["config"].startswith("#cloud-config\n")
    assert yaml.safe_load(stored["config"]) == {"runcmd": ["touch /tmp/done"], "packages": ["git"]}


def test_multipart_parts_are_inline_referenced_or_flattened(engine, context):
    resources = {
        "cloud": {"type": "OS::Heat::CloudConfig", "properties": {"cloud_config": {"a": 1}}},
        "inner": {
            "type": "OS::Heat::MultipartMime",
            "properties": {
                "parts": [
                    {"config": "echo é", "filename": "x-shellscript.sh"},
                    {"config": "two", "subtype": "x-two"},
                ]
            },
        },
        "outer": {
            "type": "OS::Heat::MultipartMime",
            "properties": {
                "parts": [
                    {"config": {"get_resource": "cloud"}, "subtype": "cloud-config"},
                    {"config": {"get_resource": "inner"}, "type": "multipart"},
                ]
            },
        },
    }
    identity, stack = create(engine, context, hot(resources))
    assert stack["stack_status"] == "COMPLETE", stack["stack_status_reason"]
    stored = engine.show_software_config(context, config_id(engine, context, identity, "outer"))
    message = email.message_from_string(stored["config"])
    assert message.is_multipart()
    parts = message.get_payload()
    assert [part.get_content_type() for part in parts] == [
        "text/cloud-config",
        "text/x-shellscript",
        "text/x-two",
    ]
    assert parts[0].get_payload(decode=True).decode().startswith("#cloud-config")
    assert parts[1].get_filename() == "x-shellscript.sh"
    assert parts[1].get_payload(decode=True).decode("utf-8") == "echo é"


def test_a_software_component_stores_its_configs(engine, context):
    component = {
        "type": "OS::Heat::SoftwareComponent",
        "properties": {
            "configs": [
                {"actions": ["CREATE"], "config": "install", "tool": "script"},
                {"actions": ["DELETE"], "config": "remove", "tool": "script"},
            ]
        },
    }
    identity, _stack = create(engine, context, hot({"component": component}))
    stored = engine.show_software_config(context, config_id(engine, context, identity, "component"))
    assert stored["group"] == "component"
    assert [entry["config"] for entry in stored["config"]["configs"]] == ["install", "remove"]


def test_a_software_component_serves_each_action_once(engine, context):
    component = {
        "type": "OS::Heat::SoftwareComponent",
        "properties": {
            "configs": [
                {"config": "a", "tool": "script"},
                {"actions": ["UPDATE"], "config": "b", "tool": "script"},
            ]
        },
    }
    with pytest.raises(exception.StackValidationFailed, match="more than one configuration"):
        engine.create_stack(context, "web", hot({"component": component}), {}, {}, {})


def test_cloud_init_accepts_what_cloud_config_and_user_data_hold(
    engine, context, cloud_config_schema
):
    cloud = {
        "type": "OS::Heat::CloudConfig",
        "properties": {
            "cloud_config": {
                "runcmd": ["touch /tmp/done", ["echo", "hi"]],
                "packages": ["git"],
                "write_files": [{"path": "/etc/motd", "content": "hello", "permissions": "0644"}],
            }
        },
    }
    identity, _stack = create(engine, context, hot({"cloud": cloud}))
    stored = engine.show_software_config(context, config_id(engine, context, identity, "cloud"))
    assert cloud_config_schema.errors(stored["config"]) == []
    boot = user_data.build(
        None, "#!/bin/sh", instance_user="ec2-user", cfn_metadata_url="http://h/"
    )
    (boot_config,) = [
        part.get_payload(decode=True).decode()
        for part in email.message_from_string(boot).get_payload()
        if part.get_filename() == "cloud-config"
    ]
    assert cloud_config_schema.errors("#cloud-config\n" + boot_config) == []


def test_cloud_inits_schema_catches_a_broken_cloud_config(cloud_config_schema):
    broken = cloud_config.cloud_config_text({"runcmd": 5, "packages": "git"})
    assert cloud_config_schema.errors(broken)
