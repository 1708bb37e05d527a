"""The base of the client plugins of OpenStack's services other than Keystone: one
openstacksdk proxy (``compute``, ``image``, ``block_storage``, ``object_store``,
``network``) acting as the context.

Every plugin shares the context's Keystone authentication (one token for all services) and
builds its own keystoneauth session, so that each service's ``[clients_<name>]`` TLS
options apply to it alone, falling back to ``[clients]``.
"""

from typing import Any, ClassVar

import openstack
from keystoneauth1 import exceptions as ks_exceptions
from keystoneauth1 import session as ks_session
from openstack import exceptions as sdk_exceptions

from heat.common import client_options, exception
from heat.common.i18n import _
from heat.engine.clients.client_plugin import ClientPlugin

NOT_IN_CATALOG = _("Service endpoint not in service catalog.")


class SdkClientPlugin(ClientPlugin):
    """``client()`` is the openstacksdk proxy of :attr:`service_type` for the context."""

    #: Heat's name of the service, as in ``[clients_<name>]`` (``nova``).
    name: ClassVar[str]
    #: The service type of the catalog (``compute``).
    service_type: ClassVar[str]
    #: The attribute of an openstacksdk ``Connection`` that is this service's proxy.
    proxy: ClassVar[str]
    #: The option of ``[DEFAULT]`` capping the API microversion, if the service has one.
    microversion_option: ClassVar[str | None] = None

    def _create(self) -> Any:
        return getattr(self.connection(), self.proxy)

    def connection(self) -> openstack.connection.Connection:
        """An openstacksdk connection on this service's session; a connection that fails is
        tried again ``client_retry_limit`` times."""
        settings: dict[str, Any] = {
            "region_name": self.region_name(),
            "interface": self.endpoint_type(),
            "app_name": "heat",
            "connect_retries": self.conf.client_retry_limit,
            **self.retry_settings(),
        }
        if self.microversion_option:
            cap = getattr(self.conf, self.microversion_option)
            if cap:
                settings[self.service_type.replace("-", "_") + "_api_version"] = cap
        return openstack.connection.Connection(session=self.session(), **settings)

    def retry_settings(self) -> dict[str, Any]:
        """Extra openstacksdk settings of the retries of this service's requests."""
        return {}

    def session(self) -> ks_session.Session:
        """A keystoneauth session with the context's authentication and this service's TLS
        settings."""
        auth = self.clients.client_plugin("keystone").client().session.auth
        tls = client_options.session_tls(self.conf, self.name)
        session = ks_session.Session(auth=auth, app_name="heat", **tls)
        session.additional_headers["X-OpenStack-Request-ID"] = self.context.request_id
        return session

    def option(self, name: str) -> Any:
        """``[clients_<name>] <option>``, falling back to ``[clients] <option>``."""
        return client_options.client_option(self.conf, self.name, name)

    def endpoint_type(self) -> str:
        return str(self.option("endpoint_type"))

    def region_name(self) -> str | None:
        """The region of the services the context uses, but ``region_name_for_shared_services``
        for a service of ``shared_services_types``."""
        shared_region = self.conf.region_name_for_shared_services
        if shared_region and self.service_type in self.conf.shared_services_types:
            return shared_region
        return self.context.region_name or self.conf.region_name_for_services

    def url(self) -> str | None:
        """The catalog's endpoint of the service for the context, or None."""
        session = self.clients.client_plugin("keystone").client().session
        return session.get_endpoint(
            service_type=self.service_type,
            interface=self.endpoint_type(),
            region_name=self.region_name(),
        )

    def unavailable_reason(self) -> str | None:
        """The service is usable when Keystone is and its catalog has the service's endpoint."""
        reason = self.clients.unavailable_reason("keystone")
        if reason is not None:
            return reason
        try:
            found = self.url()
        except ks_exceptions.EndpointNotFound:
            found = None
        except ks_exceptions.ClientException as error:
            return str(error)
        return None if found else NOT_IN_CATALOG

    # -- errors ----------------------------------------------------------------------

    def is_not_found(self, error: Exception) -> bool:
        return isinstance(error, sdk_exceptions.NotFoundException | exception.EntityNotFound)

    def is_conflict(self, error: Exception) -> bool:
        return isinstance(error, sdk_exceptions.ConflictException)

    def is_over_limit(self, error: Exception) -> bool:
        return isinstance(error, sdk_exceptions.HttpException) and error.status_code in (413, 429)

    def is_client_error(self, error: Exception) -> bool:
        """Whether ``error`` is the service refusing the request (a 4xx answer)."""
        status = getattr(error, "status_code", None)
        return isinstance(error, sdk_exceptions.HttpException) and 400 <= (status or 0) < 500

    # -- names or ids ----------------------------------------------------------------

    def find(self, kind: str, value: str, entity: str, **filters: Any) -> Any:
        """The ``kind`` (a proxy's ``find_<kind>``) whose id or name is ``value``:
        EntityNotFound when there is none, PhysicalResourceNameAmbiguity when the name is
        shared."""
        finder = getattr(self.client(), "find_" + kind)
        try:
            return finder(value, ignore_missing=False, **filters)
        except sdk_exceptions.DuplicateResource:
            raise exception.PhysicalResourceNameAmbiguity(name=value) from None
        except sdk_exceptions.NotFoundException:
            raise exception.EntityNotFound(entity=entity, name=value) from None
