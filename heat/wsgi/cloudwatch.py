"""``heat.wsgi.cloudwatch:application``: heat-api-cloudwatch, the CloudWatch-compatible API,
for a WSGI server."""

from heat.wsgi import loading

application = loading.application("heat-api-cloudwatch")
