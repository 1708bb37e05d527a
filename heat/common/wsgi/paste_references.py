"""Names of Python objects in a paste file: resolving one, and finding those that do not
resolve, so that heat can refuse a file naming the line to change rather than with a
bare ImportError."""

import dataclasses
import importlib
import re

# Options whose value names a Python object that Paste Deploy, or heat.common.wsgi's
# generic factories, import.
_FACTORY_OPTIONS = frozenset(
    {
        "paste.app_factory",
        "paste.filter_factory",
        "paste.composite_factory",
        "paste.filter_app_factory",
        "heat.app_factory",
        "heat.filter_factory",
    }
)
_OPTION_LINE = re.compile(r"^(?P<option>[^=:\s][^=:]*?)\s*[=:]\s*(?P<value>.*)$")

# Factories of older OpenStack Heat releases, and what takes their place.
REPLACEMENTS = {
    "heat.openstack.common.middleware.request_id:RequestIdMiddleware.factory": (
        "oslo_middleware.request_id:RequestId.factory"
    ),
    "heat.common.auth_token:filter_factory": "keystonemiddleware.auth_token:filter_factory",
}


def resolve(reference: str):
    """The object ``module:attribute.path`` (or ``module.attribute``) names."""
    module_name, colon, attributes = reference.strip().partition(":")
    if not colon:
        module_name, _, attributes = module_name.rpartition(".")
    found = importlib.import_module(module_name)
    for attribute in attributes.split(".") if attributes else []:
        found = getattr(found, attribute)
    return found


@dataclasses.dataclass
class UnavailableFactory:
    """A line of a paste file naming a factory that cannot be imported."""

    line_number: int
    section: str
    line: str
    reference: str
    error: str

    def __str__(self) -> str:
        advice = REPLACEMENTS.get(self.reference)
        return "line %d, [%s]: %s (%s)%s" % (
            self.line_number,
            self.section,
            self.line,
            self.error,
            "; use %s instead" % advice if advice else "",
        )


def _import_error(reference: str) -> str | None:
    try:
        resolve(reference)
    except (ImportError, AttributeError, ValueError) as error:
        return str(error) or type(error).__name__
    return None


def unavailable_factories(path: str) -> list[UnavailableFactory]:
    """Every line of the paste file at ``path`` that names a factory we cannot import."""
    found = []
    section = ""
    with open(path) as paste_file:
        for number, raw_line in enumerate(paste_file, 1):
            line = raw_line.strip()
            if line.startswith("[") and line.endswith("]"):
                section = line[1:-1].strip()
                continue
            match = _OPTION_LINE.match(line)
            if not match or match.group("option") not in _FACTORY_OPTIONS:
                continue
            reference = match.group("value").strip()
            error = _import_error(reference)
            if error is not None:
                found.append(UnavailableFactory(number, section, line, reference, error))
    return found
