"""A directed graph of keys where an edge ``a -> b`` means "a requires b".

:class:`Dependencies` is a plain data structure on :mod:`networkx`: the keys are any
hashable values (resource names, in the engine) and the graph knows nothing of what they
stand for. It orders keys so that requirements come first and names a cycle when there is one.
"""

import heapq
from collections import deque
from collections.abc import Hashable, Iterable, Iterator
from typing import Any, Generic, TypeVar

import networkx

from heat.common import exception

KeyT = TypeVar("KeyT", bound=Hashable)


class Dependencies(Generic[KeyT]):
    """Keys and the requirements between them, in insertion order.

    Built from ``(requirer, required)`` pairs; a pair ``(key, None)`` adds a key that needs
    nothing. Every query answers in the order keys were first added.
    """

    def __init__(self, edges: Iterable[tuple[KeyT, KeyT | None]] = ()):
        self._graph = networkx.DiGraph()
        for requirer, required in edges:
            if required is None:
                self.add_node(requirer)
            else:
                self.add_requirement(requirer, required)

    @classmethod
    def from_graph(cls, graph: networkx.DiGraph) -> "Dependencies[Any]":
        """A copy of ``graph`` (edge ``a -> b`` when ``a`` requires ``b``) as Dependencies."""
        dependencies: Dependencies[Any] = cls()
        dependencies._graph = networkx.DiGraph(graph)
        return dependencies

    def _with_graph(self, graph: networkx.DiGraph) -> "Dependencies[KeyT]":
        dependencies: Dependencies[KeyT] = Dependencies()
        dependencies._graph = graph
        return dependencies

    @property
    def graph(self) -> networkx.DiGraph:
        """The underlying graph, for reading only: changes go through this class."""
        return self._graph

    def add_node(self, key: KeyT) -> None:
        """Add ``key`` (no-op when present)."""
        self._graph.add_node(key)

    def add_requirement(self, requirer: KeyT, required: KeyT) -> None:
        """Record that ``requirer`` needs ``required``, adding either key when missing."""
        self._graph.add_edge(requirer, required)

    def requires(self, key: KeyT) -> set[KeyT]:
        """The keys ``key`` needs directly; KeyError for an unknown key."""
        self._check_known(key)
        return set(self._graph.successors(key))

    def required_by(self, key: KeyT) -> set[KeyT]:
        """The keys that need ``key`` directly; KeyError for an unknown key."""
        self._check_known(key)
        return set(self._graph.predecessors(key))

    def _check_known(self, key: KeyT) -> None:
        if key not in self._graph:
            raise KeyError(key)

    def __contains__(self, key: object) -> bool:
        return key in self._graph

    def __iter__(self) -> Iterator[KeyT]:
        return iter(self._graph)

    def __len__(self) -> int:
        return len(self._graph)

    def __repr__(self) -> str:
        edges = ", ".join("%r -> %r" % edge for edge in self._graph.edges)
        return "Dependencies(%s)" % edges

    def reversed(self) -> "Dependencies[KeyT]":
        """The same keys with every requirement turned around (the order to delete in)."""
        return self._with_graph(self._graph.reverse(copy=True))

    def subgraph(self, keys: Iterable[KeyT]) -> "Dependencies[KeyT]":
        """The given keys (those present) and the requirements among them."""
        wanted = set(keys)
        graph = networkx.DiGraph()
        graph.add_nodes_from(key for key in self._graph if key in wanted)
        graph.add_edges_from(
            (requirer, required)
            for requirer, required in self._graph.edges
            if requirer in wanted and required in wanted
        )
        return self._with_graph(graph)

    def topological_order(self) -> list[KeyT]:
        """Every key after all it requires; among keys free at once, the earliest added first.

        CircularDependencyException when the keys cannot be ordered.
        """
        keys = list(self._graph)
        position = {key: index for index, key in enumerate(keys)}
        waiting = {key: self._graph.out_degree(key) for key in keys}
        # Positions ascend, so the initial list already is a heap.
        free = [position[key] for key in keys if waiting[key] == 0]
        order: list[KeyT] = []
        while free:
            key = keys[heapq.heappop(free)]
            order.append(key)
            for requirer in self._graph.predecessors(key):
                waiting[requirer] -= 1
                if waiting[requirer] == 0:
                    heapq.heappush(free, position[requirer])
        if len(order) < len(keys):
            self.check_acyclic()
        return order

    def check_acyclic(self) -> None:
        """Raise CircularDependencyException naming a cycle (``a -> b -> a``) if there is one.

        The cycle named starts at the earliest-added key that lies on any cycle and is the
        shortest way back to it; the check is linear in the size of the graph.
        """
        if networkx.is_directed_acyclic_graph(self._graph):
            return
        names = [str(key) for key in self._first_cycle()]
        raise exception.CircularDependencyException(cycle=" -> ".join(names))

    def _first_cycle(self) -> list[KeyT]:
        component_of: dict[KeyT, set[KeyT]] = {}
        for component in networkx.strongly_connected_components(self._graph):
            key = next(iter(component))
            if len(component) > 1 or self._graph.has_edge(key, key):
                component_of.update(dict.fromkeys(component, component))
        start = next(key for key in self._graph if key in component_of)
        return _shortest_cycle_through(self._graph, start, component_of[start])


def _shortest_cycle_through(
    graph: networkx.DiGraph, start: KeyT, component: set[KeyT]
) -> list[KeyT]:
    """The keys of the shortest cycle from ``start`` back to it inside ``component``."""
    parent: dict[KeyT, KeyT] = {}
    queue = deque([start])
    while queue:
        key = queue.popleft()
        for required in graph.successors(key):
            if required == start:
                path = [key]
                while path[-1] != start:
                    path.append(parent[path[-1]])
                return [*reversed(path), start]
            if required in component and required not in parent:
                parent[required] = key
                queue.append(required)
    raise ValueError("%r lies on no cycle" % (start,))
