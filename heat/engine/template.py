"""Templates: one class per format version, chosen through the ``heat.templates`` plugins.

A :class:`Template` is a mapping of the raw sections of a template document. A version
class declares its data (sections, resource and output keys, deletion policies, function
tables, parameter schema class); this base class does the work shared by every format:
parsing snippets into :class:`heat.engine.function.Function` trees, checking structure,
and building resource, output and condition definitions for a stack.
"""

import collections.abc
import functools
from collections.abc import Iterator, Mapping
from typing import Any, ClassVar

from stevedore import extension

from heat.common import exception
from heat.common.i18n import _
from heat.engine import function, template_sections
from heat.engine import parameters as parameters_module
from heat.engine.conditions import Conditions
from heat.engine.output import OutputDefinition
from heat.engine.rsrc_defn import ResourceDefinition

TEMPLATE_NAMESPACE = "heat.templates"
_INVALID_IN_CONDITION = object()


class Template(collections.abc.Mapping):
    """A template document of one format version; ``files`` feeds ``get_file``."""

    VERSION_KEY: ClassVar[str]
    template_type: ClassVar[str]
    versions: ClassVar[tuple[str, ...]]
    functions: ClassVar[Mapping[str, type | None]]
    condition_functions: ClassVar[Mapping[str, type | None]] = {}
    SECTIONS: ClassVar[tuple[str, ...]]
    DESCRIPTION: ClassVar[str]
    PARAMETERS: ClassVar[str]
    RESOURCES: ClassVar[str]
    OUTPUTS: ClassVar[str]
    CONDITIONS: ClassVar[str | None] = None
    RESOURCE_KEYS: ClassVar[Mapping[str, str]]
    OUTPUT_KEYS: ClassVar[Mapping[str, str]]
    deletion_policies: ClassVar[Mapping[str, str]]
    PARAMETER_DEFAULT_KEY: ClassVar[str]
    param_schema_class: ClassVar[Any]
    pseudo_parameters_class: ClassVar[Any]

    def __init__(self, template: Mapping[str, Any], files: Mapping | None = None, env: Any = None):
        self.id: int | None = None  # the raw_template row, once stored
        self.t = template
        self.files = dict(files or {})
        self.env = env

    def __getitem__(self, section: str) -> Any:
        return self.t[section]

    def __iter__(self) -> Iterator[str]:
        return iter(self.t)

    def __len__(self) -> int:
        return len(self.t)

    @property
    def version(self) -> tuple[str, str]:
        """``(version key, version)`` as written in the document."""
        return self.VERSION_KEY, str(self.t.get(self.VERSION_KEY))

    def description(self) -> Any:
        """The description as Heat reports it: ``No description`` when it is missing or
        empty."""
        return self.t.get(self.DESCRIPTION) or "No description"

    def section(self, name: str | None) -> Mapping[str, Any]:
        """The map section ``name``, empty when missing or null; a section of another type
        raises StackValidationFailed."""
        value = self.t.get(name) if name else None
        if value is None:
            return {}
        if not isinstance(value, collections.abc.Mapping):
            message = _('"%(section)s" must be a map. Found a %(type)s instead')
            raise exception.StackValidationFailed(
                path=name, message=message % {"section": name, "type": type(value).__name__}
            )
        return value

    def parse(self, stack: Any, snippet: Any, path: str = "") -> Any:
        """``snippet`` with every call of this version's functions made a Function."""
        return _parse(self.functions, stack, snippet, path, self)

    def parse_condition(self, stack: Any, snippet: Any, path: str = "") -> Any:
        """``snippet`` parsed with the condition functions; other functions are refused."""
        return _parse(_condition_table(type(self)), stack, snippet, path, self)

    def validate(self) -> None:
        """Check the sections and the keys of every resource and output; errors name the
        template path of the fault."""
        for section in self.t:
            if section not in self.SECTIONS:
                raise exception.InvalidTemplateSection(section=section)
        self.section(self.PARAMETERS)
        for name, snippet in self.section(self.RESOURCES).items():
            template_sections.check_resource(self, name, snippet)
        for name, snippet in self.section(self.OUTPUTS).items():
            template_sections.check_output(self, name, snippet)
        self._condition_definitions()

    def param_schemata(self, param_defaults: Mapping | None = None) -> dict[str, Any]:
        """``{name: parameters.Schema}`` of the parameters section, with ``param_defaults``
        replacing the template's defaults."""
        param_defaults = param_defaults or {}
        schemata = {}
        for name, schema in self.section(self.PARAMETERS).items():
            if name in param_defaults and isinstance(schema, collections.abc.Mapping):
                schema = dict(schema, **{self.PARAMETER_DEFAULT_KEY: param_defaults[name]})
            schemata[name] = self.param_schema_class.from_dict(name, schema)
        return schemata

    def parameters(
        self, stack_identifier: Any, user_params: Mapping, param_defaults: Mapping | None = None
    ) -> Any:
        """The template's Parameters with ``user_params`` and the pseudo parameters."""
        return parameters_module.Parameters(
            stack_identifier,
            self.param_schemata(param_defaults),
            user_params,
            param_defaults,
            pseudo=self.pseudo_parameters_class(),
        )

    def parameter_groups(self) -> list:
        """The raw ``parameter_groups`` section (empty for formats without one)."""
        return []

    def conditions(self, stack: Any) -> Conditions:
        """The conditions section parsed against ``stack`` (empty without one)."""
        definitions = {
            name: self.parse_condition(stack, snippet, "%s.%s" % (self.CONDITIONS, name))
            for name, snippet in self._condition_definitions().items()
        }
        return Conditions(definitions, self.CONDITIONS or "conditions")

    def enabled_resource_names(self, stack: Any) -> list[str]:
        """Names of the resources whose condition holds for ``stack``, in template order."""
        return [
            name
            for name, snippet in self.section(self.RESOURCES).items()
            if template_sections.resource_enabled(self, stack, name, snippet)
        ]

    def resource_definitions(self, stack: Any) -> dict[str, ResourceDefinition]:
        """``{name: ResourceDefinition}`` of the enabled resources, parsed against ``stack``."""
        resources = self.section(self.RESOURCES)
        return {
            name: template_sections.resource_definition(self, stack, name, resources[name])
            for name in self.enabled_resource_names(stack)
        }

    def outputs(self, stack: Any) -> dict[str, OutputDefinition]:
        """``{name: OutputDefinition}`` of every output (None values when disabled)."""
        return {
            name: template_sections.output_definition(self, stack, name, snippet)
            for name, snippet in self.section(self.OUTPUTS).items()
        }

    def _condition_definitions(self) -> Mapping[str, Any]:
        if self.CONDITIONS is None or self.t.get(self.CONDITIONS) is None:
            return {}
        definitions = self.t[self.CONDITIONS]
        if not isinstance(definitions, collections.abc.Mapping):
            message = _("Condition definitions must be a map. Found a %s instead")
            raise exception.StackValidationFailed(
                error="Conditions validation error", message=message % type(definitions).__name__
            )
        return definitions


