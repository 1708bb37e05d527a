"""Dependencies: building the graph, queries, derived graphs, ordering and cycles."""

import networkx
import pytest

from heat.common import exception
from heat.engine.graph.dependencies import Dependencies


def chain(length):
    return Dependencies((index + 1, index) for index in range(length - 1))


def test_pairs_add_requirements_and_lone_keys():
    dependencies = Dependencies([("b", "a"), ("c", None)])
    assert list(dependencies) == ["b", "a", "c"]
    assert sorted(dependencies.graph.edges) == [("b", "a")]


def test_requires_and_required_by_are_direct_only():
    dependencies = Dependencies([("c", "b"), ("b", "a"), ("d", "b")])
    assert dependencies.requires("b") == {"a"}
    assert dependencies.required_by("b") == {"c", "d"}
    assert dependencies.requires("a") == set()


def test_unknown_key_is_a_key_error():
    with pytest.raises(KeyError):
        Dependencies().requires("ghost")


def test_membership_and_size():
    dependencies = Dependencies()
    dependencies.add_node("a")
    dependencies.add_requirement("b", "a")
    assert ("a" in dependencies, "z" in dependencies, len(dependencies)) == (True, False, 2)


def test_reversed_turns_requirements_around_and_leaves_the_original():
    dependencies = Dependencies([("b", "a")])
    backwards = dependencies.reversed()
    assert backwards.requires("a") == {"b"}
    assert dependencies.requires("b") == {"a"}


def test_subgraph_keeps_order_and_inner_requirements():
    dependencies = Dependencies([("c", "b"), ("b", "a"), ("d", None)])
    part = dependencies.subgraph({"d", "c", "b", "ghost"})
    assert list(part) == ["c", "b", "d"]
    assert sorted(part.graph.edges) == [("c", "b")]


def test_from_graph_copies_the_graph():
    graph = networkx.DiGraph([("b", "a")])
    dependencies = Dependencies.from_graph(graph)
    graph.add_edge("c", "b")
    assert list(dependencies) == ["b", "a"]


def test_topological_order_puts_requirements_first():
    dependencies = Dependencies([("web", "db"), ("db", "net"), ("web", "net")])
    assert dependencies.topological_order() == ["net", "db", "web"]


def test_topological_order_breaks_ties_by_insertion():
    dependencies = Dependencies([("z", None), ("y", "x"), ("a", None)])
    assert dependencies.topological_order() == ["z", "x", "y", "a"]


def test_acyclic_graph_passes_the_check():
    Dependencies([("b", "a"), ("c", "a")]).check_acyclic()


def test_cycle_is_named_from_the_earliest_key():
    dependencies = Dependencies([("a", "c"), ("b", "a"), ("c", "b")])
    with pytest.raises(exception.CircularDependencyException) as error:
        dependencies.check_acyclic()
    assert str(error.value) == "Circular Dependency Found: a -> c -> b -> a"


def test_self_requirement_is_a_cycle():
    with pytest.raises(exception.CircularDependencyException, match="a -> a$"):
        Dependencies([("a", "a"), ("b", None)]).check_acyclic()


def test_cycle_away_from_the_first_key_is_named():
    dependencies = Dependencies([("x", "y"), ("y", "z"), ("z", "y")])
    with pytest.raises(exception.CircularDependencyException, match="y -> z -> y$"):
        dependencies.check_acyclic()


def test_shortest_cycle_through_the_first_key_is_named():
    edges = [("a", "b"), ("b", "c"), ("c", "d"), ("d", "a"), ("b", "a")]
    with pytest.raises(exception.CircularDependencyException, match="a -> b -> a$"):
        Dependencies(edges).check_acyclic()


def test_topological_order_of_a_cycle_names_it():
    with pytest.raises(exception.CircularDependencyException, match="a -> b -> a"):
        Dependencies([("a", "b"), ("b", "a"), ("c", None)]).topological_order()


def test_long_chain_is_checked_and_ordered():
    """How fast: tools/bench/graph_walk.py."""
    dependencies = chain(10000)
    dependencies.check_acyclic()
    order = dependencies.topological_order()
    assert order[:3] == [0, 1, 2]
    assert len(order) == 10000


def test_long_cycle_is_named():
    """How fast: tools/bench/graph_walk.py."""
    dependencies = chain(5000)
    dependencies.add_requirement(0, 4999)
    with pytest.raises(exception.CircularDependencyException, match="^.*0 -> 4999 -> "):
        dependencies.check_acyclic()
