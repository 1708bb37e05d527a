"""The WSGI application of one lab service for gunicorn, chosen by the environment.

``HEAT_LAB_APP`` names the service's WSGI module (``glance.wsgi.api``...), whose
``application`` is served; or, for a service whose WSGI module reads its paste file from a
fixed path, ``HEAT_LAB_PASTE`` names the paste file whose ``main`` application is served
(``HEAT_LAB_APP`` then names a module to import first, which configures the service). The
services parse ``sys.argv`` as their own command line when they configure themselves, and
gunicorn's arguments would make them exit; the module is therefore imported with the
arguments of ``HEAT_LAB_ARGV`` (JSON list) in their place.
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
        module = importlib.import_module(os.environ["HEAT_LAB_APP"])
        paste = os.environ.get("HEAT_LAB_PASTE")
        if paste is None:
            return module.application
        from paste import deploy

        return deploy.loadapp("config:" + paste, name="main")
    finally:
        sys.argv = saved_arguments


application = _load_application()
