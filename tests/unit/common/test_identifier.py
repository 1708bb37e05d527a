"""Stack, resource and event identities and their ARN and URL forms."""

import pytest

from heat.common import exception, identifier

ARN = "arn:openstack:heat::7a1f:stacks/web/5b1c"


def test_arn_round_trip():
    identity = identifier.HeatIdentifier("7a1f", "web", "5b1c")
    assert identity.arn() == ARN
    assert identifier.HeatIdentifier.from_arn(ARN) == identity


def test_url_path_quotes_the_parts():
    identity = identifier.HeatIdentifier("t/1", "web", "5b1c", "/resources/a b")
    assert identity.url_path() == "t%2F1/stacks/web/5b1c/resources/a%20b"


def test_identity_is_a_mapping_of_four_fields():
    identity = identifier.HeatIdentifier("t", "web", "5b1c")
    assert dict(identity) == {"tenant": "t", "stack_name": "web", "stack_id": "5b1c", "path": ""}


def test_stack_name_with_slash_is_refused():
    with pytest.raises(ValueError):
        identifier.HeatIdentifier("t", "a/b", "5b1c")


def test_resource_identity_names_its_resource():
    resource = identifier.ResourceIdentifier("t", "web", "5b1c", "", "server")
    assert resource.path == "/resources/server"
    assert resource.resource_name == "server"
    assert resource.stack() == identifier.HeatIdentifier("t", "web", "5b1c")


def test_event_identity_names_its_event():
    event = identifier.EventIdentifier("t", "web", "5b1c", "/resources/server", "8db2")
    assert event.path == "/resources/server/events/8db2"
    assert event.event_id == "8db2"


def test_arn_in_a_signal_url_is_found():
    url = "http://h:8000/v1/signal/arn%3Aopenstack%3Aheat%3A%3A7a1f%3Astacks%2Fweb%2F5b1c"
    assert identifier.HeatIdentifier.from_arn_url(url).stack_id == "5b1c"


def test_not_an_arn_is_none_and_a_bad_arn_is_invalid():
    assert identifier.parse_stack_arn_or_none("web") is None
    with pytest.raises(exception.Invalid):
        identifier.parse_stack_arn_or_none("arn:openstack:heat::t:stacks/web")
