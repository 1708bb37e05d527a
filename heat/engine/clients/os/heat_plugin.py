"""The Heat client plugin: where this orchestration service's own APIs are, as servers and
signalling clients are told.

The native API's URL is ``[clients_heat] url`` (a template of ``%(tenant_id)s``) when set,
else the ``orchestration`` endpoint of the context's catalog; the CloudFormation API's is
the ``cloudformation`` endpoint. ``client()`` is a keystoneauth adapter on the native API.
"""

from typing import Any

from keystoneauth1 import adapter
from keystoneauth1 import exceptions as ks_exceptions

from heat.common import heat_keystoneclient
from heat.engine.clients.client_plugin import ClientPlugin

SERVICE_TYPES = (ORCHESTRATION, CLOUDFORMATION) = ("orchestration", "cloudformation")


class HeatClientPlugin(ClientPlugin):
    """URLs of Heat's APIs for the context, and an HTTP adapter on the native one."""

    def _create(self) -> Any:
        return adapter.Adapter(
            self._session(),
            service_type=ORCHESTRATION,
            interface=self._endpoint_type(),
            region_name=self.region_name(),
            endpoint_override=self._configured_url(),
        )

    def _session(self) -> Any:
        return heat_keystoneclient.KeystoneClient(self.context, self.conf).session

    def _option(self, name: str) -> Any:
        """``[clients_heat] <name>``, falling back to ``[clients] <name>``."""
        value = getattr(self.conf.clients_heat, name)
        return getattr(self.conf.clients, name) if value is None else value

    def _endpoint_type(self) -> str:
        return str(self._option("endpoint_type"))

    def _configured_url(self) -> str | None:
        url = self.conf.clients_heat.url
        return url % {"tenant_id": self.context.project_id} if url else None

    def region_name(self) -> str | None:
        """The region of the services the context uses."""
        return self.context.region_name or self.conf.region_name_for_services

    def url_for(self, service_type: str, region_name: str | None = None) -> str:
        """The catalog's endpoint of ``service_type`` (of the configured interface) in
        ``region_name``, by default the context's; keystoneauth's ``EndpointNotFound``
        (saying which interface, service and region) when the catalog has none."""
        interface = self._endpoint_type()
        region = region_name or self.region_name()
        url = self._session().get_endpoint(
            service_type=service_type, interface=interface, region_name=region
        )
        if url is None:
            where = " in %s region" % region if region else ""
            raise ks_exceptions.EndpointNotFound(
                "%s endpoint for %s service%s not found" % (interface, service_type, where)
            )
        return str(url)

    def get_heat_url(self) -> str:
        """The native API's URL for the context's project (``.../v1/<project id>``)."""
        return self._configured_url() or self.url_for(ORCHESTRATION)

    def get_heat_cfn_url(self) -> str:
        """The CloudFormation-compatible API's URL."""
        return self.url_for(CLOUDFORMATION)

    def get_cfn_metadata_server_url(self) -> str:
        """Where servers poll their metadata on the CloudFormation-compatible API:
        ``heat_metadata_server_url`` (else the catalog's), with ``/v1/`` at its end."""
        url = self.conf.heat_metadata_server_url or self.get_heat_cfn_url()
        if "/v1" not in url:
            url += "/v1"
        return url if url.endswith("/") else url + "/"

    def get_insecure_option(self) -> bool:
        """Whether clients of the native API should skip TLS verification."""
        return bool(self._option("insecure"))
