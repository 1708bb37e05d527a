"""HOT ``make_url``: a URL assembled from its parts, quoting each as needed."""

from typing import Any
from urllib import parse

from heat.engine import function
from heat.engine.hot.functions.arguments import PureFunction, fail, is_function, is_map, short

KEYS = ("scheme", "username", "password", "host", "port", "path", "query", "fragment")


class MakeURL(PureFunction):
    """A URL from ``{scheme, username, password, host, port, path, query, fragment}``."""

    description = "A function for performing substitutions on maps."

    def _check_keys(self, args: Any) -> None:
        if not is_map(args):
            fail('Arguments to "%s" must be a map' % self.fn_name)
        for key in args:
            if key not in KEYS:
                fail(
                    '"%s" has no argument "%s". Valid arguments are: %s'
                    % (self.fn_name, key, ", ".join(KEYS))
                )

    def validate(self) -> None:
        if not is_function(self.args):
            self._check_keys(self.args)
            port = self.args.get("port")
            if port is not None and not is_function(port):
                self._port(port)
        super().validate()

    def _port(self, port: Any) -> str:
        text = str(port) if isinstance(port, (str, int)) and not isinstance(port, bool) else ""
        if not (text.isdigit() and 0 < int(text) < 65536):
            fail('Invalid URL port %s in "%s"' % (short(port), self.fn_name))
        return str(int(text))

    def _string(self, args: Any, key: str) -> str:
        value = args.get(key)
        if value is None:
            return ""
        if not isinstance(value, str):
            fail('"%s" of "%s" must be a string, not %s' % (key, self.fn_name, short(value)))
        return value

    def _netloc(self, args: Any) -> str:
        username = parse.quote(self._string(args, "username"), safe="")
        password = parse.quote(self._string(args, "password"), safe="")
        credentials = ""
        if username or password:
            credentials = username + (":" + password if password else "") + "@"
        host = self._string(args, "host")
        if host.startswith("[") and host.endswith("]"):
            host = host[1:-1]
        host = parse.quote(host, safe=":")
        if ":" in host:
            host = "[%s]" % host
        port = args.get("port")
        if port not in (None, ""):
            host += ":" + self._port(port)
        return credentials + host

    def result(self) -> str:
        args = function.resolve(self.args)
        self._check_keys(args)
        scheme = self._string(args, "scheme")
        if ":" in scheme:
            fail('URL "scheme" of "%s" should not contain ":"' % self.fn_name)
        query = args.get("query") or {}
        if not is_map(query):
            fail('"query" of "%s" must be a map' % self.fn_name)
        try:
            query_text = parse.urlencode(query).replace("%2F", "/")
        except TypeError as error:
            fail('"query" of "%s" cannot be encoded: %s' % (self.fn_name, error))
        path = parse.quote(self._string(args, "path"))
        fragment = parse.quote(self._string(args, "fragment"))
        return parse.urlunsplit((scheme, self._netloc(args), path, query_text, fragment))
