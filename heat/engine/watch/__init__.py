"""Watch rules: the engine's CloudWatch-style alarms.

A rule watches the metric samples posted for it (CloudWatch PutMetricData), evaluates a
statistic over its periods on the engine's periodic task, and on a change of state
signals the resources its actions name. The modules: :mod:`.states` (the state table),
:mod:`.definition` (what a rule watches), :mod:`.statistics` (evaluation, pure),
:mod:`.rules` (storage, and the shape the RPC API returns), :mod:`.transitions` (every
state write), :mod:`.history`, :mod:`.actions` (signalling), :mod:`.evaluator` (the
periodic task), and the RPC calls in :mod:`.alarms` and :mod:`.metrics`.
"""
