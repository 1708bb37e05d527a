"""AWS error envelopes and the mapping of engine errors to AWS error codes."""

import oslo_messaging
import pytest
from oslo_messaging._drivers import common as rpc_common

from heat.api.aws import exception as aws
from heat.common import exception


def as_remote(error):
    """``error`` as oslo.messaging rebuilds it on the API side (a ``<Name>_Remote`` class)."""
    data = rpc_common.serialize_remote_exception((type(error), error, None))
    return rpc_common.deserialize_remote_exception(data, ["heat.common.exception"])


def test_body_is_the_aws_envelope_with_detail_after_a_colon():
    error = aws.HeatAccessDeniedError(detail="not yours")
    assert error.body() == {
        "ErrorResponse": {
            "Error": {
                "Type": "Sender",
                "Code": "AccessDenied",
                "Message": "User is not authorized to perform action:not yours",
            }
        }
    }
    assert error.status == "403 Forbidden"


def test_server_errors_have_type_server():
    assert aws.HeatAPINotImplementedError().body()["ErrorResponse"]["Error"]["Type"] == "Server"
    assert aws.HeatAPINotImplementedError.code == 500


@pytest.mark.parametrize(
    "error, expected",
    [
        (exception.EntityNotFound(entity="Stack", name="x"), aws.HeatInvalidParameterValueError),
        (exception.ResourceNotFound(resource_name="r", stack_name="s"),
         aws.HeatInvalidParameterValueError),
        (exception.StackValidationFailed(message="m"), aws.HeatInvalidParameterValueError),
        (exception.UserParameterMissing(key="k"), aws.HeatInvalidParameterValueError),
        (exception.NotSupported(feature="f"), aws.HeatInvalidParameterValueError),
        (exception.Forbidden(), aws.HeatAccessDeniedError),
        (exception.StackExists(stack_name="s"), aws.AlreadyExistsError),
        (exception.ActionInProgress(stack_name="s", action="UPDATE"), aws.HeatInvalidActionError),
        (exception.RequestLimitExceeded(message="m"), aws.HeatRequestLimitExceeded),
        (exception.EngineUnavailable(), aws.HeatServiceUnavailableError),
        (oslo_messaging.MessagingTimeout(), aws.HeatServiceUnavailableError),
        (ValueError("v"), aws.HeatInvalidParameterValueError),
        (exception.InvalidEncryptionKey(), aws.HeatInternalFailureError),
        (RuntimeError("r"), aws.HeatInternalFailureError),
    ],
)  # fmt: skip
def test_engine_errors_map_to_aws_codes(error, expected):
    assert type(aws.map_remote_error(error)) is expected


def test_remote_classes_map_by_name_without_suffix():
    remote = as_remote(exception.StackExists(stack_name="web"))
    assert type(remote).__name__ == "StackExists_Remote"
    mapped = aws.map_remote_error(remote)
    assert isinstance(mapped, aws.AlreadyExistsError)
    assert mapped.detail == "The Stack (web) already exists."


def test_remote_error_of_an_unlisted_module_maps_by_its_type_name():
    error = oslo_messaging.RemoteError(exc_type="ValueError", value="bad")
    assert isinstance(aws.map_remote_error(error), aws.HeatInvalidParameterValueError)


def test_only_heat_errors_show_their_message():
    assert aws.map_remote_error(RuntimeError("secret path /etc")).detail is None
    assert aws.map_remote_error(exception.Forbidden()).detail == (
        "You are not authorized to use this action."
    )


def test_aws_errors_map_to_themselves():
    error = aws.HeatMissingParameterError()
    assert aws.map_remote_error(error) is error
