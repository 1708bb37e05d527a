"""``My::Nova::Flavor``: a Nova flavor private to the stack's project, as the 2014 contrib
plugin made them; its extra specs change in place."""

from oslo_log import log as logging

from heat.engine import attributes, resource

from . import flavor_schema
from .flavor_schema import EXTRA_SPECS

LOG = logging.getLogger(__name__)


class MyNovaFlavor(resource.Resource):
    """A private Nova flavor that only the stack's project may use.

    Made before Nova flavors were a built-in type, for projects that need their own sizes
    (creating flavors is an administrator's right under Nova's default policy).
    """

    default_client_name = "nova"

    properties_schema = flavor_schema.SCHEMA
    attributes_schema = {
        "name": attributes.Schema(
            "The name Nova knows the flavor by.", type=attributes.Schema.STRING
        ),
    }

    def handle_create(self):
        fields = {key: self.properties[key] for key in flavor_schema.PROPERTIES}
        extra_specs = fields.pop(EXTRA_SPECS)
        nova = self.client()
        flavor = nova.create_flavor(name=self.physical_resource_name(), is_public=False, **fields)
        self.resource_id_set(flavor.id)
        if extra_specs:
            nova.create_flavor_extra_specs(flavor.id, extra_specs)
        nova.flavor_add_tenant_access(flavor.id, self.context.project_id)

    def handle_update(self, json_snippet, tmpl_diff, prop_diff):
        if EXTRA_SPECS not in prop_diff:
            return
        nova = self.client()
        old = nova.fetch_flavor_extra_specs(self.resource_id).extra_specs or {}
        for key in set(old) - set(prop_diff[EXTRA_SPECS]):
            nova.delete_flavor_extra_specs_property(self.resource_id, key)
        if prop_diff[EXTRA_SPECS]:
            nova.create_flavor_extra_specs(self.resource_id, prop_diff[EXTRA_SPECS])

    def handle_delete(self):
        if self.resource_id is not None:
            self.client().delete_flavor(self.resource_id, ignore_missing=True)

    def _resolve_attribute(self, name):
        if name == "name" and self.resource_id is not None:
            return self.client().get_flavor(self.resource_id).name
        return None


def resource_mapping():
    return {"My::Nova::Flavor": MyNovaFlavor}
