"""ec2token: authenticate AWS-signed requests (CloudFormation API, signal URLs) with Keystone.

The filter reads the signature and access key of the request, has Keystone check
them (``POST /v3/ec2tokens``) and, on success, sets the identity headers the
``context`` filter reads. A request without a signature or access key passes on
only when it carries Keystone credentials of its own (``X-Auth-User`` or
``X-Auth-Token``); otherwise it is refused in the AWS error envelope. With
``[ec2authtoken] multi_cloud`` each cloud of ``clouds`` is tried in turn.
"""

from keystoneauth1 import exceptions as ks_exceptions
from oslo_log import log as logging

from heat.api.aws import ec2credentials, ec2keystone, exception, query, serializer
from heat.api.aws.ec2keystone import KeystoneEC2
from heat.common import wsgi
from heat.common.i18n import _

LOG = logging.getLogger(__name__)

GROUP = "ec2authtoken"
PASS_THROUGH_HEADERS = ("X-Auth-User", "X-Auth-Token")


class EC2Token(wsgi.Middleware):
    """Turns a valid EC2 signature into Keystone identity headers."""

    def __init__(self, application, conf, options=None):
        super().__init__(application, conf, options)
        self._keystones: list[KeystoneEC2] | None = None

    def keystones(self) -> list[KeystoneEC2]:
        """The Keystones to try, in order (built on first use, then kept)."""
        if self._keystones is None:
            options = self.conf[GROUP]
            if not options.multi_cloud:
                groups = [GROUP]
            else:
                groups = ["%s.%s" % (GROUP, cloud) for cloud in options.clouds]
            try:
                self._keystones = [KeystoneEC2(self.conf, group) for group in groups]
            except ks_exceptions.ClientException as error:
                LOG.error("Cannot load the Keystone options of [%s]: %s", GROUP, error)
                raise exception.HeatInternalFailureError(detail=_("Service misconfigured"))
        return self._keystones

    def _check(self, document: dict) -> dict[str, str]:
        keystones = self.keystones()
        if not keystones:
            LOG.error("[%s] multi_cloud is set but clouds names none", GROUP)
            raise exception.HeatInternalFailureError(detail=_("Service misconfigured"))
        failures = []
        for keystone in keystones:
            try:
                return keystone.check(document)
            except exception.HeatAPIException as error:
                failures.append(error)
        raise failures[-1]

    def _authenticate(self, request) -> None:
        """Set the identity headers of a valid signature; a request without one passes on
        untouched only to another authentication (Keystone user or token)."""
        passes_through = any(request.headers.get(name) for name in PASS_THROUGH_HEADERS)
        signed = ec2credentials.signature(request)
        if not signed:
            if passes_through:
                return
            raise exception.HeatIncompleteSignatureError()
        access = ec2credentials.access_key(request)
        if not access:
            if passes_through:
                return
            raise exception.HeatMissingAuthenticationTokenError()
        identity = self._check(ec2credentials.keystone_document(request, access, signed))
        for name in ec2keystone.IDENTITY_HEADERS:
            request.headers.pop(name, None)
        request.headers.update(identity)

    def process_request(self, request):
        """Authenticate and let the request on; answer the AWS error envelope on failure."""
        try:
            self._authenticate(request)
        except exception.HeatAPIException as error:
            return serializer.error_response(error, query.wants_json(request))
        return None


EC2Token_filter_factory = EC2Token.factory  # noqa: N816 (the name api-paste.ini refers to)
