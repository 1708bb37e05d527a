"""``EngineClient``: the API side of the engine's RPC interface, one method per call.

Each method names the RPC version that introduced its current arguments, so an
older engine refuses a call it cannot understand instead of misreading it. The
methods live in :mod:`heat.rpc.calls`, grouped by subject.
"""

from heat.common import messaging
from heat.rpc import api as rpc_api
from heat.rpc.calls.change_sets import ChangeSetCalls
from heat.rpc.calls.resources import ResourceCalls
from heat.rpc.calls.software import SoftwareCalls
from heat.rpc.calls.stacks import StackCalls
from heat.rpc.calls.templates import TemplateCalls
from heat.rpc.calls.watch import WatchCalls


class EngineClient(
    StackCalls, ChangeSetCalls, ResourceCalls, TemplateCalls, SoftwareCalls, WatchCalls
):
    """Every call of the ``engine`` topic."""

    BASE_RPC_API_VERSION = "1.0"

    @classmethod
    def from_transport(cls, transport, timeout=None):
        """A client of the engine topic on ``transport``."""
        client = messaging.get_rpc_client(
            transport, rpc_api.ENGINE_TOPIC, cls.BASE_RPC_API_VERSION, timeout=timeout
        )
        return cls(client)
