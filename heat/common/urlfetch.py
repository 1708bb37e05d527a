"""Fetch a document (template, environment) that a request names by URL.

Only http and https are allowed unless the caller allows more (``file`` for the global
environment); an answer larger than ``max_size`` bytes is refused. Errors are
``URLFetchError`` with Heat's wording of the reason, for the API to report as a 400.
"""

import urllib.error
import urllib.request
from urllib import parse

from heat.common.i18n import _

ALLOWED_SCHEMES = ("http", "https")
#: ``template_fetch_timeout``'s default, for callers without a configuration.
DEFAULT_TIMEOUT = 60.0


class URLFetchError(IOError):
    """The document could not be fetched."""


def get(
    url: str,
    max_size: int,
    timeout: float = DEFAULT_TIMEOUT,
    allowed_schemes: tuple = ALLOWED_SCHEMES,
) -> str:
    """The text at ``url``; URLFetchError when it cannot be read within ``timeout`` seconds
    (``template_fetch_timeout``) or is too large."""
    scheme = parse.urlparse(url).scheme
    if scheme not in allowed_schemes:
        raise URLFetchError(_("Invalid URL scheme %s") % scheme)
    try:
        with urllib.request.urlopen(url, timeout=timeout) as answer:  # noqa: S310 - checked above
            data = answer.read(max_size + 1)
    except (urllib.error.URLError, OSError, ValueError) as error:
        # As Heat: a local file's error is told, a remote server's only by its URL.
        if scheme == "file":
            raise URLFetchError(_("Failed to retrieve template: %s") % error)
        raise URLFetchError(_("Failed to retrieve template from %s") % url)
    if len(data) > max_size:
        raise URLFetchError(_("Template exceeds maximum allowed size (%s bytes)") % max_size)
    return data.decode("utf-8")
