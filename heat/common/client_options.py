"""The ``[clients_<service>]`` options, each falling back to ``[clients]``, and the TLS
settings of a keystoneauth session they make."""

from typing import Any


def client_option(conf: Any, service: str, name: str) -> Any:
    """``[clients_<service>] <name>``, or ``[clients] <name>`` when that one is unset."""
    group = getattr(conf, "clients_" + service, None)
    value = getattr(group, name, None) if group is not None else None
    return getattr(conf.clients, name) if value is None else value


def session_tls(conf: Any, service: str) -> dict[str, Any]:
    """``verify`` and ``cert`` of a keystoneauth session to ``service``: ``insecure`` turns
    verification off, else ``ca_file`` names the CA bundle; ``cert_file`` (with
    ``key_file``) is the client certificate."""
    insecure = client_option(conf, service, "insecure")
    verify: bool | str = False if insecure else (client_option(conf, service, "ca_file") or True)
    cert = client_option(conf, service, "cert_file")
    key = client_option(conf, service, "key_file")
    return {"verify": verify, "cert": (cert, key) if cert and key else cert}
