"""A convergence step's two transactions: its claim, and its report written with the
resource's last states, each shared by the steps that ask at about the same time (on
every database backend)."""

import datetime

import pytest
from oslo_db import exception as db_exception
from oslo_utils import timeutils

from heat.db import api as db_api
from tests.unit.db import rows

TRAVERSAL = "traversal-1"


@pytest.fixture
def conf(conf, database_url):
    conf.set_override("connection", database_url, group="database")
    return conf


@pytest.fixture
def stack(user_context):
    return rows.make_stack(user_context, convergence=True, current_traversal=TRAVERSAL)


@pytest.fixture
def resources(user_context, stack):
    """Rows ``a`` and ``b``, the step of ``b`` waiting for the step of ``a``."""
    made = {
        name: db_api.resource_create(user_context, {"name": name, "stack_id": stack.id})
        for name in ("a", "b")
    }
    begin(user_context, stack, made)
    return made


def begin(context, stack, made, *more):
    """Begin the traversal with the points of ``a``, ``b`` and the stack, and ``more``."""
    points = [(str(made["a"].id), True, 0), (str(made["b"].id), True, 1), (stack.id, True, 1)]
    db_api.traversal_begin(context, stack.id, TRAVERSAL, {}, [*points, *more], "engine-1")


def claim(context, stack, resource, engine_id="engine-1", traversal_id=TRAVERSAL):
    step = db_api.Claim(stack.id, traversal_id, resource.id, True)
    [outcome] = db_api.sync_points_claim(context, [step], engine_id)
    return outcome


def write(context, entries, report):
    [reached] = db_api.journal_write(context, entries, reports=[report])
    return reached


def report(resource, waiting, engine_id="engine-1"):
    return db_api.StepReport(
        TRAVERSAL,
        str(resource.id),
        True,
        waiting,
        sender=engine_id,
        unlock=(resource.id, engine_id),
    )


def test_a_claim_locks_the_row_for_the_engine(user_context, stack, resources):
    assert claim(user_context, stack, resources["a"]) == db_api.CLAIMED
    assert db_api.resource_get(user_context, resources["a"].id).engine_id == "engine-1"


def test_a_row_another_engine_holds_is_busy(user_context, stack, resources):
    claim(user_context, stack, resources["a"])
    assert claim(user_context, stack, resources["a"], "engine-2") == db_api.CLAIM_BUSY
    assert db_api.resource_get(user_context, resources["a"].id).engine_id == "engine-1"


def test_a_claim_of_another_traversal_is_superseded(user_context, stack, resources):
    outcome = claim(user_context, stack, resources["a"], traversal_id="traversal-0")
    assert outcome == db_api.CLAIM_SUPERSEDED
    assert db_api.resource_get(user_context, resources["a"].id).engine_id is None


def test_the_report_releases_the_row_and_readies_the_step_waiting(user_context, stack, resources):
    a, b = resources["a"], resources["b"]
    claim(user_context, stack, a)
    reached = write(user_context, [], report(a, [(str(b.id), True)]))
    assert reached == [(str(b.id), True)]
    assert db_api.resource_get(user_context, a.id).engine_id is None
    # A step done is not claimed again (an item sent twice after a crash).
    assert claim(user_context, stack, a) == db_api.CLAIM_DONE
    assert write(user_context, [], report(a, [(str(b.id), True)])) is None


def test_the_report_is_written_with_the_last_states(user_context, stack, resources):
    a, b = resources["a"], resources["b"]
    claim(user_context, stack, a)
    state = db_api.JournalEntry(a.id, {"action": "CREATE", "status": "COMPLETE"}, None)
    write(user_context, [state], report(a, [(str(b.id), True)]))
    assert db_api.resource_get(user_context, a.id).status == "COMPLETE"
    assert claim(user_context, stack, b) == db_api.CLAIMED


