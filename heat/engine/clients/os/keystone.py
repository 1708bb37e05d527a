"""The Keystone client plugin: Heat's Keystone client, Keystone's errors read for resources,
and the lookups that turn a name or an id given in a template into an id.

Templates may name a project, user, group or role as ``name{domain}`` to pick the one of
that domain; without a domain a name matches in any domain.
"""

import re
from typing import Any
from urllib import parse

from keystoneauth1 import exceptions as ks_exceptions

from heat.common import exception, heat_keystoneclient, keystone_auth
from heat.common.i18n import _
from heat.engine.clients.client_plugin import ClientPlugin

_WITH_DOMAIN = re.compile(r"\{(.*?)\}$")


class KeystoneClientPlugin(ClientPlugin):
    """``client()`` is a :class:`heat.common.heat_keystoneclient.KeystoneClient`; its
    ``.client`` is keystoneclient's v3 client."""

    def _create(self) -> Any:
        return heat_keystoneclient.KeystoneClient(self.context, self.conf)

    @property
    def identity(self) -> Any:
        """keystoneclient's v3 client acting as the context."""
        return self.client().client

    def unavailable_reason(self) -> str | None:
        """Keystone is usable with a Keystone URL and credentials it accepts."""
        try:
            keystone_auth.keystone_url(self.context, self.conf)
        except exception.Error as error:
            return str(error)
        if not keystone_auth.has_credentials(self.context):
            return _("the request was not authenticated by Keystone")
        return None

    def server_keystone_endpoint_url(self) -> str:
        """The Keystone v3 URL given to servers: the catalog's identity endpoint of
        ``server_keystone_endpoint_type`` when that is set, else the context's Keystone."""
        interface = self.conf.server_keystone_endpoint_type
        if interface:
            session = self.client().session
            url = session.get_endpoint(service_type="identity", interface=interface)
            if url:
                return keystone_auth.v3_url(url)
        return keystone_auth.keystone_url(self.context, self.conf)

    def is_not_found(self, error: Exception) -> bool:
        return isinstance(error, ks_exceptions.NotFound | exception.EntityNotFound)

    def is_conflict(self, error: Exception) -> bool:
        return isinstance(error, ks_exceptions.Conflict)

    def is_over_limit(self, error: Exception) -> bool:
        return isinstance(error, ks_exceptions.RequestEntityTooLarge)

    # -- names or ids to ids -------------------------------------------------------------

    def split_domain(self, value: str, entity: str) -> tuple[str, str | None]:
        """``(name, domain id)`` of ``name{domain}``; ``(value, None)`` without braces."""
        match = _WITH_DOMAIN.search(value)
        if match is None:
            return value, None
        try:
            return value[: match.start()], self.get_domain_id(match.group(1))
        except exception.EntityNotFound:
            raise exception.EntityNotFound(entity=entity, name=value) from None

    def _find(self, manager: Any, value: str, entity: str, **filters: Any) -> str:
        """The id of the ``manager`` item whose id, else name, is ``value``."""
        try:
            return manager.get(value).id
        except ks_exceptions.NotFound:
            pass
        for item in manager.list(name=value, **filters):
            if item.name == value:
                return item.id
        raise exception.EntityNotFound(entity=entity, name=value)

    def _find_in_domain(self, manager: Any, value: str, entity: str, domain: str | None) -> str:
        if not domain:
            value, domain = self.split_domain(value, entity)
        return self._find(manager, value, entity, domain=domain)

    def get_domain_id(self, domain: str) -> str:
        """The id of the domain named or identified by ``domain``."""
        return self._find(self.identity.domains, domain, "KeystoneDomain")

    def get_project_id(self, project: str, domain: str | None = None) -> str:
        """The id of the project named or identified by ``project``."""
        return self._find_in_domain(self.identity.projects, project, "KeystoneProject", domain)

    def get_role_id(self, role: str, domain: str | None = None) -> str:
        """The id of the role named or identified by ``role``."""
        return self._find_in_domain(self.identity.roles, role, "KeystoneRole", domain)

    def get_group_id(self, group: str, domain: str | None = None) -> str:
        """The id of the group named or identified by ``group``."""
        return self._find_in_domain(self.identity.groups, group, "KeystoneGroup", domain)

    def get_user_id(self, user: str, domain: str | None = None) -> str:
        """The id of the user named or identified by ``user``."""
        return self._find_in_domain(self.identity.users, user, "KeystoneUser", domain)

    def get_service_id(self, service: str) -> str:
        """The id of the service identified or (uniquely) named by ``service``."""
        services = self.identity.services
        try:
            return services.get(service).id
        except ks_exceptions.NotFound:
            named = services.list(name=service)
        if len(named) > 1:
            raise exception.KeystoneServiceNameConflict(service=service)
        if not named:
            raise exception.EntityNotFound(entity="KeystoneService", name=service)
        return named[0].id

    def get_region_id(self, region: str) -> str:
        """The id of the region ``region`` (regions have no names)."""
        # A URL path is decoded once: the id is encoded for it, so that ids holding "%"
        # (OS::Keystone::Region URL-encodes the ids it is given) are found as they are.
        try:
            return self.identity.regions.get(parse.quote(region, safe="")).id
        except ks_exceptions.NotFound:
            raise exception.EntityNotFound(entity="KeystoneRegion", name=region) from None
