"""``AWS::CloudFormation::WaitCondition``: waits for ``Count`` signals to its ``Handle``.

``Handle`` is the pre-signed URL of an ``AWS::CloudFormation::WaitConditionHandle`` of the
same stack (its ``Ref``); ``Timeout`` is in seconds. It waits, fails and reports ``Data``
as ``OS::Heat::WaitCondition`` does.
"""

from typing import Any

from heat.common import identifier
from heat.common.i18n import _
from heat.engine import properties, support
from heat.engine.resources.aws.cfn.wait_condition_handle import WaitConditionHandle
from heat.engine.resources.openstack.heat import wait_condition as heat_wait_condition


class WaitCondition(heat_wait_condition.HeatWaitCondition):
    """Waits, while being created, for enough SUCCESS signals to its handle's URL.

    The handle must be an AWS wait condition handle of this very stack, named by its URL.
    """

    support_status = support.SupportStatus(version="2014.1")

    HANDLE, TIMEOUT, COUNT, DATA = "Handle", "Timeout", "Count", "Data"

    properties_schema = {
        HANDLE: properties.Schema(
            properties.Schema.STRING, heat_wait_condition.HANDLE_DESCRIPTION, required=True
        ),
        TIMEOUT: heat_wait_condition.timeout_schema(properties.Schema.INTEGER),
        COUNT: heat_wait_condition.count_schema(),
    }

    attributes_schema = {DATA: heat_wait_condition.data_schema()}

    def _check_handle_url(self) -> None:
        """ValueError unless ``Handle`` is the URL of an AWS handle of this stack."""
        handle = identifier.ResourceIdentifier.from_arn_url(self.properties[self.HANDLE])
        stack = self.stack.identifier()
        if handle.tenant != stack.tenant:
            raise ValueError(_("WaitCondition invalid Handle tenant %s") % handle.tenant)
        if handle.stack_name != stack.stack_name:
            raise ValueError(_("WaitCondition invalid Handle stack %s") % handle.stack_name)
        if handle.stack_id != stack.stack_id:
            raise ValueError(_("WaitCondition invalid Handle stack %s") % handle.stack_id)
        name = handle.resource_name
        if name not in self.stack or not isinstance(self.stack[name], WaitConditionHandle):
            raise ValueError(_("WaitCondition invalid Handle %s") % name)

    def handle_create(self) -> heat_wait_condition.Waiter:
        """Check the handle's URL, then start waiting for its signals."""
        self._check_handle_url()
        return super().handle_create()


def resource_mapping() -> dict[str, Any]:
    """The types this module provides."""
    return {"AWS::CloudFormation::WaitCondition": WaitCondition}
