"""Properties whose default is an option of the engine's configuration, as in OpenStack Heat
(a server's ``software_config_transport`` and ``user_data_format``, a deployment's
``signal_transport``): the schema keeps the option's own default for documentation, and the
configured value applies wherever the template leaves the property out."""

from typing import Any


def property_or_option(resource: Any, key: str, option: str) -> Any:
    """The template's value of ``key``; when it gives none, ``[DEFAULT] <option>`` (the
    schema's default for a stack without a configuration)."""
    given = resource.properties.get_user_value(key)
    if given is not None:
        return given
    conf = resource.stack.settings.conf
    return resource.properties[key] if conf is None else getattr(conf, option)
