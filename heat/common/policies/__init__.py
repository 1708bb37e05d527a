"""Heat's policy rules in code, one module per API scope."""

import itertools

from oslo_policy import policy

from heat.common.policies import (
    actions,
    base,
    build_info,
    change_sets,
    cloudformation,
    cloudwatch,
    events,
    resource,
    resource_types,
    service,
    software_configs,
    software_deployments,
    stacks,
)


def list_rules() -> list[policy.RuleDefault]:
    """Every registered rule, for the enforcer and oslopolicy-sample-generator."""
    return list(
        itertools.chain(
            base.list_rules(),
            actions.list_rules(),
            build_info.list_rules(),
            change_sets.list_rules(),
            cloudformation.list_rules(),
            cloudwatch.list_rules(),
            events.list_rules(),
            resource.list_rules(),
            resource_types.list_rules(),
            service.list_rules(),
            software_configs.list_rules(),
            software_deployments.list_rules(),
            stacks.list_rules(),
        )
    )
