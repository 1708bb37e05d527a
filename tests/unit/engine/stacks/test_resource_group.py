"""OS::Heat::ResourceGroup: members, attributes, scaling, removal policies and batches."""

import time

import pytest

from heat.common import exception
from heat.engine.resources.openstack.heat import group_batches
from heat.engine.resources.openstack.heat.resource_group import ResourceGroup
from tests.unit.engine.stacks.conftest import create, hot, wait_for


def group(count=2, value="v%index%", policy=None, **properties):
    """A template with one group ``g`` of Test::Thing members."""
    snippet = {
        "type": "OS::Heat::ResourceGroup",
        "properties": {
            "count": count,
            "resource_def": {"type": "Test::Thing", "properties": {"value": value}},
            **properties,
        },
    }
    if policy:
        snippet["update_policy"] = policy
    return hot({"g": snippet}, outputs={"values": {"value": {"get_attr": ["g", "value"]}}})


def update(engine, context, identity, template):
    engine.update_stack(context, identity, template, {}, {}, {})
    return wait_for(engine, context, identity)


def output(stack, key):
    found = {item["output_key"]: item for item in stack["outputs"]}[key]
    return found["output_error"] if "output_error" in found else found["output_value"]


def nested_identity(engine, context, identity):
    return engine.describe_stack_resource(context, identity, "g")["nested_stack_id"]


def members(engine, context, identity):
    """``{name: physical id}`` of the group's members."""
    nested = nested_identity(engine, context, identity)
    found = engine.list_stack_resources(context, nested)
    return {item["resource_name"]: item["physical_resource_id"] for item in found}


def nested_events(engine, context, identity):
    """``(resource name, action, status)`` of the nested stack's events, oldest first."""
    events = engine.list_events(context, nested_identity(engine, context, identity), sort_dir="asc")
    return [(e["resource_name"], e["resource_action"], e["resource_status"]) for e in events]


def batches(events, action):
    """The member names each nested ``action`` of the stack itself touched (sorted: the
    members of one batch start in any order)."""
    found: list[list[str]] = []
    for name, event_action, status in events:
        if name.isdigit() and status == "IN_PROGRESS" and found:
            found[-1].append(name)
        elif not name.isdigit() and (event_action, status) == (action, "IN_PROGRESS"):
            found.append([])
    return [sorted(batch, key=int) for batch in found]


# -- creation and attributes ------------------------------------------------------------------


def test_count_members_are_created_with_their_index_substituted(engine, context):
    identity, stack = create(engine, context, group(3))
    assert stack["stack_status"] == "COMPLETE", stack["stack_status_reason"]
    assert sorted(members(engine, context, identity)) == ["0", "1", "2"]
    assert output(stack, "values") == ["v0", "v1", "v2"]


def test_index_var_names_the_variable_replaced(engine, context):
    identity, stack = create(engine, context, group(2, value="n-__i__", index_var="__i__"))
    assert output(stack, "values") == ["n-0", "n-1"]


def test_the_reference_id_is_the_nested_stack_id(engine, context):
    template = group(1)
    template["outputs"]["id"] = {"value": {"get_resource": "g"}}
    identity, stack = create(engine, context, template)
    assert output(stack, "id") == nested_identity(engine, context, identity)["stack_id"]


def test_refs_and_refs_map_give_the_members_reference_ids(engine, context):
    template = group(2)
    template["outputs"].update(
        refs={"value": {"get_attr": ["g", "refs"]}},
        first={"value": {"get_attr": ["g", "refs", 0]}},
        refs_map={"value": {"get_attr": ["g", "refs_map"]}},
    )
    identity, stack = create(engine, context, template)
    ids = members(engine, context, identity)
    assert output(stack, "refs") == [ids["0"], ids["1"]]
    assert output(stack, "first") == ids["0"]
    assert output(stack, "refs_map") == ids


def test_resource_index_gives_one_member_reference_or_attribute(engine, context):
    template = group(2)
    template["outputs"].update(
        ref={"value": {"get_attr": ["g", "resource.1"]}},
        value={"value": {"get_attr": ["g", "resource.1.value"]}},
    )
    identity, stack = create(engine, context, template)
    assert output(stack, "ref") == members(engine, context, identity)["1"]
    assert output(stack, "value") == "v1"


def test_a_missing_member_is_an_output_error(engine, context):
    template = group(1)
    template["outputs"]["missing"] = {"value": {"get_attr": ["g", "resource.5"]}}
    _identity, stack = create(engine, context, template)
    assert output(stack, "missing") == "Member '5' not found in group resource 'g'."


