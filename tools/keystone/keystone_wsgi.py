"""Keystone's WSGI application for gunicorn, configured by the files in OS_KEYSTONE_CONFIG_FILES.

Keystone parses ``sys.argv`` as its own command line when it configures itself, and
gunicorn's arguments make it exit; the application is therefore built with an empty
argument list.

Keystone 30 keeps a request-local cache of token validations on oslo.context's thread-local
*current* context, but its auth middleware validates the request's token before it makes the
request's own context: a worker would answer from the previous request's cache and accept a
token revoked since. Each request therefore starts with a fresh current context.
"""

import sys

from keystone.server import wsgi
from oslo_context import context as oslo_context


def _build_application():
    """Initialise Keystone's public application with gunicorn's arguments hidden from it."""
    saved_arguments = sys.argv
    sys.argv = saved_arguments[:1]
    try:
        return wsgi.initialize_public_application()
    finally:
        sys.argv = saved_arguments


_keystone = _build_application()


def application(environ, start_response):
    """Keystone's answer, with a fresh current context (see the module docstring)."""
    oslo_context.RequestContext(overwrite=True)
    return _keystone(environ, start_response)
