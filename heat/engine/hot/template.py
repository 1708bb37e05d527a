"""Heat Orchestration Template (HOT) formats, one class per ``heat_template_version``.

Each class is data over :class:`heat.engine.template.Template`: its sections, resource and
output keys, deletion policies, function tables and parameter schema. A version named by
a release (``newton``...) is an alias of the dated version of that release.
"""

from typing import ClassVar

from heat.engine.hot import parameters as hot_parameters
from heat.engine.hot.function_tables import CONDITION_FUNCTIONS, FUNCTIONS
from heat.engine.template import Template

_BASE_RESOURCE_FIELDS = (
    "type",
    "properties",
    "metadata",
    "depends_on",
    "deletion_policy",
    "update_policy",
    "description",
)
_POLICIES = ("Delete", "Retain", "Snapshot")


class HOTemplate20130523(Template):
    """``heat_template_version: 2013-05-23``, which still accepts some CFN functions."""

    VERSION_KEY = "heat_template_version"
    template_type = "hot"
    versions: ClassVar[tuple[str, ...]] = ("2013-05-23",)
    functions = FUNCTIONS["2013-05-23"]
    condition_functions = CONDITION_FUNCTIONS["2013-05-23"]
    SECTIONS: ClassVar[tuple[str, ...]] = (
        "heat_template_version",
        "description",
        "parameter_groups",
        "parameters",
        "resources",
        "outputs",
    )
    DESCRIPTION = "description"
    PARAMETERS = "parameters"
    PARAMETER_GROUPS = "parameter_groups"
    RESOURCES = "resources"
    OUTPUTS = "outputs"
    RESOURCE_KEYS = {field: field for field in _BASE_RESOURCE_FIELDS}
    OUTPUT_KEYS = {"value": "value", "description": "description"}
    deletion_policies = {policy: policy for policy in _POLICIES}
    PARAMETER_DEFAULT_KEY = "default"
    param_schema_class = hot_parameters.HOTParamSchema
    pseudo_parameters_class = hot_parameters.HOTPseudoParameters

    def parameter_groups(self) -> list:
        """The raw ``parameter_groups`` section (empty when missing)."""
        return self.t.get(self.PARAMETER_GROUPS) or []


class HOTemplate20141016(HOTemplate20130523):
    """``2014-10-16``: the CFN functions are removed, ``get_attr`` takes a path."""

    versions: ClassVar[tuple[str, ...]] = ("2014-10-16",)
    functions = FUNCTIONS["2014-10-16"]
    condition_functions = CONDITION_FUNCTIONS["2014-10-16"]


class HOTemplate20150430(HOTemplate20141016):
    """``2015-04-30``: adds ``repeat`` and ``digest``."""

    versions: ClassVar[tuple[str, ...]] = ("2015-04-30",)
    functions = FUNCTIONS["2015-04-30"]
    condition_functions = CONDITION_FUNCTIONS["2015-04-30"]


class HOTemplate20151015(HOTemplate20150430):
    """``2015-10-15``: adds ``str_split``, removes ``Fn::Select``; get_attr of all attributes."""

    versions: ClassVar[tuple[str, ...]] = ("2015-10-15",)
    functions = FUNCTIONS["2015-10-15"]
    condition_functions = CONDITION_FUNCTIONS["2015-10-15"]


class HOTemplate20160408(HOTemplate20151015):
    """``2016-04-08``: adds ``map_merge``."""

    versions: ClassVar[tuple[str, ...]] = ("2016-04-08",)
    functions = FUNCTIONS["2016-04-08"]
    condition_functions = CONDITION_FUNCTIONS["2016-04-08"]


class HOTemplate20161014(HOTemplate20160408):
    """``2016-10-14`` (newton): the ``conditions`` section, resource ``condition`` and
    ``external_id``, output ``condition``, lowercase deletion policies."""

    versions: ClassVar[tuple[str, ...]] = ("2016-10-14", "newton")
    functions = FUNCTIONS["2016-10-14"]
    condition_functions = CONDITION_FUNCTIONS["2016-10-14"]
    CONDITIONS = "conditions"
    SECTIONS = HOTemplate20160408.SECTIONS + ("conditions",)
    RESOURCE_KEYS = {field: field for field in _BASE_RESOURCE_FIELDS + ("external_id", "condition")}
    OUTPUT_KEYS = {"value": "value", "description": "description", "condition": "condition"}
    deletion_policies = dict(
        HOTemplate20160408.deletion_policies, **{policy.lower(): policy for policy in _POLICIES}
    )


class HOTemplate20170224(HOTemplate20161014):
    """``2017-02-24`` (ocata): adds ``filter`` and ``str_replace_strict``; ``modulo``
    parameter constraints."""

    versions: ClassVar[tuple[str, ...]] = ("2017-02-24", "ocata")
    functions = FUNCTIONS["2017-02-24"]
    condition_functions = CONDITION_FUNCTIONS["2017-02-24"]
    param_schema_class = hot_parameters.HOTParamSchema20170224


class HOTemplate20170901(HOTemplate20170224):
    """``2017-09-01`` (pike): adds ``make_url``, ``list_concat``, ``contains``..."""

    versions: ClassVar[tuple[str, ...]] = ("2017-09-01", "pike")
    functions = FUNCTIONS["2017-09-01"]
    condition_functions = CONDITION_FUNCTIONS["2017-09-01"]


class HOTemplate20180302(HOTemplate20170901):
    """``2018-03-02`` (queens): parameter ``tags``."""

    versions: ClassVar[tuple[str, ...]] = ("2018-03-02", "queens")
    functions = FUNCTIONS["2018-03-02"]
    condition_functions = CONDITION_FUNCTIONS["2018-03-02"]
    param_schema_class = hot_parameters.HOTParamSchema20180302


class HOTemplate20180831(HOTemplate20180302):
    """``2018-08-31`` (rocky): the same functions as queens."""

    versions: ClassVar[tuple[str, ...]] = ("2018-08-31", "rocky")
    functions = FUNCTIONS["2018-08-31"]
    condition_functions = CONDITION_FUNCTIONS["2018-08-31"]


class HOTemplate20210416(HOTemplate20180831):
    """``2021-04-16`` (wallaby): ``if`` without a false value drops the enclosing item."""

    versions: ClassVar[tuple[str, ...]] = ("2021-04-16", "wallaby")
    functions = FUNCTIONS["2021-04-16"]
    condition_functions = CONDITION_FUNCTIONS["2021-04-16"]