def test_member_attribute_paths_are_read_by_the_group(engine, context):
    identity, _stack = create(engine, context, group(2))
    resource = engine.runtime.load_stack(context, identity)["g"]
    assert resource.FnGetAtt("attributes", "value") == {"0": "v0", "1": "v1"}
    assert resource.FnGetAtt("resource.1", "value") == "v1"
    with pytest.raises(exception.InvalidTemplateAttribute):
        resource.FnGetAtt("attributes")


def test_all_attributes_leave_out_the_one_that_needs_a_path(engine, context):
    template = group(1)
    template["outputs"]["all"] = {"value": {"get_attr": ["g"]}}
    identity, stack = create(engine, context, template)
    everything = output(stack, "all")
    assert everything["refs"] == list(members(engine, context, identity).values())
    assert everything["removed_rsrc_list"] == []
    assert "attributes" not in everything


def test_member_attribute_paths_in_templates(engine, context):
    template = group(2)
    template["outputs"].update(
        attributes={"value": {"get_attr": ["g", "attributes", "value"]}},
        one={"value": {"get_attr": ["g", "resource.1", "value"]}},
    )
    _identity, stack = create(engine, context, template)
    assert output(stack, "attributes") == {"0": "v0", "1": "v1"}
    assert output(stack, "one") == "v1"


def test_a_group_of_none_is_valid_whatever_its_type(engine, context):
    template = group(0)
    template["resources"]["g"]["properties"]["resource_def"]["type"] = "No::Such::Type"
    _identity, stack = create(engine, context, template)
    assert stack["stack_status"] == "COMPLETE", stack["stack_status_reason"]
    assert output(stack, "values") == []


def test_an_unknown_member_type_fails_validation(engine, context):
    template = group(1)
    template["resources"]["g"]["properties"]["resource_def"]["type"] = "No::Such::Type"
    with pytest.raises(exception.StackValidationFailed, match="No::Such::Type"):
        engine.create_stack(context, "web", template, {}, {}, {})


def test_member_values_from_other_resources_are_checked_once_known(engine, context):
    template = group(2, value={"get_attr": ["source", "value"]})
    template["resources"]["source"] = {"type": "Test::Thing", "properties": {"value": "s"}}
    _identity, stack = create(engine, context, template)
    assert stack["stack_status"] == "COMPLETE", stack["stack_status_reason"]
    assert output(stack, "values") == ["s", "s"]


# -- scaling and removal policies ------------------------------------------------------------------


def test_scaling_up_updates_the_group_in_place(engine, context):
    identity, _stack = create(engine, context, group(2))
    before = members(engine, context, identity)
    stack = update(engine, context, identity, group(3))
    assert stack["stack_status"] == "COMPLETE", stack["stack_status_reason"]
    assert engine.describe_stack_resource(context, identity, "g")["resource_action"] == "UPDATE"
    after = members(engine, context, identity)
    assert sorted(after) == ["0", "1", "2"]
    assert {name: after[name] for name in before} == before


def test_scaling_down_removes_the_highest_indexes(engine, context):
    identity, _stack = create(engine, context, group(3))
    stack = update(engine, context, identity, group(1))
    assert stack["stack_status"] == "COMPLETE", stack["stack_status_reason"]
    assert sorted(members(engine, context, identity)) == ["0"]


def test_removal_policies_remove_the_named_members(engine, context):
    identity, _stack = create(engine, context, group(3))
    template = group(2, removal_policies=[{"resource_list": ["1"]}])
    template["outputs"]["removed"] = {"value": {"get_attr": ["g", "removed_rsrc_list"]}}
    stack = update(engine, context, identity, template)
    assert sorted(members(engine, context, identity)) == ["0", "2"]
    assert output(stack, "removed") == ["1"]


def test_removal_policies_accept_reference_ids(engine, context):
    identity, _stack = create(engine, context, group(3))
    reference = members(engine, context, identity)["0"]
    update(engine, context, identity, group(2, removal_policies=[{"resource_list": [reference]}]))
    assert sorted(members(engine, context, identity)) == ["1", "2"]


def test_removed_names_are_not_reused(engine, context):
    identity, _stack = create(engine, context, group(3))
    update(engine, context, identity, group(2, removal_policies=[{"resource_list": ["1"]}]))
    update(engine, context, identity, group(3))
    assert sorted(members(engine, context, identity)) == ["0", "2", "3"]


