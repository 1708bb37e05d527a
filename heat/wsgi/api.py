"""``heat.wsgi.api:application``: heat-api, the native REST API, for a WSGI server."""

from heat.wsgi import loading

application = loading.application("heat-api")
