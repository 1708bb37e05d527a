"""WSGI plumbing of the API processes: the eventlet server, Routes dispatch, JSON bodies
and Paste Deploy loading. Everything eventlet-specific of the APIs stays in this package.

``app_factory`` and ``filter_factory`` are here because OpenStack Heat's api-paste.ini
names them ``heat.common.wsgi:app_factory`` and ``heat.common.wsgi:filter_factory``.
"""

from heat.common.wsgi.loader import (
    CONF_KEY,
    Middleware,
    conf_from,
    find_paste_config,
    paste_deploy_app,
)
from heat.common.wsgi.paste_compat import app_factory, filter_factory
from heat.common.wsgi.routing import CarriedHTTPError, Resource, Router, carry_http_errors
from heat.common.wsgi.serializers import empty_response, json_response, request_body
from heat.common.wsgi.server import Server

__all__ = [
    "CONF_KEY",
    "CarriedHTTPError",
    "Middleware",
    "Resource",
    "Router",
    "Server",
    "app_factory",
    "carry_http_errors",
    "conf_from",
    "empty_response",
    "filter_factory",
    "find_paste_config",
    "json_response",
    "paste_deploy_app",
    "request_body",
]
