"""Client plugins that speak a service's REST API themselves (Mistral, Trove, Magnum, Zun,
Ironic), through a keystoneauth adapter of the service's catalog entry, and take its
answers as the decoded JSON bodies: one place for what their clients share.
"""

from typing import Any

from keystoneauth1 import adapter
from openstack import exceptions as sdk_exceptions

from heat.engine.clients.sdk_plugin import SdkClientPlugin


class RestClientPlugin(SdkClientPlugin):
    """``client()`` is a keystoneauth adapter of the plugin's ``service_type`` for the
    context."""

    def _create(self) -> adapter.Adapter:
        return adapter.Adapter(
            session=self.session(),
            service_type=self.service_type,
            interface=self.endpoint_type(),
            region_name=self.region_name(),
            connect_retries=self.conf.client_retry_limit,
        )

    def send(self, method: str, path: str, **options: Any) -> Any:
        """The service's answer to a request on ``path`` (keystoneauth's request
        ``options``), decoded; None for an empty body. An error answer is raised as
        openstacksdk's exception of its status."""
        response = self.client().request(path, method.upper(), raise_exc=False, **options)
        sdk_exceptions.raise_from_response(response)
        return response.json() if response.content else None
