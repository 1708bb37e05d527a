"""The graph of a traversal: one node per step, keyed by the resource row and whether the
step brings the resource to its definition (``is_update``: create or update) or removes it
(delete or clean-up). Stored on the stack row as ``current_deps`` in upstream's form:
``{"edges": [[[id, is_update], [id, is_update] or null], ...]}``.
"""

from collections.abc import Mapping
from typing import Any, NamedTuple

from heat.engine.graph.dependencies import Dependencies
from heat.engine.walk import plan


class Node(NamedTuple):
    """A step of a traversal: the resource row ``resource_id``, brought to its definition
    (``is_update``) or removed."""

    resource_id: int
    is_update: bool


Graph = Dependencies[Node]
# The phases whose steps bring a resource to its definition; the others remove it.
_BRINGING = (plan.CREATE, plan.UPDATE)


def from_plan(steps: plan.Plan, row_ids: Mapping[str, int]) -> Graph:
    """The plan's steps as nodes of the rows ``row_ids`` names (by resource name)."""
    graph: Graph = Dependencies()

    def node(step: plan.Step) -> Node:
        return Node(row_ids[step.name], step.phase in _BRINGING)

    for step in steps:
        graph.add_node(node(step))
    for requirer, required in steps.graph.edges:
        graph.add_requirement(node(requirer), node(required))
    return graph


def to_stored(graph: Graph, **details: Any) -> dict[str, Any]:
    """The graph as ``current_deps``, with the traversal's ``details`` beside the edges."""
    edges: list[Any] = [[list(a), list(b)] for a, b in graph.graph.edges]
    edges += [[list(key), None] for key in graph if not graph.graph.degree(key)]
    return {"edges": edges, **details}


def from_stored(stored: Mapping[str, Any] | None) -> Graph:
    """The graph ``current_deps`` holds."""
    edges = (stored or {}).get("edges") or []
    return Dependencies((Node(*a), Node(*b) if b is not None else None) for a, b in edges)


def starts(graph: Graph) -> list[Node]:
    """The nodes that wait for nothing."""
    return [key for key in graph if not graph.graph.out_degree(key)]


def ends(graph: Graph) -> list[Node]:
    """The nodes nothing waits for: the traversal is done when they all are."""
    return [key for key in graph if not graph.graph.in_degree(key)]


def waiting_for(graph: Graph, node: Node) -> list[Node]:
    """The nodes that wait for ``node``."""
    return list(graph.graph.predecessors(node))


def needs(graph: Graph, node: Node) -> int:
    """How many nodes ``node`` waits for."""
    return graph.graph.out_degree(node)
