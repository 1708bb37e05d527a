"""The operator's log: stack and resource state changes at INFO, failures at WARNING with
their reason, and no line per poll while a resource waits."""

import logging

from tests.unit.engine.stacks.conftest import create, hot


def _lines(caplog, level=None):
    return [
        record.getMessage()
        for record in caplog.records
        if record.name == "heat.engine.state" and (level is None or record.levelno == level)
    ]


def test_each_stack_state_is_logged_at_info(engine, context, caplog):
    caplog.set_level(logging.INFO)
    create(engine, context, hot({"a": {"type": "Test::Thing"}}))
    lines = _lines(caplog, logging.INFO)
    assert "Stack CREATE IN_PROGRESS (web): Stack CREATE started" in lines
    assert "Stack CREATE COMPLETE (web): Stack CREATE completed successfully" in lines


def test_each_resource_state_is_logged_at_info(engine, context, caplog):
    caplog.set_level(logging.INFO)
    identity, _ = create(engine, context, hot({"a": {"type": "Test::Thing"}}))
    lines = _lines(caplog, logging.INFO)
    stack = 'Stack "web" [%s]' % identity["stack_id"]
    assert 'Thing "a" %s CREATE_IN_PROGRESS: state changed' % stack in lines
    complete = [line for line in lines if line.endswith(stack + " CREATE_COMPLETE: state changed")]
    assert len(complete) == 1 and complete[0].startswith('Thing "a" [web-a-')


def test_a_failure_is_a_warning_with_its_reason(engine, context, caplog):
    caplog.set_level(logging.INFO)
    template = hot({"a": {"type": "Test::Thing", "properties": {"fail": True}}})
    create(engine, context, template, disable_rollback=True)
    warnings = _lines(caplog, logging.WARNING)
    assert any(
        line.endswith("CREATE_FAILED: ValueError: resources.a: Thing a failed") for line in warnings
    )
    assert (
        "Stack CREATE FAILED (web): Resource CREATE failed: ValueError: resources.a: Thing a failed"
    ) in warnings


def test_a_waiting_test_resource_logs_no_line_per_poll(engine, context, caplog):
    caplog.set_level(logging.DEBUG)
    template = hot({"a": {"type": "OS::Heat::TestResource", "properties": {"wait_secs": 0.5}}})
    _, stack = create(engine, context, template)
    assert stack["stack_status"] == "COMPLETE"
    waiting = [r for r in caplog.records if r.name.endswith("test_resource")]
    assert len(waiting) <= 1, [r.getMessage() for r in waiting]
