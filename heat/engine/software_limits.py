"""``max_software_configs_per_tenant`` and ``max_software_deployments_per_tenant``: what a
project may store, whether through the API or through resources, as upstream limits it."""

from collections.abc import Callable
from typing import Any

from heat.common import exception
from heat.common.i18n import _
from heat.db import api as db_api

_CONFIGS_LIMIT = _(
    "You have reached the maximum software configs per tenant, %d. Please delete some configs."
)
_DEPLOYMENTS_LIMIT = _(
    "You have reached the maximum software deployments per tenant, %d. "
    "Please delete some deployments."
)


def _check(context: Any, limit: int, count: Callable[[Any], int], message: str) -> None:
    # As for stacks: admins are exempt and a negative limit means none.
    if context.is_admin or limit < 0:
        return
    if count(context) >= limit:
        # Given whole: HeatException takes a ``message`` keyword as the entire message.
        reason = {"message": message % limit}
        raise exception.RequestLimitExceeded(exception.RequestLimitExceeded.msg_fmt % reason)


def check_configs(context: Any, conf: Any) -> None:
    """RequestLimitExceeded when the project has ``max_software_configs_per_tenant``."""
    if conf is not None:
        limit = conf.max_software_configs_per_tenant
        _check(context, limit, db_api.software_config_count_all, _CONFIGS_LIMIT)


def check_deployments(context: Any, conf: Any) -> None:
    """RequestLimitExceeded when the project has ``max_software_deployments_per_tenant``."""
    if conf is not None:
        limit = conf.max_software_deployments_per_tenant
        _check(context, limit, db_api.software_deployment_count_all, _DEPLOYMENTS_LIMIT)
