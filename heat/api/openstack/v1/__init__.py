"""The v1 REST API application: the route table bound to one controller per scope.

``API(conf, engine_client=None)`` is also the Paste app factory (``API.factory``); the
engine client defaults to the process's (see :mod:`heat.api.engine_client`).
"""

from heat.api import engine_client as engine_clients
from heat.api import versions
from heat.api.openstack.v1 import (
    actions,
    change_sets,
    events,
    resources,
    route_table,
    services,
    snapshots,
    software_configs,
    software_deployments,
    stack_updates,
    stacks,
    templates,
)
from heat.common import wsgi

CONTROLLERS = {
    "stacks": stacks.StackController,
    "stack_updates": stack_updates.StackUpdateController,
    "snapshots": snapshots.SnapshotController,
    "outputs": snapshots.OutputController,
    "resources": resources.ResourceController,
    "events": events.EventController,
    "actions": actions.ActionController,
    "change_sets": change_sets.ChangeSetController,
    "build_info": services.BuildInfoController,
    "services": services.ServiceController,
    "software_configs": software_configs.SoftwareConfigController,
    "software_deployments": software_deployments.SoftwareDeploymentController,
    "template_versions": templates.TemplateVersionController,
    "resource_types": templates.ResourceTypeController,
    "validate": templates.ValidateController,
}


class API(wsgi.Router):
    """The ``/v1`` WSGI application."""

    def __init__(self, conf, engine_client=None):
        engine_client = engine_client or engine_clients.get_engine_client(conf)
        max_body = conf.max_json_body_size
        controllers = {
            name: wsgi.Resource(controller_class(conf, engine_client), max_body)
            for name, controller_class in CONTROLLERS.items()
        }
        controllers["versions"] = wsgi.Resource(versions.Controller(conf), max_body)
        super().__init__(route_table.build_mapper(controllers))

    @classmethod
    def factory(cls, global_conf, **local_conf):
        """Paste ``app_factory``."""
        return cls(wsgi.conf_from(global_conf))
