"""Stack state changes are notified as orchestration.stack.<action>.<phase>."""

from oslo_messaging.notify import _impl_test

from tests.unit.engine.stacks.conftest import create, hot


def test_create_sends_start_and_end(conf, engine, context):
    conf.set_override("driver", ["test"], group="oslo_messaging_notifications")
    engine.runtime.notifier = type(engine.runtime.notifier)(conf, "host-a")
    _impl_test.reset()
    identity, _ = create(engine, context, hot({"a": {"type": "Test::Thing"}}))
    sent = [
        (message["event_type"], message["payload"]["state"])
        for _context, message, _priority, _retry in _impl_test.NOTIFICATIONS
        if message["payload"].get("stack_identity") == identity["stack_id"]
    ]
    assert sent == [
        ("orchestration.stack.create.start", "CREATE_IN_PROGRESS"),
        ("orchestration.stack.create.end", "CREATE_COMPLETE"),
    ]


def test_a_failure_is_notified_as_an_error(conf, engine, context):
    conf.set_override("driver", ["test"], group="oslo_messaging_notifications")
    engine.runtime.notifier = type(engine.runtime.notifier)(conf, "host-a")
    _impl_test.reset()
    create(engine, context, hot({"a": {"type": "Test::Thing", "properties": {"fail": True}}}))
    errors = [
        (message["event_type"], priority)
        for _context, message, priority, _retry in _impl_test.NOTIFICATIONS
        if message["event_type"].endswith(".error")
    ]
    assert errors == [("orchestration.stack.create.error", "ERROR")]
