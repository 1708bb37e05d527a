"""The graph of an update: bringing each resource to its new definition, and cleaning up.

Keys are ``(UPDATE, name)`` for every resource of the new definition and ``(CLEANUP, name)``
for every resource of the existing one. Updates follow the new dependencies; clean-ups
follow the existing ones in reverse (what was needed goes after what needed it), and a
resource's clean-up waits for its own update, so the old copy of a replaced resource is
deleted only once everything that used it has moved to the new one.
"""

from typing import Any

from heat.engine.dependencies import Dependencies

UPDATE, CLEANUP = "update", "cleanup"


def build(existing: Dependencies[Any], new: Dependencies[Any]) -> Dependencies[tuple[str, Any]]:
    """The update graph between the ``existing`` and ``new`` resource graphs."""
    graph: Dependencies[tuple[str, Any]] = Dependencies()
    for name in new:
        graph.add_node((UPDATE, name))
    for requirer, required in new.graph.edges:
        graph.add_requirement((UPDATE, requirer), (UPDATE, required))
    for name in existing:
        graph.add_node((CLEANUP, name))
    for requirer, required in existing.graph.edges:
        graph.add_requirement((CLEANUP, required), (CLEANUP, requirer))
    for name in existing:
        if name in new:
            graph.add_requirement((CLEANUP, name), (UPDATE, name))
    return graph
