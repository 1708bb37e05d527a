"""``AWS::CloudFormation::Stack``: a nested stack from a template URL (or a file of the
request), its outputs readable as ``Outputs.<name>`` attributes."""

from typing import Any

from heat.common import urlfetch
from heat.common.i18n import _
from heat.engine import properties, support
from heat.engine.resources.stack_resource import StackResource

OUTPUT_PREFIX = "Outputs."
MAX_TEMPLATE_SIZE = 524288


class NestedStack(StackResource):
    """A stack nested from ``TemplateURL`` with ``Parameters``."""

    support_status = support.SupportStatus()
    PROPERTIES = (TEMPLATE_URL, TIMEOUT_IN_MINS, PARAMETERS) = (
        "TemplateURL",
        "TimeoutInMinutes",
        "Parameters",
    )
    properties_schema = {
        TEMPLATE_URL: properties.Schema(
            properties.Schema.STRING,
            _("The URL of a template that specifies the stack to be created as a resource."),
            required=True,
            update_allowed=True,
        ),
        TIMEOUT_IN_MINS: properties.Schema(
            properties.Schema.INTEGER,
            _("The length of time, in minutes, to wait for the nested stack creation."),
            update_allowed=True,
        ),
        PARAMETERS: properties.Schema(
            properties.Schema.MAP,
            _("The set of parameters passed to this nested stack."),
            update_allowed=True,
        ),
    }

    def child_template(self) -> Any:
        url = self.properties[self.TEMPLATE_URL]
        files = self.stack.t.files
        if url in files:
            return files[url]
        try:
            conf = self.stack.settings.conf
            if conf is None:
                return urlfetch.get(url, MAX_TEMPLATE_SIZE)
            return urlfetch.get(url, conf.max_template_size, conf.template_fetch_timeout)
        except OSError as error:
            raise ValueError(
                _("Could not fetch remote template '%(url)s': %(error)s")
                % {"url": url, "error": error}
            )

    def child_params(self) -> dict[str, Any]:
        return dict(self.properties[self.PARAMETERS] or {})

    def child_timeout_mins(self) -> int | None:
        return self.properties[self.TIMEOUT_IN_MINS]

    def FnGetAtt(self, key: str, *path: Any) -> Any:  # noqa: N802 - Heat's public name
        if key.startswith(OUTPUT_PREFIX):
            return self.get_output(key[len(OUTPUT_PREFIX) :])
        return super().FnGetAtt(key, *path)


def resource_mapping() -> dict[str, type]:
    return {"AWS::CloudFormation::Stack": NestedStack}
