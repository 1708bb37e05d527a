"""Heat's errors cross RPC: oslo.messaging rebuilds them from their keyword fields."""

import sys

import pytest
from oslo_messaging._drivers import common as rpc_common

from heat.common import exception


def round_trip(error):
    try:
        raise error
    except exception.HeatException:
        data = rpc_common.serialize_remote_exception(sys.exc_info())
    return rpc_common.deserialize_remote_exception(data, ["heat.common.exception"])


@pytest.mark.parametrize(
    "error",
    [
        exception.StackValidationFailed(message="The Resource Type (OS::X) could not be found."),
        exception.NotFound(message="Software config with id 7 not found"),
        exception.InvalidTemplateVersion(message="Template format version not found."),
        exception.EntityNotFound(entity="Stack", name="web"),
        exception.ActionInProgress(stack_name="web", action="CREATE"),
        exception.ResourceFailure(ValueError("boom"), "r", "CREATE"),
        exception.Forbidden(),
    ],
    ids=lambda error: type(error).__name__,
)
def test_the_rebuilt_error_keeps_its_class_and_message(error):
    rebuilt = round_trip(error)
    assert isinstance(rebuilt, type(error))
    assert type(rebuilt).__name__ == type(error).__name__ + "_Remote"
    assert rebuilt.message == error.message


def test_a_rebuilt_validation_error_doubles_its_separators_as_heats_api_shows():
    error = exception.StackValidationFailed(
        error="Property error", path=["resources", "r", "properties", "value"], message="bad"
    )
    assert error.message == "Property error: resources.r.properties.value: bad"
    rebuilt = round_trip(error)
    assert rebuilt.message == "Property error: : resources.r.properties.value: : bad"


def test_a_validation_path_writes_list_indices_in_brackets():
    error = exception.StackValidationFailed(path=["resources", "r", "properties", "n", 0, "1"])
    assert error.message == "resources.r.properties.n[0][1]: "
