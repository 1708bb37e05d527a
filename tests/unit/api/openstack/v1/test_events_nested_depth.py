"""GET .../events with a nested_depth no stack tree has answers at once."""

from tests.unit.api.conftest import TENANT, call
from tests.unit.api.openstack.v1.test_with_real_engine import store_stack

HUGE_DEPTH = 2**63 - 1


def test_events_with_the_largest_nested_depth_answer_200(real_app):
    stack_id = store_stack("web")
    path = "/v1/%s/stacks/web/%s/events?nested_depth=%d" % (TENANT, stack_id, HUGE_DEPTH)
    response = call(real_app, "GET", path)
    assert response.status_int == 200, response.body
    assert response.json == {"events": []}


def test_a_negative_nested_depth_is_a_bad_request(real_app):
    stack_id = store_stack("web")
    path = "/v1/%s/stacks/web/%s/events?nested_depth=-1" % (TENANT, stack_id)
    response = call(real_app, "GET", path)
    assert response.status_int == 400
    assert response.json["error"]["type"] == "HTTPBadRequest"
