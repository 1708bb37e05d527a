"""The Swift client plugin: openstacksdk's object-store proxy."""

from heat.engine.clients.sdk_plugin import SdkClientPlugin


class SwiftClientPlugin(SdkClientPlugin):
    """``client()`` is openstacksdk's object-store proxy acting as the context."""

    name = "swift"
    service_type = "object-store"
    proxy = "object_store"