def test_update_mode_replaces_the_removed_names(engine, context):
    identity, _stack = create(engine, context, group(2, removal_policies=[{"resource_list": [0]}]))
    assert sorted(members(engine, context, identity)) == ["1", "2"]
    update(engine, context, identity, group(2, removal_policies_mode="update"))
    assert sorted(members(engine, context, identity)) == ["0", "1"]


def test_changing_member_properties_updates_the_members_in_place(engine, context):
    identity, _stack = create(engine, context, group(2))
    before = members(engine, context, identity)
    stack = update(engine, context, identity, group(2, value="new-%index%"))
    assert stack["stack_status"] == "COMPLETE", stack["stack_status_reason"]
    assert output(stack, "values") == ["new-0", "new-1"]
    assert members(engine, context, identity) == before


# -- update policies ------------------------------------------------------------------------------


def test_a_rolling_update_changes_members_in_batches_highest_first(engine, context):
    identity, _stack = create(engine, context, group(4))
    policy = {"rolling_update": {"max_batch_size": 2}}
    stack = update(engine, context, identity, group(4, "new", policy))
    assert stack["stack_status"] == "COMPLETE", stack["stack_status_reason"]
    assert output(stack, "values") == ["new"] * 4
    events = nested_events(engine, context, identity)
    assert [sorted(batch) for batch in batches(events, "UPDATE")] == [["2", "3"], ["0", "1"]]


def test_min_in_service_adds_temporary_members(engine, context):
    identity, _stack = create(engine, context, group(2))
    policy = {"rolling_update": {"max_batch_size": 1, "min_in_service": 2}}
    stack = update(engine, context, identity, group(2, "new", policy))
    assert stack["stack_status"] == "COMPLETE", stack["stack_status_reason"]
    assert sorted(members(engine, context, identity)) == ["0", "1"]
    events = nested_events(engine, context, identity)
    assert ("2", "CREATE", "COMPLETE") in events
    assert ("2", "DELETE", "COMPLETE") in events
    assert output(stack, "values") == ["new", "new"]


def test_a_rolling_update_pauses_between_batches(engine, context):
    identity, _stack = create(engine, context, group(2))
    policy = {"rolling_update": {"max_batch_size": 1, "pause_time": 0.3}}
    started = time.monotonic()
    stack = update(engine, context, identity, group(2, "new", policy))
    assert stack["stack_status"] == "COMPLETE", stack["stack_status_reason"]
    assert time.monotonic() - started >= 0.3


def test_a_count_change_alone_is_not_batched(engine, context):
    identity, _stack = create(engine, context, group(1))
    policy = {"rolling_update": {"max_batch_size": 1}}
    update(engine, context, identity, group(3, policy=policy))
    assert batches(nested_events(engine, context, identity), "UPDATE") == [["1", "2"]]


def test_batch_create_creates_members_in_batches(engine, context):
    template = group(3, policy={"batch_create": {"max_batch_size": 2}})
    identity, stack = create(engine, context, template)
    assert stack["stack_status"] == "COMPLETE", stack["stack_status_reason"]
    assert output(stack, "values") == ["v0", "v1", "v2"]
    events = nested_events(engine, context, identity)
    assert [sorted(batch) for batch in batches(events, "UPDATE")] == [["0", "1"], ["2"]]


def test_an_invalid_update_policy_fails_validation(engine, context):
    template = group(2, policy={"rolling_update": {"max_batch_size": 0}})
    with pytest.raises(exception.StackValidationFailed, match="max_batch_size"):
        engine.create_stack(context, "web", template, {}, {}, {})


def test_the_schema_matches_heat():
    assert ResourceGroup.properties_schema["count"].to_dict()["default"] == 1
    updatable = {name for name, s in ResourceGroup.properties_schema.items() if s.update_allowed}
    assert updatable == {"count", "resource_def", "removal_policies", "removal_policies_mode"}
    assert set(ResourceGroup.attributes_schema) == {
        "refs",
        "refs_map",
        "attributes",
        "removed_rsrc_list",
    }
    assert set(ResourceGroup.update_policy_schema) == {"rolling_update", "batch_create"}


def test_a_batch_plan_updates_max_batch_size_members_at_a_time():
    assert group_batches.plan(4, 4, 2, 0) == [(4, 2), (4, 2)]
    assert group_batches.plan(3, 0, 2, 0) == [(2, 2), (3, 1)]


def test_a_batch_plan_keeps_min_in_service_members_with_temporary_ones():
    assert group_batches.plan(2, 2, 1, 2) == [(3, 1), (3, 1), (3, 1), (2, 0)]
