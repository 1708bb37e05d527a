"""``heat.wsgi.cfn:application``: heat-api-cfn, the CloudFormation-compatible API, for a
WSGI server."""

from heat.wsgi import loading

application = loading.application("heat-api-cfn")
