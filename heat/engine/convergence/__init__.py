"""The convergence engine: a stack action as per-resource work items any engine may take.

A traversal (:mod:`.traversal`) turns a plan into a graph of resource rows, stores it on
the stack row with a new traversal id, and sends ``check_resources`` work items (over the
``engine_worker`` topic, :mod:`.worker`) for each step that waits for nothing. The engine
that takes an item locks the resource row, runs the step (:mod:`.check_resource`), and
reports to the sync points of the steps waiting for it; the last report sends their
items. A new traversal supersedes the one in progress: its items stop at their next step.
"""
