"""Every Heat error, raised the way the code raises it, has a fully formatted message.

The call sites are read from the source: each ``exception.<Name>(...)`` (or, in the
modules that define them, ``<Name>(...)``) of a ``HeatException`` subclass is
instantiated with stand-in values for the arguments it passes. Its message, and the
message of the error oslo.messaging rebuilds from it on the API side, must not keep a
``%(...)s`` placeholder, and the fields its format names must all have been given.
"""

import ast
import pathlib
import re
import sys

import pytest
from oslo_messaging._drivers import common as rpc_common

import heat
from heat.common import exception
from heat.engine.resources import wait_condition

PACKAGE = pathlib.Path(heat.__file__).parent
PLACEHOLDER = re.compile(r"%\((\w+)\)s")
DEFINING_MODULES = {"exception.py": exception, "wait_condition.py": wait_condition}


def heat_error_class(node: ast.Call, path: pathlib.Path):
    """The HeatException subclass ``node`` instantiates, or None."""
    function = node.func
    if isinstance(function, ast.Attribute) and isinstance(function.value, ast.Name):
        module = exception if function.value.id == "exception" else None
        name = function.attr
    elif isinstance(function, ast.Name) and path.name in DEFINING_MODULES:
        module, name = DEFINING_MODULES[path.name], function.id
    else:
        return None
    found = getattr(module, name, None)
    is_error = isinstance(found, type) and issubclass(found, exception.HeatException)
    return found if is_error else None


def call_sites():
    """``(location, class, positional count, keyword names)`` of every raise site."""
    for path in sorted(PACKAGE.rglob("*.py")):
        for node in ast.walk(ast.parse(path.read_text())):
            if not isinstance(node, ast.Call):
                continue
            error_class = heat_error_class(node, path)
            keywords = [keyword.arg for keyword in node.keywords]
            if error_class is None or None in keywords:  # ``**fields``: not knowable here
                continue
            location = "%s:%d" % (path.relative_to(PACKAGE.parent), node.lineno)
            yield location, error_class, len(node.args), tuple(keywords)


SITES = list(call_sites())


def round_trip(error):
    try:
        raise error
    except exception.HeatException:
        data = rpc_common.serialize_remote_exception(sys.exc_info())
    return rpc_common.deserialize_remote_exception(data, [exception.__name__])


def test_the_call_sites_are_found():
    classes = {error_class for _location, error_class, _count, _keywords in SITES}
    assert {exception.StackValidationFailed, exception.NotFound, exception.EntityNotFound} <= (
        classes
    )


@pytest.mark.parametrize(
    ("error_class", "positional", "keywords"),
    [site[1:] for site in SITES],
    ids=[site[0] for site in SITES],
)
def test_the_message_is_fully_formatted(error_class, positional, keywords):
    error = error_class(*["stand-in"] * positional, **dict.fromkeys(keywords, "stand-in"))
    given = set(error.kwargs)
    if "__init__" in vars(error_class):  # a constructor of its own writes the message
        given.add("message")
    if "message" not in error.kwargs:
        assert set(PLACEHOLDER.findall(error_class.msg_fmt)) <= given
    assert "%(" not in error.message
    # Errors of modules other than heat.common.exception come back as RemoteError.
    assert "%(" not in str(round_trip(error))
