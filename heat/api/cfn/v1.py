"""``heat.api.cfn.v1:API``: where OpenStack Heat's api-paste.ini finds the CloudFormation app
(called through ``heat.common.wsgi:app_factory`` with the configuration object)."""

from heat.api.cfn import API

__all__ = ["API"]
