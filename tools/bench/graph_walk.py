"""How long the graph and the walker take on big graphs: they must stay linear.

Usage: .venv/bin/python tools/bench/graph_walk.py
Prints, for each case, the median seconds of a few runs and its target; the unit tests
check what these do, this checks how fast (timed unit tests would fail on a busy machine).
"""

import pathlib
import statistics
import sys
import time

sys.path.insert(0, str(pathlib.Path(__file__).resolve().parents[2]))

from heat.common import exception  # noqa: E402
from heat.engine import scheduler  # noqa: E402
from heat.engine.graph.dependencies import Dependencies  # noqa: E402
from heat.engine.graph.walker import DependencyTaskGroup  # noqa: E402


def chain(count):
    return Dependencies((index + 1, index) for index in range(count - 1))


def order_a_long_chain():
    dependencies = chain(10000)
    dependencies.check_acyclic()
    dependencies.topological_order()


def name_a_long_cycle():
    dependencies = chain(5000)
    dependencies.add_requirement(0, 4999)
    try:
        dependencies.check_acyclic()
    except exception.CircularDependencyException:
        return
    raise AssertionError("the cycle was not found")


def walk_a_chain_of_tasks_done_at_once():
    dependencies = Dependencies((index + 1, index) for index in range(1000))
    scheduler.TaskRunner(DependencyTaskGroup(dependencies, lambda key: None)).start()


def walk_many_waiting_tasks():
    def wait_once(key):
        yield

    dependencies = Dependencies((index, None) for index in range(1000))
    scheduler.TaskRunner(DependencyTaskGroup(dependencies, wait_once))(wait_time=0)


CASES = [
    (order_a_long_chain, 0.5),
    (name_a_long_cycle, 0.5),
    (walk_a_chain_of_tasks_done_at_once, 0.5),
    (walk_many_waiting_tasks, 1.0),
]


def main():
    for case, target in CASES:
        times = []
        for _ in range(5):
            started = time.perf_counter()
            case()
            times.append(time.perf_counter() - started)
        median = statistics.median(times)
        verdict = "ok" if median < target else "SLOWER THAN TARGET"
        print("%-40s %8.3f s  (target %.1f s) %s" % (case.__name__, median, target, verdict))


if __name__ == "__main__":
    main()
