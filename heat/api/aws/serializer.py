"""AWS Query API bodies in XML (the default) or JSON (``ContentType=JSON``).

XML follows what CloudFormation clients parse: no namespace, a dict key becomes an
element, a list item becomes ``<member>``, booleans are ``true``/``false``, an unset
(None) field is left out, and template bodies and metadata are embedded as JSON text.
"""

import xml.etree.ElementTree as ElementTree

import webob
from oslo_serialization import jsonutils

from heat.api.aws import exception

# Values carried as JSON text inside one XML element, whatever their structure.
JSON_TEXT_KEYS = frozenset({"TemplateBody", "Metadata"})
# Values that are strings to clients; a structured value is written as JSON text.
TEXT_KEYS = frozenset(
    {"OutputValue", "ParameterValue", "DefaultValue", "ResourceProperties", "StateReasonData"}
)
XML_CONTENT_TYPE = "application/xml"
JSON_CONTENT_TYPE = "application/json"


def _fill(element: ElementTree.Element, value) -> None:
    if isinstance(value, dict):
        for key, item in value.items():
            if item is None:
                continue
            child = ElementTree.SubElement(element, str(key))
            structured = isinstance(item, (dict, list, tuple))
            if key in JSON_TEXT_KEYS or (key in TEXT_KEYS and structured):
                child.text = jsonutils.dumps(item)
            else:
                _fill(child, item)
    elif isinstance(value, (list, tuple)):
        for item in value:
            _fill(ElementTree.SubElement(element, "member"), item)
    elif isinstance(value, bool):
        element.text = "true" if value else "false"
    elif value is not None:
        element.text = str(value)


def to_xml(document: dict) -> str:
    """The XML text of a document holding one root key."""
    ((name, content),) = document.items()
    root = ElementTree.Element(name)
    _fill(root, content)
    return ElementTree.tostring(root, encoding="unicode")


def to_json(document: dict) -> str:
    """The JSON text of a document (unset fields stay ``null``)."""
    return jsonutils.dumps(document)


def _response(document: dict, status: str | int, as_json: bool) -> webob.Response:
    response = webob.Response(status=status, charset="utf-8")
    response.content_type = JSON_CONTENT_TYPE if as_json else XML_CONTENT_TYPE
    response.text = to_json(document) if as_json else to_xml(document)
    return response


def result_response(action: str, result, as_json: bool = False) -> webob.Response:
    """200 with ``{"<Action>Response": {"<Action>Result": result}}``."""
    document = {"%sResponse" % action: {"%sResult" % action: result}}
    return _response(document, 200, as_json)


def error_response(error: exception.HeatAPIException, as_json: bool = False) -> webob.Response:
    """The AWS error envelope of ``error`` with its HTTP status."""
    return _response(error.body(), error.status, as_json)
