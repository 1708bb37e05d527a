"""Groups of engine RPC calls, combined by :class:`heat.rpc.client.EngineClient`."""
