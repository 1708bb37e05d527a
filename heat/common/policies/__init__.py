"""Heat's policy rules in code, one module per API scope."""

import itertools

from heat.common.policies import base


def list_rules():
    """Every registered rule, for the enforcer and oslopolicy-sample-generator."""
    return list(itertools.chain(base.list_rules()))
