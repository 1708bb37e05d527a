"""ValidateTemplate and EstimateTemplateCost through boto3."""

import pytest
from botocore.exceptions import ClientError

from tests.functional.aws.cfn import error_code, template


def test_validate_reports_description_and_parameters(cloudformation):
    answer = cloudformation.validate_template(TemplateBody=template("described.yaml"))
    assert answer["Description"] == "A stack the CloudFormation API describes"
    parameters = {item["ParameterKey"]: item for item in answer["Parameters"]}
    assert parameters["Flavor"]["DefaultValue"] == "small"
    assert parameters["Flavor"]["Description"] == "How big the stack is"
    assert parameters["Flavor"]["NoEcho"] is False
    assert parameters["Secret"]["NoEcho"] is True


def test_validate_a_template_without_parameters(cloudformation):
    answer = cloudformation.validate_template(TemplateBody=template("slow_update.yaml"))
    assert {item["ParameterKey"] for item in answer["Parameters"]} == {"value", "update_wait"}


def test_validate_answers_an_invalid_template_without_parameters(cloudformation):
    # As upstream: the engine's error text becomes the (unparsable) result, not an error.
    body = '{"AWSTemplateFormatVersion": "2010-09-09", "Resources": {"r": {"Type": "No::Such"}}}'
    answer = cloudformation.validate_template(TemplateBody=body)
    assert answer["ResponseMetadata"]["HTTPStatusCode"] == 200
    assert "Parameters" not in answer


def test_validate_what_is_not_a_template(cloudformation):
    with pytest.raises(ClientError) as raised:
        cloudformation.validate_template(TemplateBody="[1, 2")
    assert error_code(raised) == ("InvalidParameterValue", 400)
    assert "JSON or YAML" in str(raised.value)


def test_estimate_template_cost(cloudformation):
    answer = cloudformation.estimate_template_cost(TemplateBody=template("described.yaml"))
    assert answer["Url"] == "http://en.wikipedia.org/wiki/Gratis"
