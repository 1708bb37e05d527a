"""faultwrap's status mapping and error body."""

import oslo_messaging as messaging
import webob.exc

from heat.api.middleware import fault
from heat.common import exception


def test_entity_not_found_is_404_with_its_message():
    status, body = fault.error_body(exception.EntityNotFound(entity="Stack", name="web"), False)
    assert status == 404
    assert body["title"] == "Not Found"
    assert body["error"] == {
        "type": "EntityNotFound",
        "message": "The Stack (web) could not be found.",
        "traceback": None,
    }


def test_subclass_maps_like_its_base():
    status, body = fault.error_body(exception.SnapshotNotFound(snapshot="s", stack="x"), False)
    assert status == 404
    assert body["error"]["type"] == "SnapshotNotFound"


def test_remote_class_maps_like_the_class_it_stands_for():
    remote_class = type("StackExists_Remote", (exception.StackExists,), {})
    status, body = fault.error_body(remote_class(stack_name="web"), False)
    assert status == 409
    assert body["error"]["type"] == "StackExists"


def test_unknown_error_is_500_without_message():
    status, body = fault.error_body(KeyError("secret"), False)
    assert status == 500
    assert body["error"] == {"type": "KeyError", "traceback": None}


def test_value_error_is_400_without_message():
    status, body = fault.error_body(ValueError("internal detail"), False)
    assert status == 400
    assert "message" not in body["error"]


def test_rpc_remote_error_uses_its_type_name():
    error = messaging.RemoteError("InvalidTenant", "no", "trace")
    status, body = fault.error_body(error, False)
    assert (status, body["error"]["type"]) == (403, "InvalidTenant")


def test_messaging_timeout_is_503_engine_unavailable():
    status, body = fault.error_body(messaging.MessagingTimeout("late"), False)
    assert status == 503
    assert body["error"]["message"] == "All heat engines are down."


def test_webob_error_keeps_its_status_and_detail():
    status, body = fault.error_body(webob.exc.HTTPBadRequest("bad thing"), False)
    assert status == 400
    assert body["error"]["type"] == "HTTPBadRequest"
    assert body["error"]["message"] == "bad thing"


def test_traceback_only_with_debug():
    try:
        raise exception.StackExists(stack_name="web")
    except exception.StackExists as error:
        _, body = fault.error_body(error, True)
    assert "StackExists" in body["error"]["traceback"]


def test_conflicts_are_409():
    assert fault.status_of(exception.ActionInProgress(stack_name="s", action="UPDATE")) == 409
