"""Keystone's WSGI application for gunicorn, configured by the files in OS_KEYSTONE_CONFIG_FILES.

Keystone parses ``sys.argv`` as its own command line when it configures itself, and
gunicorn's arguments make it exit; the application is therefore built with an empty
argument list.
"""

import sys

from keystone.server import wsgi


def _build_application():
    """Initialise Keystone's public application with gunicorn's arguments hidden from it."""
    saved_arguments = sys.argv
    sys.argv = saved_arguments[:1]
    try:
        return wsgi.initialize_public_application()
    finally:
        sys.argv = saved_arguments


application = _build_application()
