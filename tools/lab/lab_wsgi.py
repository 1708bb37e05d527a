"""The WSGI application of one lab service for gunicorn, chosen by the environment.

``HEAT_LAB_APP`` names the service's WSGI module (``glance.wsgi.api``...), whose
``application`` is served. The services parse ``sys.argv`` as their own command line when
they configure themselves, and gunicorn's arguments would make them exit; the module is
therefore imported with the arguments of ``HEAT_LAB_ARGV`` (JSON list) in their place.
"""

import importlib
import json
import os
import sys


def _load_application():
    """Import the service's WSGI module with gunicorn's arguments hidden from it."""
    saved_arguments = sys.argv
    sys.argv = saved_arguments[:1] + json.loads(os.environ.get("HEAT_LAB_ARGV", "[]"))
    try:
        return importlib.import_module(os.environ["HEAT_LAB_APP"]).application
    finally:
        sys.argv = saved_arguments


application = _load_application()
