"""The template of a CreateStack, UpdateStack or ValidateTemplate request.

It comes inline (``TemplateBody``) or by URL, as JSON or YAML, at most
``max_template_size`` bytes; the errors are the AWS ones a CloudFormation client
expects. The URL parameter is ``TemplateURL`` as AWS (and boto3) spell it, or
``TemplateUrl`` as older Heat clients do.
"""

from collections.abc import Mapping

from oslo_config import cfg

from heat.api.aws import exception
from heat.common import exception as heat_exception
from heat.common import template_format, urlfetch
from heat.common.i18n import _

URL_PARAMS = ("TemplateURL", "TemplateUrl")


def parse_template(text: str, limit: int) -> dict:
    """The template in ``text``; InvalidParameterValue unless it is a JSON or YAML template."""
    try:
        return template_format.parse(text, limit)
    except heat_exception.RequestLimitExceeded as error:
        raise exception.HeatRequestLimitExceeded(detail=error.message)
    except ValueError:
        raise exception.HeatInvalidParameterValueError(
            detail=_("The Template must be a JSON or YAML document.")
        )


def fetch(url: str, limit: int, timeout: float = urlfetch.DEFAULT_TIMEOUT) -> str:
    """The document at an http(s) URL, at most ``limit`` bytes, read within ``timeout``
    seconds."""
    try:
        return urlfetch.get(url, limit, timeout)
    except urlfetch.URLFetchError as error:
        raise exception.HeatInvalidParameterValueError(
            detail=_("Could not retrieve template: %s") % error
        )


def template_from_params(params: Mapping[str, str], conf: cfg.ConfigOpts) -> dict:
    """The template given inline or by URL; MissingParameter when neither is given."""
    limit = conf.max_template_size
    if params.get("TemplateBody"):
        return parse_template(params["TemplateBody"], limit)
    for name in URL_PARAMS:
        if params.get(name):
            return parse_template(fetch(params[name], limit, conf.template_fetch_timeout), limit)
    raise exception.HeatMissingParameterError(
        detail=_("TemplateBody or TemplateUrl were not given.")
    )
