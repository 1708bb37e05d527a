"""The rules of the Zaqar types that need no Zaqar: the subscribers a subscription takes,
the queue names ``zaqar.queue`` accepts, and a signed URL's query as upstream builds it.
(Against the lab's Zaqar: tests/functional/lab/zaqar.)"""

import json
from urllib import parse

import pytest

from heat.common import exception
from heat.engine.clients.os.zaqar import ZaqarClientPlugin
from tests.unit.engine.resources.openstack.conftest import offline_resource


@pytest.mark.parametrize("subscriber", ["http://x", "https://x", "mailto:a@b", "trust+http://x"])
def test_a_subscription_takes_the_subscribers_zaqar_notifies(service_engine, subscriber):
    offline_resource(
        service_engine, "OS::Zaqar::Subscription", queue_name="q", subscriber=subscriber
    ).validate()


def test_a_subscriber_of_another_type_is_refused_with_upstreams_message(service_engine):
    subscription = offline_resource(
        service_engine, "OS::Zaqar::Subscription", queue_name="q", subscriber="ftp://x"
    )
    with pytest.raises(exception.StackValidationFailed) as raised:
        subscription.validate()
    assert str(raised.value).endswith(
        "The subscriber type of must be one of: http, https, mailto, trust+http, trust+https."
    )


@pytest.mark.parametrize(
    ("name", "error"),
    [("", "Queue name length must be 1-64"), ("q" * 65, "Queue name length must be 1-64")],
)
def test_a_queue_name_zaqar_refuses_is_refused(name, error):
    plugin = ZaqarClientPlugin.__new__(ZaqarClientPlugin)
    with pytest.raises(ValueError, match=error):
        plugin.get_queue(name)
    assert plugin.get_queue("q" * 64) == "q" * 64


def test_a_signed_url_query_names_everything_its_holder_needs(service_engine):
    signed = offline_resource(service_engine, "OS::Zaqar::SignedQueueURL", queue="work")
    data = {
        "signature": "abc",
        "expires": "2030-01-01T00:00:00",
        "paths": json.dumps(["/v2/queues/work/messages"]),
        "methods": json.dumps(["GET", "POST"]),
        "project": "p1",
    }
    assert parse.parse_qs(signed._query_str(data)) == {
        "signature": ["abc"],
        "expires": ["2030-01-01T00:00:00"],
        "paths": ["/v2/queues/work/messages"],
        "methods": ["GET,POST"],
        "project_id": ["p1"],
        "queue_name": ["work"],
    }
