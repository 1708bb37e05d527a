"""Writes that threads ask for one at a time, made many to a transaction."""

import threading
import time

import pytest

from heat.engine.group_commit import GroupCommit


class Writes:
    """A write that records its batches, the first held until ``release``."""

    def __init__(self, fail_with: Exception | None = None):
        self.batches: list[list[str]] = []
        self.started = threading.Event()
        self.release = threading.Event()
        self.fail_with = fail_with

    def __call__(self, items):
        self.batches.append(list(items))
        self.started.set()
        self.release.wait(5)
        if self.fail_with is not None and len(self.batches) > 1:
            raise self.fail_with
        return [item.upper() for item in items]


def submitted(group, items):
    """Submit each item in a thread of its own; their results (or errors), by item."""
    outcomes: dict[str, object] = {}

    def ask(item):
        try:
            outcomes[item] = group.submit(item)
        except Exception as error:  # noqa: BLE001 - the test looks at it
            outcomes[item] = error

    threads = [threading.Thread(target=ask, args=(item,)) for item in items]
    for thread in threads:
        thread.start()
    return threads, outcomes


def queued(group, count):
    deadline = time.monotonic() + 5
    while len(group._queue) < count and time.monotonic() < deadline:
        time.sleep(0.01)
    assert len(group._queue) == count


def test_items_asked_for_during_a_write_share_the_next():
    writes = Writes()
    group = GroupCommit(writes)
    first, outcomes = submitted(group, ["a"])
    assert writes.started.wait(5)
    others, later = submitted(group, ["b", "c", "d"])
    queued(group, 3)
    writes.release.set()
    for thread in first + others:
        thread.join(5)
    assert writes.batches[0] == ["a"]
    assert sorted(writes.batches[1]) == ["b", "c", "d"]
    assert len(writes.batches) == 2
    assert {**outcomes, **later} == {"a": "A", "b": "B", "c": "C", "d": "D"}


def test_a_failed_write_fails_every_item_it_took():
    broken = RuntimeError("the database went away")
    writes = Writes(fail_with=broken)
    group = GroupCommit(writes)
    first, _ = submitted(group, ["a"])
    assert writes.started.wait(5)
    others, outcomes = submitted(group, ["b", "c"])
    queued(group, 2)
    writes.release.set()
    for thread in first + others:
        thread.join(5)
    assert outcomes == {"b": broken, "c": broken}


def test_an_item_alone_is_written_at_once():
    writes = Writes()
    writes.release.set()
    assert GroupCommit(writes).submit("a") == "A"
    assert writes.batches == [["a"]]


def test_a_write_must_answer_each_item():
    group = GroupCommit(lambda items: [])
    with pytest.raises(ValueError, match="zip"):
        group.submit("a")
