"""XML and JSON bodies of the AWS Query APIs."""

import json
import xml.etree.ElementTree as ElementTree

from heat.api.aws import exception, serializer


def test_dict_keys_become_elements_and_list_items_members():
    text = serializer.to_xml({"R": {"Items": [{"A": "1"}, {"A": "2"}]}})
    assert text == "<R><Items><member><A>1</A></member><member><A>2</A></member></Items></R>"


def test_unset_fields_are_left_out():
    text = serializer.to_xml({"R": {"A": None, "B": "b"}})
    assert text == "<R><B>b</B></R>"


def test_booleans_are_lowercase():
    assert serializer.to_xml({"R": {"Yes": True, "No": False}}) == (
        "<R><Yes>true</Yes><No>false</No></R>"
    )


def test_template_body_and_metadata_are_json_text():
    root = ElementTree.fromstring(
        serializer.to_xml({"R": {"TemplateBody": {"a": [1]}, "Metadata": {"b": None}}})
    )
    assert json.loads(root.findtext("TemplateBody")) == {"a": [1]}
    assert json.loads(root.findtext("Metadata")) == {"b": None}


def test_structured_output_values_are_json_text_but_strings_stay_plain():
    root = ElementTree.fromstring(
        serializer.to_xml({"R": {"O": [{"OutputValue": {"k": 1}}, {"OutputValue": "v"}]}})
    )
    values = [member.findtext("OutputValue") for member in root.iter("member")]
    assert values == ['{"k": 1}', "v"]


def test_text_is_escaped():
    root = ElementTree.fromstring(serializer.to_xml({"R": {"A": "<&>"}}))
    assert root.findtext("A") == "<&>"


def test_result_response_wraps_the_action():
    response = serializer.result_response("ListStacks", {"StackSummaries": []})
    assert response.status_int == 200
    assert response.content_type == "application/xml"
    assert response.text == (
        "<ListStacksResponse><ListStacksResult><StackSummaries /></ListStacksResult>"
        "</ListStacksResponse>"
    )


def test_json_result_keeps_nulls():
    response = serializer.result_response("PutMetricData", {"ResponseMetadata": None}, True)
    assert response.json == {
        "PutMetricDataResponse": {"PutMetricDataResult": {"ResponseMetadata": None}}
    }


def test_error_response_has_the_error_status():
    response = serializer.error_response(exception.HeatSignatureError())
    assert response.status_int == 403
    root = ElementTree.fromstring(response.body)
    assert root.tag == "ErrorResponse"
    assert root.findtext("Error/Code") == "SignatureDoesNotMatch"