@functools.cache
def _condition_table(template_class: type[Template]) -> dict[str, Any]:
    table: dict[str, Any] = dict.fromkeys(template_class.functions, _INVALID_IN_CONDITION)
    table.update(template_class.condition_functions)
    return table


def _parse(table: Mapping[str, Any], stack: Any, snippet: Any, path: str, template: Any) -> Any:
    if type(snippet) in function.LEAF_TYPES:
        return snippet
    if isinstance(snippet, collections.abc.Mapping):
        if len(snippet) == 1:
            name, args = next(iter(snippet.items()))
            if name in table:
                return _call(table, stack, name, args, path, template)
        return {
            key: _parse(table, stack, value, "%s.%s" % (path, key) if path else str(key), template)
            for key, value in snippet.items()
        }
    if isinstance(snippet, list):
        return [
            _parse(table, stack, value, "%s[%d]" % (path, index), template)
            for index, value in enumerate(snippet)
        ]
    return snippet


def _call(table: Mapping[str, Any], stack: Any, name: str, args: Any, path: str, template: Any):
    path = "%s.%s" % (path, name) if path else name
    function_class = table[name]
    if function_class is None:
        key, version = template.version
        message = _(
            "The function %(name)s is not supported in this version of %(key)s: %(version)s"
        )
        raise exception.StackValidationFailed(
            path=path, message=message % {"name": name, "key": key, "version": version}
        )
    if function_class is _INVALID_IN_CONDITION:
        message = _('The function "%s" is invalid in this context') % name
        raise exception.StackValidationFailed(path=path, message=message)
    parsed_args = _parse(table, stack, args, path, template)
    try:
        return function_class(stack, name, parsed_args)
    except exception.StackValidationFailed:
        raise
    except (exception.HeatException, ValueError, TypeError, KeyError) as error:
        text = str(error.args[0]) if isinstance(error, KeyError) and error.args else str(error)
        raise exception.StackValidationFailed(path=path, message=text)


