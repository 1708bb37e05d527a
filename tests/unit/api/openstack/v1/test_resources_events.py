"""Resource and event calls: shaping of engine answers and their query and body rules."""

from tests.unit.api.conftest import TENANT, call

STACK = "/v1/%s/stacks/web/5b1c" % TENANT
URL = "http://localhost" + STACK
IDENTITY = {"tenant": TENANT, "stack_name": "web", "stack_id": "5b1c", "path": ""}


def engine_resource(**values):
    resource = {
        "resource_identity": dict(IDENTITY, path="/resources/server"),
        "stack_identity": IDENTITY,
        "stack_name": "web",
        "resource_name": "server",
        "physical_resource_id": "0b7c",
        "resource_type": "OS::Nova::Server",
        "resource_action": "CREATE",
        "resource_status": "COMPLETE",
        "resource_status_reason": "state changed",
        "creation_time": "2025-01-02T03:04:05Z",
        "updated_time": "2025-01-02T03:04:05Z",
        "required_by": [],
        "description": "",
        "attributes": {"first_address": "10.0.0.5"},
        "metadata": {"secret": "x"},
    }
    resource.update(values)
    return resource


def engine_event(**values):
    event = {
        "event_identity": dict(IDENTITY, path="/resources/server/events/8db2"),
        "stack_identity": IDENTITY,
        "stack_name": "web",
        "event_time": "2025-01-02T03:04:05Z",
        "resource_name": "server",
        "physical_resource_id": "",
        "resource_action": "CREATE",
        "resource_status": "IN_PROGRESS",
        "resource_status_reason": "state changed",
        "resource_type": "OS::Nova::Server",
        "resource_properties": {"flavor": "m1.small"},
    }
    event.update(values)
    return event


def test_resource_show_shapes_the_resource(app, engine):
    nested = dict(IDENTITY, stack_name="web-server", stack_id="77aa")
    engine.answers["describe_stack_resource"] = engine_resource(nested_stack_id=nested)
    resource = call(app, "GET", STACK + "/resources/server").json["resource"]
    assert resource["logical_resource_id"] == "server"
    assert resource["resource_status"] == "CREATE_COMPLETE"
    assert "metadata" not in resource and "resource_action" not in resource
    assert resource["links"] == [
        {"href": URL + "/resources/server", "rel": "self"},
        {"href": URL, "rel": "stack"},
        {"href": "http://localhost/v1/%s/stacks/web-server/77aa" % TENANT, "rel": "nested"},
    ]


def test_resource_list_without_detail_omits_description_and_attributes(app, engine):
    engine.answers["list_stack_resources"] = [engine_resource()]
    resource = call(app, "GET", STACK + "/resources").json["resources"][0]
    assert "attributes" not in resource and "description" not in resource


def test_resource_list_refuses_unknown_filters(app, engine):
    response = call(app, "GET", STACK + "/resources?colour=red")
    assert response.status_int == 400
    assert "colour" in response.json["error"]["message"]


def test_resource_metadata(app, engine):
    engine.answers["describe_stack_resource"] = engine_resource()
    assert call(app, "GET", STACK + "/resources/server/metadata").json == {
        "metadata": {"secret": "x"}
    }


def test_signal_sends_the_body_as_details(app, engine):
    response = call(app, "POST", STACK + "/resources/server/signal", {"status": "SUCCESS"})
    assert response.body == b"null"
    _, arguments = engine.last_call("resource_signal")
    assert arguments["details"] == {"status": "SUCCESS"}


def test_mark_unhealthy_refuses_other_keys(app, engine):
    response = call(app, "PATCH", STACK + "/resources/server", {"mark_unhealthy": True, "x": 1})
    assert response.status_int == 400


def test_mark_unhealthy_needs_a_boolean(app, engine):
    response = call(app, "PATCH", STACK + "/resources/server", {"mark_unhealthy": "maybe"})
    assert response.status_int == 400


def test_event_list_items_are_summaries(app, engine):
    engine.answers["list_events"] = [engine_event()]
    event = call(app, "GET", STACK + "/events").json["events"][0]
    assert event["id"] == "8db2"
    assert event["resource_status"] == "CREATE_IN_PROGRESS"
    assert "resource_properties" not in event
    assert [link["rel"] for link in event["links"]] == ["self", "resource", "stack"]
    assert event["links"][1]["href"] == URL + "/resources/server"


def test_event_show_is_detailed(app, engine):
    engine.answers["list_events"] = [engine_event()]
    event = call(app, "GET", STACK + "/resources/server/events/8db2").json["event"]
    assert event["resource_properties"] == {"flavor": "m1.small"}
    _, arguments = engine.last_call("list_events")
    assert arguments["filters"] == {"resource_name": "server", "uuid": "8db2"}


def test_resource_without_events_is_404(app, engine):
    engine.answers["list_events"] = []
    response = call(app, "GET", STACK + "/resources/server/events")
    assert response.status_int == 404
    assert response.json["error"]["message"] == "No events found for resource server"


def test_event_list_refuses_negative_limit(app, engine):
    assert call(app, "GET", STACK + "/events?limit=-1").status_int == 400
