"""The one way an engine call goes out: prepared at its version, then called or cast."""


class Calls:
    """Base of the call groups; ``_client`` is an oslo.messaging RPC client."""

    def __init__(self, client):
        self._client = client

    def _call(self, context, method, version, **kwargs):
        return self._client.prepare(version=version).call(context, method, **kwargs)

    def _cast(self, context, method, version, **kwargs):
        self._client.prepare(version=version).cast(context, method, **kwargs)
