"""The HTTP APIs: native REST (openstack/v1), CloudFormation (cfn), CloudWatch (cloudwatch).

``pipeline_factory`` (the flavor-keyed composite) and ``root_app_factory`` (a URL map) are
the composites OpenStack Heat's api-paste.ini files name ``heat.api:...``.
"""

from heat.common.wsgi.paste_compat import pipeline_factory, root_app_factory

__all__ = ["pipeline_factory", "root_app_factory"]