def test_a_failed_write_keeps_its_states_and_report_out(user_context, stack, resources):
    a, b = resources["a"], resources["b"]
    claim(user_context, stack, a)
    state = db_api.JournalEntry(a.id, {"status": "COMPLETE"}, None)
    broken = db_api.JournalEntry(None, None, {"stack_id": "no-such-stack", "uuid": ""})
    with pytest.raises(Exception):  # noqa: B017, PT011 - each backend words it its own way
        write(user_context, [state, broken], report(a, [(str(b.id), True)]))
    assert db_api.resource_get(user_context, a.id).status != "COMPLETE"
    assert db_api.resource_get(user_context, a.id).engine_id == "engine-1"
    # Written again, the report counts once: b's point reaches what it needs.
    reached = write(user_context, [state], report(a, [(str(b.id), True)]))
    assert reached == [(str(b.id), True)]


def test_steps_claimed_together_each_learn_their_outcome(user_context, stack, resources):
    a, b = resources["a"], resources["b"]
    c = db_api.resource_create(user_context, {"name": "c", "stack_id": stack.id})
    begin(user_context, stack, resources, (str(c.id), True, 0))
    claim(user_context, stack, c, "engine-2")
    steps = [
        db_api.Claim(stack.id, TRAVERSAL, a.id, True),
        db_api.Claim(stack.id, TRAVERSAL, b.id, False),  # no such point: nothing to do
        db_api.Claim(stack.id, TRAVERSAL, c.id, True),
        db_api.Claim(stack.id, "traversal-0", b.id, True),
    ]
    outcomes = db_api.sync_points_claim(user_context, steps, "engine-1")
    busy, superseded = db_api.CLAIM_BUSY, db_api.CLAIM_SUPERSEDED
    assert outcomes == [db_api.CLAIMED, db_api.CLAIM_DONE, busy, superseded]
    assert [db_api.resource_get(user_context, row.id).engine_id for row in (a, b, c)] == [
        "engine-1",
        None,
        "engine-2",
    ]


def test_reports_written_together_reach_a_point_once(user_context, stack, resources):
    a, b = resources["a"], resources["b"]
    later_points = [("x", True, 0), ("z", True, 0), ("y", True, 2)]
    begin(user_context, stack, resources, ("join", True, 2), *later_points)
    claim(user_context, stack, a)
    write(user_context, [], report(a, [(str(b.id), True)]))
    claim(user_context, stack, b)
    together = [
        report(a, [("join", True)]),  # done already: counts nothing
        report(b, [("join", True)]),
    ]
    assert db_api.journal_write(user_context, [], reports=together) == [None, []]
    # The second of two reaching the point together is the one it is sent by.
    others = [
        db_api.StepReport(TRAVERSAL, "x", True, [("y", True)]),
        db_api.StepReport(TRAVERSAL, "z", True, [("y", True)], sender="engine-2"),
    ]
    assert db_api.journal_write(user_context, [], reports=others) == [[], [("y", True)]]
    later = timeutils.utcnow() + datetime.timedelta(hours=1)
    ready = db_api.sync_points_ready(user_context, stack.id, TRAVERSAL, later)
    assert ("y", True, "engine-2") in [point[:3] for point in ready]


def test_recovery_reads_the_traversals_in_progress(user_context, stack, resources):
    rows.make_stack(user_context, name="legacy", status="IN_PROGRESS")
    db_api.stack_update(user_context, stack.id, {"status": "IN_PROGRESS"})
    assert db_api.stack_traversals_in_progress(user_context) == [(stack.id, TRAVERSAL)]


def test_a_traversal_that_cannot_begin_leaves_the_one_before(user_context, stack, resources):
    a = str(resources["a"].id)
    twice = [(a, True, 0), (a, True, 0)]  # one point twice: its insert fails
    with pytest.raises(db_exception.DBDuplicateEntry):
        db_api.traversal_begin(user_context, stack.id, "traversal-2", {"x": 1}, twice)
    assert db_api.stack_get_traversal(user_context, stack.id) == TRAVERSAL
    later = timeutils.utcnow() + datetime.timedelta(hours=1)
    ready = db_api.sync_points_ready(user_context, stack.id, TRAVERSAL, later)
    assert [point[0] for point in ready] == [a]