class TemplateRegistry:
    """The template classes by ``(version key, version)``, from ``<key>.<version>`` names."""

    def __init__(self, classes: Mapping[str, type[Template]]):
        self._classes: dict[tuple[str, str], type[Template]] = {}
        for entry_name, template_class in classes.items():
            key, _dot, version = entry_name.partition(".")
            self._classes[(key, version)] = template_class

    @classmethod
    def from_entry_points(cls) -> "TemplateRegistry":
        """The registry of every plugin installed in the ``heat.templates`` group."""
        manager: extension.ExtensionManager[Any] = extension.ExtensionManager(
            TEMPLATE_NAMESPACE, invoke_on_load=False
        )
        return cls({ext.name: ext.plugin for ext in manager})

    def class_for_version(self, key: str, version: str) -> type[Template] | None:
        """The class answering ``key: version``, or None."""
        return self._classes.get((key, version))

    def template_class(self, template: Mapping[str, Any]) -> type[Template]:
        """The class for ``template``'s version key; InvalidTemplateVersion when the key is
        missing, ambiguous or names an unknown version."""
        known_keys = sorted({key for key, _version in self._classes})
        present = [key for key in known_keys if key in template]
        if not present:
            raise exception.InvalidTemplateVersion(message=_("Template format version not found."))
        if len(present) > 1:
            explanation = _("Ambiguous versions (%s)") % ", ".join(present)
            raise exception.InvalidTemplateVersion(explanation=explanation)
        key = present[0]
        version = str(template[key])
        template_class = self._classes.get((key, version))
        if template_class is None:
            known = sorted(v for k, v in self._classes if k == key)
            explanation = _('"%(version)s". "%(key)s" should be one of: %(known)s') % {
                "version": version,
                "key": key,
                "known": ", ".join(known),
            }
            raise exception.InvalidTemplateVersion(explanation=explanation)
        return template_class

    def load(
        self, template: Mapping[str, Any], files: Mapping | None = None, env: Any = None
    ) -> Template:
        """``template`` as an instance of the class of its version."""
        return self.template_class(template)(template, files=files, env=env)

    def versions(self) -> list[dict[str, Any]]:
        """``{"version", "type", "aliases"}`` per class: its first version names the entry,
        its other registered versions are aliases. Newest HOT first, then CFN."""
        by_class: dict[type[Template], list[str]] = {}
        for (key, version), template_class in self._classes.items():
            by_class.setdefault(template_class, []).append("%s.%s" % (key, version))
        entries = []
        for template_class, names in by_class.items():
            main = "%s.%s" % (template_class.VERSION_KEY, template_class.versions[0])
            aliases = sorted(name for name in names if name != main)
            entries.append(
                {"version": main, "type": template_class.template_type, "aliases": aliases}
            )
        return sorted(entries, key=lambda entry: entry["version"], reverse=True)
