"""Behind a TLS-terminating proxy: take the request scheme from a forwarded header."""

from heat.common import wsgi

DEFAULT_HEADER = "X-Forwarded-Proto"


class SSLMiddleware(wsgi.Middleware):
    """Sets ``wsgi.url_scheme`` from ``secure_proxy_ssl_header`` (default X-Forwarded-Proto)."""

    def process_request(self, request):
        """Rewrite the scheme so generated links use the client's scheme."""
        header = self.options.get("secure_proxy_ssl_header", DEFAULT_HEADER)
        scheme = request.headers.get(header)
        if scheme in ("http", "https"):
            request.environ["wsgi.url_scheme"] = scheme
        return None
