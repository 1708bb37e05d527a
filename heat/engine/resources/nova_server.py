"""The base of resources that are one Nova server (``OS::Nova::Server``,
``AWS::EC2::Instance``): waiting for Nova's statuses, deleting, suspend, resume and check.

Creating waits for ACTIVE (ERROR fails with Nova's fault message); deleting waits until Nova
no longer knows the server (one already gone is fine) and then calls
:meth:`NovaServer.after_server_deleted` for what the type made around it.
"""

from typing import Any

from heat.common import exception
from heat.common.i18n import _
from heat.engine.resources import server_config_transport as transport

ACTIVE, ERROR, SUSPENDED = "ACTIVE", "ERROR", "SUSPENDED"
#: ``max_server_name_length``'s default, for a stack without a configuration.
DEFAULT_NAME_LENGTH = 53


class NovaServer(transport.ConfigTransportServer):
    """A resource whose physical id is a Nova server's."""

    default_client_name = "nova"

    def physical_server_name(self) -> str:
        """The generated server name, cut to ``max_server_name_length`` as upstream cuts it:
        its first two characters, a hyphen and its end."""
        name = self.physical_resource_name()
        conf = self.stack.settings.conf
        limit = conf.max_server_name_length if conf is not None else DEFAULT_NAME_LENGTH
        if len(name) <= limit:
            return name
        if limit < 4:
            raise ValueError(_("limit cannot be less than 4"))
        return name[:2] + "-" + name[-(limit - 3) :]

    def fetch_server(self) -> Any:
        """The server as Nova describes it now; None when it is gone."""
        try:
            return self.client().get_server(self.resource_id)
        except Exception as error:  # the service's "not found" is a normal answer here
            self.client_plugin().ignore_not_found(error)
            return None

    def reached(self, status: str) -> bool:
        """Whether the server has ``status``; ResourceInError when Nova says ERROR."""
        server = self.client().get_server(self.resource_id)
        _refuse_error(server)
        return server.status == status

    def check_create_complete(self, server_id: str) -> bool:
        return self.reached(ACTIVE)

    def handle_delete(self) -> str | None:
        """Ask Nova to delete the server (and delete the stack user, if any)."""
        super().handle_delete()
        if self.resource_id is None:
            return None
        self.client().delete_server(self.resource_id, ignore_missing=True)
        return self.resource_id

    def check_delete_complete(self, server_id: str | None) -> bool:
        if server_id is not None:
            server = self.fetch_server()
            if server is not None:
                _refuse_error(server)
                return False
        self.after_server_deleted()
        return True

    def after_server_deleted(self) -> None:
        """Delete what the type made for the server once it is gone; nothing by default."""

    def _require_server(self, action: str) -> str:
        if self.resource_id is None:
            message = _("Cannot %(action)s %(name)s, resource_id not set")
            raise exception.Error(message % {"action": action, "name": self.name})
        return self.resource_id

    def handle_suspend(self) -> None:
        """Ask Nova to suspend the server."""
        self.client().suspend_server(self._require_server("suspend"))

    def check_suspend_complete(self, token: None) -> bool:
        return self.reached(SUSPENDED)

    def handle_resume(self) -> None:
        """Ask Nova to resume the server."""
        self.client().resume_server(self._require_server("resume"))

    def check_resume_complete(self, token: None) -> bool:
        return self.reached(ACTIVE)

    def handle_check(self) -> None:
        """The server must be ACTIVE."""
        server = self.client().get_server(self.resource_id)
        if server.status != ACTIVE:
            raise exception.Error(
                _("'%(name)s' is in status %(status)s, expected ACTIVE")
                % {"name": self.name, "status": server.status}
            )

    def _show_resource(self) -> Any:
        server = self.fetch_server() if self.resource_id else None
        return server.to_dict() if server is not None else None


def _refuse_error(server: Any) -> None:
    if server.status == ERROR:
        fault = (server.fault or {}).get("message") or _("Unknown")
        raise exception.ResourceInError(resource_status=ERROR, status_reason=fault)
