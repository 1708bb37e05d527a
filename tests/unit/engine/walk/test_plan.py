"""Plans: the order of steps of create, delete and update, replacement order included."""

from heat.engine.graph.dependencies import Dependencies
from heat.engine.walk import plan
from heat.engine.walk.plan import CLEANUP, CREATE, DELETE, UPDATE, Step


def order(steps):
    return [str(step) for step in steps.topological_order()]


def test_creation_follows_the_dependencies():
    resources = Dependencies([("server", "port"), ("port", "net")])
    assert order(plan.creation(resources)) == ["create net", "create port", "create server"]


def test_deletion_goes_backwards():
    resources = Dependencies([("server", "port"), ("port", "net")])
    assert order(plan.deletion(resources)) == ["delete server", "delete port", "delete net"]


def test_forward_and_backward_name_their_phase():
    resources = Dependencies([("b", "a")])
    assert plan.forward(resources, "check").requires(Step("check", "b")) == {Step("check", "a")}
    assert plan.backward(resources, "suspend").requires(Step("suspend", "a")) == {
        Step("suspend", "b")
    }


def test_an_old_copy_is_cleaned_up_after_its_dependants_moved():
    """``b`` needs ``a`` before and after: the clean-up of ``a`` (its old copy, if replaced)
    waits for ``b``'s update, and for ``b``'s clean-up."""
    existing = Dependencies([("b", "a")])
    new = Dependencies([("b", "a")])
    steps = plan.update(existing, new)
    assert steps.requires(Step(CLEANUP, "a")) == {
        Step(UPDATE, "a"),
        Step(UPDATE, "b"),
        Step(CLEANUP, "b"),
    }
    assert steps.requires(Step(CLEANUP, "b")) == {Step(UPDATE, "b")}
    assert order(steps).index("update b") < order(steps).index("cleanup a")


def test_an_old_copy_waits_for_what_needs_it_only_now():
    existing = Dependencies([("a", None), ("b", None)])
    new = Dependencies([("b", "a")])
    steps = plan.update(existing, new)
    assert steps.requires(Step(CLEANUP, "a")) == {Step(UPDATE, "a"), Step(UPDATE, "b")}


def test_a_dropped_resource_is_cleaned_up_after_what_needed_it_moved_on():
    existing = Dependencies([("server", "old_port")])
    new = Dependencies([("server", "new_port")])
    steps = plan.update(existing, new)
    assert steps.requires(Step(CLEANUP, "old_port")) == {Step(CLEANUP, "server")}
    assert steps.requires(Step(CLEANUP, "server")) == {Step(UPDATE, "server")}
    assert plan.names(steps, UPDATE) == ["server", "new_port"]
    assert plan.names(steps, CLEANUP) == ["server", "old_port"]


def test_plans_of_phases_do_not_mix():
    resources = Dependencies([("a", None)])
    assert list(plan.creation(resources)) == [Step(CREATE, "a")]
    assert list(plan.deletion(resources)) == [Step(DELETE, "a")]
