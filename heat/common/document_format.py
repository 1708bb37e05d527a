"""YAML and JSON reading and writing shared by templates and environments.

Reading is safe (no Python objects), keeps the key order and leaves YAML timestamps as
strings: ``heat_template_version: 2021-04-16`` is a version name, not a date; documents
nested too deep or expanding too far through aliases are refused before they are built.
Writing keeps the key order and prints multi-line strings as block scalars.
"""

import json
from typing import Any

import yaml

from heat.common import document_limits

_SafeLoader = getattr(yaml, "CSafeLoader", yaml.SafeLoader)
_SafeDumper = getattr(yaml, "CSafeDumper", yaml.SafeDumper)


class _Loader(_SafeLoader):  # type: ignore[valid-type, misc]
    """A safe YAML loader that reads timestamps as plain strings."""


_Loader.add_constructor("tag:yaml.org,2002:timestamp", _Loader.construct_yaml_str)


class _DetailedLoader(yaml.SafeLoader):
    """The pure-Python safe loader, for its error messages that quote the document."""


_DetailedLoader.add_constructor(
    "tag:yaml.org,2002:timestamp",
    _DetailedLoader.construct_yaml_str,  # type: ignore[type-var]
)


class _Dumper(_SafeDumper):  # type: ignore[valid-type, misc]
    """A safe YAML dumper that writes strings with newlines as ``|`` block scalars."""


def _represent_str(dumper: yaml.SafeDumper, text: str) -> yaml.Node:
    style = "|" if "\n" in text else None
    return dumper.represent_scalar("tag:yaml.org,2002:str", text, style=style)


_Dumper.add_representer(str, _represent_str)


def load(text: str) -> Any:
    """The document in ``text``, read as JSON when it is JSON, else as YAML; ``ValueError``
    with the parser's message when it is neither, or when it is nested too deep or
    expands too far (:mod:`heat.common.document_limits`)."""
    if text.lstrip().startswith("{"):
        document_limits.check_json_text(text)
        try:
            return json.loads(text)
        except ValueError:
            pass  # a YAML flow mapping also starts with "{"
    try:
        document_limits.check_yaml_text(text)
        return yaml.load(text, Loader=_Loader)  # noqa: S506 - _Loader is a safe loader
    except yaml.YAMLError:
        pass
    # The pure-Python parser's message quotes the faulty lines, as Heat's answers do.
    try:
        document_limits.check_yaml_text(text, _DetailedLoader)
        return yaml.load(text, Loader=_DetailedLoader)  # noqa: S506 - a safe loader
    except yaml.YAMLError as error:
        raise ValueError(str(error))


def dump(document: Any) -> str:
    """``document`` as block-style YAML text, keys in their given order."""
    return yaml.dump(
        document, Dumper=_Dumper, default_flow_style=False, sort_keys=False, allow_unicode=True
    )
