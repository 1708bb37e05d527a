"""The v1 route table as data, and the Routes mapper built from it.

Each route is (method, path, controller, action[, requirements]). Order matters: fixed
paths (``stacks/detail``) and stack look-ups come before the canonical stack paths.
After the table, every distinct path answers OPTIONS with 204 and ``Allow``, and any
other method with 405.
"""

import routes
import webob.exc

from heat.common import wsgi

T = "/{tenant_id}"
STACKS = T + "/stacks"
S = STACKS + "/{stack_name}/{stack_id}"
RES = S + "/resources/{resource_name}"
ARN = {"stack_name": r"arn:.*"}
GET_PATHS = {"path": "resources|events|template|actions|environment|files|change_sets"}
POST_PATHS = {"path": "resources|events|template|actions|change_sets"}
LOOKUP_METHODS = ("GET", "POST", "PUT", "PATCH", "DELETE")

ROUTES: tuple[tuple, ...] = (
    ("GET", "/", "versions", "index"),
    ("POST", T + "/validate", "validate", "validate_template"),
    ("GET", T + "/resource_types", "resource_types", "list_resource_types"),
    ("GET", T + "/resource_types/{type_name}", "resource_types", "resource_schema"),
    ("GET", T + "/resource_types/{type_name}/template", "resource_types", "generate_template"),
    ("GET", T + "/template_versions", "template_versions", "list_template_versions"),
    (
        "GET",
        T + "/template_versions/{template_version}/functions",
        "template_versions",
        "list_template_functions",
    ),
    ("GET", STACKS, "stacks", "index"),
    ("POST", STACKS, "stacks", "create"),
    ("POST", STACKS + "/preview", "stacks", "preview"),
    ("GET", STACKS + "/detail", "stacks", "detail"),
    *((method, STACKS + "/{stack_name}", "stacks", "lookup", ARN) for method in LOOKUP_METHODS),
    *((method, STACKS + "/{stack_name}", "stacks", "lookup") for method in LOOKUP_METHODS),
    ("GET", STACKS + "/{stack_name}/{path}", "stacks", "lookup", GET_PATHS),
    ("POST", STACKS + "/{stack_name}/{path}", "stacks", "lookup", POST_PATHS),
    ("GET", S, "stacks", "show"),
    ("GET", S + "/template", "stacks", "template"),
    ("GET", S + "/environment", "stacks", "environment"),
    ("GET", S + "/files", "stacks", "files"),
    ("PUT", S, "stack_updates", "update"),
    ("PATCH", S, "stack_updates", "update_patch"),
    ("PUT", S + "/preview", "stack_updates", "preview_update"),
    ("PATCH", S + "/preview", "stack_updates", "preview_update_patch"),
    ("DELETE", S, "stacks", "delete"),
    ("DELETE", S + "/abandon", "stacks", "abandon"),
    ("GET", S + "/export", "stacks", "export"),
    ("GET", S + "/drift", "stacks", "drift"),
    ("POST", S + "/change_sets", "change_sets", "create"),
    ("GET", S + "/change_sets", "change_sets", "index"),
    ("GET", S + "/change_sets/{change_set}", "change_sets", "show"),
    ("DELETE", S + "/change_sets/{change_set}", "change_sets", "delete"),
    ("POST", S + "/change_sets/{change_set}/execute", "change_sets", "execute"),
    ("POST", S + "/snapshots", "snapshots", "snapshot"),
    ("GET", S + "/snapshots", "snapshots", "list_snapshots"),
    ("GET", S + "/snapshots/{snapshot_id}", "snapshots", "show_snapshot"),
    ("DELETE", S + "/snapshots/{snapshot_id}", "snapshots", "delete_snapshot"),
    ("POST", S + "/snapshots/{snapshot_id}/restore", "snapshots", "restore_snapshot"),
    ("GET", S + "/outputs", "outputs", "list_outputs"),
    ("GET", S + "/outputs/{output_key}", "outputs", "show_output"),
    ("GET", S + "/resources", "resources", "index"),
    ("GET", RES, "resources", "show"),
    ("GET", RES + "/metadata", "resources", "metadata"),
    ("POST", RES + "/signal", "resources", "signal"),
    ("PATCH", RES, "resources", "mark_unhealthy"),
    ("GET", S + "/events", "events", "index"),
    ("GET", RES + "/events", "events", "index"),
    ("GET", RES + "/events/{event_id}", "events", "show"),
    ("POST", S + "/actions", "actions", "action"),
    ("GET", T + "/build_info", "build_info", "build_info"),
    ("GET", T + "/software_configs", "software_configs", "index"),
    ("POST", T + "/software_configs", "software_configs", "create"),
    ("GET", T + "/software_configs/{config_id}", "software_configs", "show"),
    ("DELETE", T + "/software_configs/{config_id}", "software_configs", "delete"),
    ("GET", T + "/software_deployments", "software_deployments", "index"),
    ("POST", T + "/software_deployments", "software_deployments", "create"),
    (
        "GET",
        T + "/software_deployments/metadata/{server_id}",
        "software_deployments",
        "metadata",
    ),
    ("GET", T + "/software_deployments/{deployment_id}", "software_deployments", "show"),
    ("PUT", T + "/software_deployments/{deployment_id}", "software_deployments", "update"),
    ("DELETE", T + "/software_deployments/{deployment_id}", "software_deployments", "delete"),
    ("GET", T + "/services", "services", "index"),
)


ROUTES_WITH_REQUIREMENTS = tuple(route if len(route) > 4 else route + ({},) for route in ROUTES)


class MethodController:
    """Answers OPTIONS (204 + Allow) and unrouted methods (405 + Allow) of a known path."""

    def options(self, request, allowed, **path_arguments):
        """204 with the methods routed for the path."""
        return wsgi.empty_response(204, {"Allow": allowed})

    def not_allowed(self, request, allowed, **path_arguments):
        """405 (through faultwrap) with the methods routed for the path."""
        raise webob.exc.HTTPMethodNotAllowed(headers=[("Allow", allowed)])


def _paths() -> dict[tuple, list[str]]:
    """Each distinct (path, requirements) with its methods, in table order."""
    paths: dict[tuple, list[str]] = {}
    for method, path, *_, requirements in ROUTES_WITH_REQUIREMENTS:
        key = (path, tuple(sorted(requirements.items())))
        paths.setdefault(key, [])
        if method not in paths[key]:
            paths[key].append(method)
    return paths


def build_mapper(controllers: dict) -> routes.Mapper:
    """A mapper of every route to ``controllers[name]``, then the OPTIONS and 405 routes."""
    mapper = routes.Mapper()
    for method, path, name, action, requirements in ROUTES_WITH_REQUIREMENTS:
        mapper.connect(
            path,
            controller=controllers[name],
            action=action,
            conditions={"method": [method]},
            requirements=requirements,
        )
    methods = wsgi.Resource(MethodController(), max_body_size=0)
    for (path, requirements), allowed in _paths().items():
        for action, conditions in (("options", {"method": ["OPTIONS"]}), ("not_allowed", {})):
            mapper.connect(
                path,
                controller=methods,
                action=action,
                allowed=",".join(allowed),
                conditions=conditions,
                requirements=dict(requirements),
            )
    return mapper
