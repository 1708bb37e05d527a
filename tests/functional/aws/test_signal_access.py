"""What a handle's credentials reach: that handle, and nothing else of the stack.

A pre-signed URL covers its path, so it cannot be pointed at another resource; a request
signed with the right keys of another stack user, or sent with its token, is refused by
the engine; a tampered signature by Keystone. Deleting the stack deletes the handle's
stack user and its EC2 keypair in Keystone.
"""

import datetime
import json
import uuid

import pytest
import requests

from heat.common import identifier
from heat.engine.resources import signal_urls
from tests.functional.aws import native

SIGNAL = {"Status": "SUCCESS", "Reason": "done", "UniqueId": "1", "Data": "x"}


@pytest.fixture(scope="module")
def demo_native(aws_heat, keystone):
    """demo's stacks on the native API, deleted when the module ends."""
    yield from native.demo_stacks(aws_heat, keystone)


@pytest.fixture(scope="module")
def two_handles(demo_native, keystone):
    """A stack waiting on its handle ``second``, the credentials of its handle ``first``
    (HEAT_SIGNAL) and a token of them."""
    stack = demo_native.create("two_handles.yaml")
    first = json.loads(demo_native.attribute(stack, "first", "signal"))
    second_url = demo_native.attribute(stack, "url", "value")
    return stack, first, native.stack_user_token(keystone, first), second_url


def put(url: str, body=SIGNAL) -> requests.Response:
    return requests.put(url, data=json.dumps(body), timeout=60)


def test_tampered_signature_is_refused(two_handles):
    _stack, _first, _token, url = two_handles
    signature = native.url_query(url)["Signature"]
    answer = put(url.replace(requests.utils.quote(signature, safe=""), "AAAA" + "b" * 40))
    assert answer.status_code == 403


def test_url_pointed_at_another_resource_is_refused(two_handles):
    _stack, _first, _token, url = two_handles
    answer = put(url.replace("%2Fresources%2Fsecond", "%2Fresources%2Fwait"))
    assert answer.status_code == 403


def test_token_of_one_handle_cannot_signal_another(two_handles):
    stack, first, token, _url = two_handles
    other = first["alarm_url"].replace("/resources/first/", "/resources/second/")
    assert native.signal_with_token(other, token, {}).status_code == 403
    assert native.signal_with_token(first["alarm_url"], token, {}).status_code == 200


def test_keys_of_one_stack_user_cannot_sign_for_another_handle(
    two_handles, aws_heat, demo_native, keystone
):
    """Keys of the stack user of ``first`` (made by the cloud admin) sign a request to
    ``second``: Keystone accepts the signature, the engine refuses the stack user."""
    stack, first, _token, second_url = two_handles
    access, secret = uuid.uuid4().hex, uuid.uuid4().hex
    blob = json.dumps({"access": access, "secret": secret})
    credential = {"user_id": first["user_id"], "project_id": first["project_id"], "blob": blob}
    requests.post(
        keystone.url + "/credentials",
        json={"credential": dict(credential, type="ec2")},
        headers={"X-Auth-Token": keystone.user_token(keystone.admin)},
        timeout=10,
    ).raise_for_status()
    second = identifier.ResourceIdentifier.from_arn_url(second_url)
    forged = signal_urls.presigned_url(
        aws_heat.cfn_url + "/v1/waitcondition",
        second.arn_url_path(),
        access,
        secret,
        signal_urls.WAITCONDITION,
        now=datetime.datetime.now(datetime.UTC),
    )
    answer = put(forged)
    assert answer.status_code == 403
    assert answer.json()["ErrorResponse"]["Error"]["Code"] == "AccessDenied"
    assert demo_native.show(stack)["stack_status"] == "CREATE_IN_PROGRESS"
    assert put(second_url).status_code == 200
    demo_native.wait_for(stack, "CREATE_COMPLETE")


def test_delete_removes_the_handle_user_and_its_keypair(demo_native, keystone):
    stack = demo_native.create("aws_wait.yaml")
    user_id = demo_native.created_resource(stack, "handle")["physical_resource_id"]
    assert native.keystone_admin_get(keystone, "/users/%s" % user_id).status_code == 200
    credentials = native.keystone_admin_get(keystone, "/credentials", user_id=user_id).json()[
        "credentials"
    ]
    assert [credential["type"] for credential in credentials] == ["ec2"]
    put(demo_native.attribute(stack, "url", "value"))
    demo_native.wait_for(stack, "CREATE_COMPLETE")
    demo_native.delete(stack)
    assert native.keystone_admin_get(keystone, "/users/%s" % user_id).status_code == 404
    assert (
        native.keystone_admin_get(keystone, "/credentials", user_id=user_id).json()["credentials"]
        == []
    )
