"""The one way an engine call goes out: prepared at its version, then called or cast."""

from heat.common import exception, messaging


class Calls:
    """Base of the call groups; ``_client`` is an oslo.messaging RPC client."""

    def __init__(self, client):
        self._client = client

    def _call(self, context, method, version, **kwargs):
        try:
            return self._client.prepare(version=version).call(context, method, **kwargs)
        except exception.HeatException as error:
            received = messaging.as_received(error)
            if received is error:
                raise
            raise received from error

    def _cast(self, context, method, version, **kwargs):
        self._client.prepare(version=version).cast(context, method, **kwargs)
