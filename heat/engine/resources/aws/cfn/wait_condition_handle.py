"""``AWS::CloudFormation::WaitConditionHandle``: the URL servers complete a wait condition at.

Its reference (``Ref``) is a URL of the CloudFormation API pre-signed with the EC2 keypair
of its own stack user; ``cfn-signal`` (or curl) PUTs ``{"Status", "Reason", "UniqueId",
"Data"}`` there, all four required, and the answer is the handle's metadata.
"""

from typing import Any

from heat.engine import support
from heat.engine.resources import signal_urls
from heat.engine.resources.wait_condition import BaseWaitConditionHandle


class WaitConditionHandle(BaseWaitConditionHandle):
    """A pre-signed URL that servers signal to complete an AWS wait condition.

    The handle depends on nothing, so servers can be given its URL; the URL's keypair
    reaches this handle only.
    """

    support_status = support.SupportStatus(version="2014.1")

    METADATA_KEYS = ("Data", "Reason", "Status", "UniqueId")

    def handle_create(self) -> None:
        """Make the user, its keypair and the pre-signed URL."""
        super().handle_create()
        self.make_ec2_signed_url()

    def get_reference_id(self) -> str | None:
        """The pre-signed URL once the handle exists, else its name."""
        if self.resource_id:
            return self.ec2_signed_url(signal_urls.WAITCONDITION) or self.name
        return self.name

    def handle_signal(self, details: Any = None) -> str | None:
        """Keep the signal; an empty one changes nothing."""
        if details is None:
            return None
        return super().handle_signal(details)


def resource_mapping() -> dict[str, Any]:
    """The types this module provides."""
    return {"AWS::CloudFormation::WaitConditionHandle": WaitConditionHandle}
