"""CloudFormation-style formats: ``AWSTemplateFormatVersion: 2010-09-09`` (with conditions)
and Heat's older ``HeatTemplateFormatVersion: 2012-12-12`` (without)."""

from collections.abc import Mapping
from typing import Any, ClassVar

from heat.engine.cfn import functions as cfn_functions
from heat.engine.cfn import parameters as cfn_parameters
from heat.engine.template import Template

_RESOURCE_KEYS = {
    "type": "Type",
    "properties": "Properties",
    "metadata": "Metadata",
    "depends_on": "DependsOn",
    "deletion_policy": "DeletionPolicy",
    "update_policy": "UpdatePolicy",
    "description": "Description",
}
_SECTIONS = (
    "AWSTemplateFormatVersion",
    "HeatTemplateFormatVersion",
    "Description",
    "Mappings",
    "Parameters",
    "Resources",
    "Outputs",
)


class CfnTemplateBase(Template):
    """What both CFN formats share: capitalised sections and keys, ``Mappings``."""

    template_type = "cfn"
    SECTIONS: ClassVar[tuple[str, ...]] = _SECTIONS
    DESCRIPTION = "Description"
    PARAMETERS = "Parameters"
    RESOURCES = "Resources"
    OUTPUTS = "Outputs"
    MAPPINGS = "Mappings"
    RESOURCE_KEYS = _RESOURCE_KEYS
    OUTPUT_KEYS = {"value": "Value", "description": "Description"}
    deletion_policies = {policy: policy for policy in ("Delete", "Retain", "Snapshot")}
    PARAMETER_DEFAULT_KEY = "Default"
    param_schema_class = cfn_parameters.CfnParamSchema
    pseudo_parameters_class = cfn_parameters.CfnPseudoParameters

    @property
    def mappings(self) -> Mapping[str, Any]:
        """The ``Mappings`` section read by ``Fn::FindInMap`` (empty when missing)."""
        return self.section(self.MAPPINGS)


class HeatTemplate(CfnTemplateBase):
    """``HeatTemplateFormatVersion: 2012-12-12``: no conditions, no ``Fn::If``."""

    VERSION_KEY = "HeatTemplateFormatVersion"
    versions: ClassVar[tuple[str, ...]] = ("2012-12-12",)
    functions = cfn_functions.HEAT_CFN_FUNCTIONS
    condition_functions = {}


class CfnTemplate(CfnTemplateBase):
    """``AWSTemplateFormatVersion: 2010-09-09``, with ``Conditions`` and ``Condition`` keys."""

    VERSION_KEY = "AWSTemplateFormatVersion"
    versions: ClassVar[tuple[str, ...]] = ("2010-09-09",)
    functions = cfn_functions.CFN_FUNCTIONS
    condition_functions = cfn_functions.CFN_CONDITION_FUNCTIONS
    CONDITIONS = "Conditions"
    SECTIONS = _SECTIONS + ("Conditions",)
    RESOURCE_KEYS = dict(_RESOURCE_KEYS, condition="Condition")
    OUTPUT_KEYS = {"value": "Value", "description": "Description", "condition": "Condition"}
