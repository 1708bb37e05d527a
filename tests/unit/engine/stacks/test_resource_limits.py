"""max_resources_per_stack is checked before a group or a nested stack is expanded."""

import pytest
import yaml

from heat.common import exception
from heat.common.context import RequestContext
from tests.unit.engine.stacks import test_instance_groups as instance_groups
from tests.unit.engine.stacks.conftest import TENANT, create, hot, wait_for

LIMIT_MESSAGE = "Maximum resources per stack exceeded."


def set_limit(conf, engine, limit):
    conf.set_override("max_resources_per_stack", limit)
    engine.runtime.settings = type(engine.runtime.settings).from_conf(conf)


def group(count, member_type="OS::Heat::None"):
    return {
        "type": "OS::Heat::ResourceGroup",
        "properties": {"count": count, "resource_def": {"type": member_type}},
    }


def fan_out_files(width, levels, bottom="OS::Heat::None"):
    """Provider templates ``level1.yaml`` .. ``levelN.yaml``, each of ``width`` of the next
    (of ``bottom`` at the last level)."""
    files = {}
    for level in range(1, levels + 1):
        member = "level%d.yaml" % (level + 1) if level < levels else bottom
        resources = {"r%d" % index: {"type": member} for index in range(width)}
        files["level%d.yaml" % level] = yaml.safe_dump(hot(resources))
    return files


def test_a_group_of_a_billion_fails_with_upstreams_message_without_building_it(engine, context):
    identity, stack = create(engine, context, hot({"g": group(1_000_000_000)}))
    assert stack["stack_status"] == "FAILED"
    assert stack["stack_status_reason"] == (
        "Resource CREATE failed: RequestLimitExceeded: resources.g: " + LIMIT_MESSAGE
    )
    resource = engine.describe_stack_resource(context, identity, "g")
    assert resource["resource_status"] == "FAILED"


def test_a_group_within_the_limit_is_created(conf, engine, context):
    set_limit(conf, engine, 4)
    _identity, stack = create(engine, context, hot({"g": group(3)}))
    assert stack["stack_status"] == "COMPLETE", stack["stack_status_reason"]


def test_growing_a_group_past_the_limit_fails_the_update(conf, engine, context):
    set_limit(conf, engine, 4)
    identity, _stack = create(engine, context, hot({"g": group(3)}))
    engine.update_stack(context, identity, hot({"g": group(4)}), {}, {}, {})
    stack = wait_for(engine, context, identity)
    assert stack["stack_status"] == "FAILED"
    assert LIMIT_MESSAGE in stack["stack_status_reason"]


def test_a_nested_template_larger_than_the_limit_is_refused_at_validation(conf, engine, context):
    set_limit(conf, engine, 2)
    template = hot({"child": {"type": "level1.yaml"}})
    with pytest.raises(exception.StackValidationFailed, match=LIMIT_MESSAGE):
        engine.create_stack(context, "web", template, {}, fan_out_files(3, 1), {})


def test_a_provider_template_fan_out_of_30_to_the_4th_fails_at_the_limit(conf, engine, context):
    set_limit(conf, engine, 40)
    template = hot({"r%d" % index: {"type": "level1.yaml"} for index in range(30)})
    identity = engine.create_stack(context, "web", template, {}, fan_out_files(30, 3), {})
    stack = wait_for(engine, context, identity, timeout=60.0)
    assert stack["stack_status"] == "FAILED"
    assert LIMIT_MESSAGE in stack["stack_status_reason"]


def test_validation_stops_descending_once_the_limit_is_spent(conf, engine, context):
    # The unknown type two levels down is past the 40 resources validation may build, so
    # it is creation, counting the stored tree, that ends the stack.
    set_limit(conf, engine, 40)
    template = hot({"top": {"type": "level1.yaml"}})
    files = fan_out_files(30, 2, bottom="No::Such::Type")
    identity = engine.create_stack(context, "web", template, {}, files, {})
    stack = wait_for(engine, context, identity)
    assert stack["stack_status"] == "FAILED"
    assert LIMIT_MESSAGE in stack["stack_status_reason"]


def test_an_autoscaling_group_of_a_billion_fails_without_building_it(engine, context):
    size = 1_000_000_000
    properties = {"min_size": size, "max_size": size, "resource": {"type": "OS::Heat::None"}}
    template = hot({"asg": {"type": "OS::Heat::AutoScalingGroup", "properties": properties}})
    _identity, stack = create(engine, context, template)
    assert stack["stack_status"] == "FAILED"
    assert LIMIT_MESSAGE in stack["stack_status_reason"]


def test_an_instance_group_of_a_billion_fails_without_building_it(engine):
    context = RequestContext(project_id=TENANT, user_id="user-a", username="alice")
    context.clients = instance_groups._FoundByAnyName()
    group_template = instance_groups.template({"Size": 1_000_000_000})
    _identity, stack = instance_groups.create(engine, context, group_template)
    assert stack["stack_status"] == "FAILED"
    assert LIMIT_MESSAGE in stack["stack_status_reason"]
