"""``OS::Manila::SecurityService``: the settings of a security domain (an LDAP or Kerberos
server, an Active Directory domain) that the share servers of a share network join. All
but its type change in place, as far as Manila allows while a share server uses it."""

from typing import Any

from heat.common.i18n import _
from heat.engine import constraints, properties, support
from heat.engine.resource import Resource

PROPERTIES = (NAME, TYPE, DNS_IP, SERVER, DOMAIN, USER, PASSWORD, DESCRIPTION) = (
    "name",
    "type",
    "dns_ip",
    "server",
    "domain",
    "user",
    "password",
    "description",
)


def _text(description: str, update_allowed: bool = True) -> properties.Schema:
    return properties.Schema(properties.Schema.STRING, description, update_allowed=update_allowed)


class SecurityService(Resource):
    """A Manila security service: how the share servers of a share network reach a
    security domain (LDAP, Kerberos or Active Directory) for a file sharing protocol.
    """

    support_status = support.SupportStatus(version="5.0.0")
    default_client_name = "manila"

    properties_schema = {
        NAME: _text(_("Security service name.")),
        TYPE: properties.Schema(
            properties.Schema.STRING,
            _("Security service type."),
            required=True,
            constraints=[constraints.AllowedValues(["ldap", "kerberos", "active_directory"])],
        ),
        DNS_IP: _text(_("DNS IP address used inside tenant's network.")),
        SERVER: _text(_("Security service IP address or hostname.")),
        DOMAIN: _text(_("Security service domain.")),
        USER: _text(_("Security service user or group used by tenant.")),
        PASSWORD: _text(_("Password used by user.")),
        DESCRIPTION: _text(_("Security service description.")),
    }

    def _path(self) -> str:
        return "/security-services/%s" % self.resource_id

    def handle_create(self) -> None:
        fields = {key: value for key, value in self.properties.items() if value is not None}
        made = self.client_plugin().call("post", "/security-services", {"security_service": fields})
        self.resource_id_set(made["security_service"]["id"])

    def handle_update(self, json_snippet: Any, tmpl_diff: dict, prop_diff: dict) -> None:
        """Send Manila the changed fields (it refuses all but name and description while a
        share server uses the service)."""
        if prop_diff:
            self.client_plugin().call("put", self._path(), {"security_service": prop_diff})

    def handle_delete(self) -> None:
        if self.resource_id is None:
            return
        try:
            self.client_plugin().call("delete", self._path())
        except Exception as error:  # Manila's "not found" is a normal answer here
            self.client_plugin().ignore_not_found(error)

    def _show_resource(self) -> Any:
        if self.resource_id is None:
            return None
        try:
            return self.client_plugin().call("get", self._path())["security_service"]
        except Exception as error:  # see handle_delete
            self.client_plugin().ignore_not_found(error)
            return None


def resource_mapping() -> dict[str, type]:
    """The types this module provides."""
    return {"OS::Manila::SecurityService": SecurityService}
