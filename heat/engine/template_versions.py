"""Template versions known to the engine: the plugins of the ``heat.templates`` group."""

from typing import Any

from stevedore import extension

TEMPLATE_NAMESPACE = "heat.templates"


def list_versions() -> list[dict[str, Any]]:
    """``{"version", "type", "aliases"}`` for every registered template plugin.

    A plugin class declares ``template_type`` ("hot" or "cfn") and may declare
    ``aliases``; entry point names are ``<version key>.<version>``.
    """
    manager: extension.ExtensionManager[Any] = extension.ExtensionManager(
        TEMPLATE_NAMESPACE, invoke_on_load=False
    )
    return [
        {
            "version": ext.name,
            "type": getattr(ext.plugin, "template_type", "hot"),
            "aliases": list(getattr(ext.plugin, "aliases", ())),
        }
        for ext in sorted(manager, key=lambda ext: ext.name)
    ]
