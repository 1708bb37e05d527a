"""The engine's periodic evaluation of watch rules.

Every engine runs :func:`evaluate_due_rules` every ``periodic_interval``. A rule is due
once a ``Period`` has passed since it was last evaluated; an engine evaluates it only
after claiming it in the database (a compare-and-swap of ``last_evaluated``), so with
several engines each due rule is evaluated exactly once, and no stack lock is taken
(stack actions and evaluation never wait for each other). On a change of state the
actions of the new state fire; while a rule stays in ALARM its alarm actions fire again
each period, as 2014 Heat did and as AWS does for scaling actions.
"""

import datetime
from typing import Any

from oslo_log import log as logging

from heat.common import exception
from heat.db import api as db_api
from heat.engine.runtime import EngineRuntime
from heat.engine.watch import actions, rules, states, statistics, transitions
from heat.engine.watch.definition import RuleDefinition

LOG = logging.getLogger(__name__)


def is_due(rule: rules.Rule, definition: RuleDefinition, now: datetime.datetime) -> bool:
    """Whether a period has passed since the rule was last evaluated."""
    last = rule["last_evaluated"]
    return last is None or now >= last + definition.period


def evaluate_due_rules(
    runtime: EngineRuntime, context: Any, now: datetime.datetime | None = None
) -> int:
    """Evaluate every due rule this engine manages to claim; how many it evaluated.
    ``context`` is an admin context."""
    now = now or rules.now()
    evaluated = 0
    for rule in db_api.watch_rule_get_all_active(context, states.INACTIVE):
        try:
            definition = RuleDefinition.from_rule(rule["rule"] or {})
        except exception.Invalid as error:
            LOG.warning("Watch rule %s cannot be evaluated: %s", rule["name"], error)
            continue
        if not is_due(rule, definition, now):
            continue
        if not db_api.watch_rule_claim(context, rule["id"], rule["last_evaluated"], now):
            continue
        try:
            evaluate_rule(runtime, context, rule, definition, now)
            evaluated += 1
        except Exception:  # noqa: BLE001 - one broken rule must not stop the others
            LOG.exception("Evaluating watch rule %s failed", rule["name"])
    return evaluated


def evaluate_rule(
    runtime: EngineRuntime,
    context: Any,
    rule: rules.Rule,
    definition: RuleDefinition,
    now: datetime.datetime,
) -> str:
    """Evaluate one rule over its samples, record the outcome and fire its actions; the
    state it evaluated to."""
    since = now - definition.period * definition.evaluation_periods
    rows = db_api.watch_data_get_all_by_watch_rule_id(context, rule["id"], since)
    samples: list[statistics.Sample] = []
    for row in rows:
        value = definition.sample_value(row["data"] or {})
        if value is not None:
            samples.append((row["created_at"], value))
    verdict = statistics.evaluate(definition, samples, now)
    changed = transitions.change_state(
        context, rule, states.EVALUATE, verdict.state, verdict.reason, verdict.data
    )
    if changed is not None:
        actions.fire(runtime, context, changed, verdict.state)
    elif verdict.state == states.ALARM == states.current(rule["state"]):
        actions.fire(runtime, context, rule, states.ALARM)
    return verdict.state
