"""Clients of the services a stack's resources use, as one request context sees them.

``clients_for(context, conf).client("keystone")`` gives a ready client. Each service has a
:class:`~heat.engine.clients.client_plugin.ClientPlugin` installed in the ``heat.clients``
entry-point group; the plugins and their clients are built once per context, on first use.
"""

import functools
from collections.abc import Mapping
from typing import Any

import stevedore

from heat.common import exception
from heat.common.i18n import _

NAMESPACE = "heat.clients"


@functools.cache
def installed_plugins() -> Mapping[str, type]:
    """The client plugin classes of the ``heat.clients`` entry points, by service name."""
    manager: stevedore.ExtensionManager[Any] = stevedore.ExtensionManager(
        NAMESPACE, invoke_on_load=False
    )
    return {extension.name: extension.plugin for extension in manager}


class Clients:
    """The client plugins of one context."""

    def __init__(self, context: Any, conf: Any, plugins: Mapping[str, type] | None = None):
        self.context = context
        self.conf = conf
        self._classes = installed_plugins() if plugins is None else plugins
        self._plugins: dict[str, Any] = {}

    def client_plugin(self, name: str) -> Any:
        """The plugin of service ``name`` (``keystone``, ...)."""
        plugin = self._plugins.get(name)
        if plugin is None:
            if name not in self._classes:
                raise exception.Error(_("No client plugin for the service %s is installed.") % name)
            plugin = self._plugins.setdefault(name, self._classes[name](self))
        return plugin

    def client(self, name: str) -> Any:
        """The client of service ``name``."""
        return self.client_plugin(name).client()

    def unavailable_reason(self, name: str | None) -> str | None:
        """Why service ``name`` cannot be used by this context; None when it can (or when
        no service is named)."""
        if name is None:
            return None
        if name not in self._classes:
            return _("no client plugin for the service %s is installed") % name
        return self.client_plugin(name).unavailable_reason()


def clients_for(context: Any, conf: Any) -> Clients:
    """The clients of ``context``, made on first use and kept on the context."""
    clients = getattr(context, "clients", None)
    if clients is None:
        clients = Clients(context, conf)
        context.clients = clients
    return clients
