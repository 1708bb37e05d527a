"""Keystone's content in the lab: heat's users, roles, stack domain and endpoints (made by
tools/keystone/keystone_provision.py), plus a service user and catalog entries for every
lab service.
"""

import pathlib
import sys

sys.path.insert(0, str(pathlib.Path(__file__).resolve().parents[1] / "keystone"))

import keystone_provision  # noqa: E402
from lab_layout import Layout  # noqa: E402

SERVICE_USERS = (
    "glance",
    "placement",
    "nova",
    "neutron",
    "cinder",
    "swift",
    "octavia",
    "designate",
    "barbican",
    "zaqar",
    "aodh",
    "gnocchi",
    "manila",
    "mistral",
    "ironic",
)
# Catalog entries of the lab's services: type -> (name, description).
SERVICES = {
    "image": ("glance", "Image service"),
    "placement": ("placement", "Placement service"),
    "compute": ("nova", "Compute service"),
    "network": ("neutron", "Networking service"),
    "block-storage": ("cinder", "Block storage service"),
    "volumev3": ("cinderv3", "Block storage service v3"),
    "object-store": ("swift", "Object storage service"),
    "load-balancer": ("octavia", "Load balancing service"),
    "dns": ("designate", "DNS service"),
    "key-manager": ("barbican", "Key Manager service"),
    "messaging": ("zaqar", "Messaging service"),
    "alarming": ("aodh", "Alarming service"),
    "metric": ("gnocchi", "Metric service"),
    "sharev2": ("manilav2", "Shared file systems service v2"),
    "shared-file-system": ("manila", "Shared file systems service"),
    "workflowv2": ("mistral", "Workflow service v2"),
    "baremetal": ("ironic", "Bare metal provisioning service"),
}


def ensure_service(client, service_type: str, url: str) -> str:
    """The service of this type with public, internal and admin endpoints at url; its id."""
    name, description = SERVICES[service_type]
    found = client.services.list(type=service_type)
    service = (
        found[0]
        if found
        else client.services.create(name=name, type=service_type, description=description)
    )
    existing = {endpoint.interface for endpoint in client.endpoints.list(service=service)}
    for interface in ("public", "internal", "admin"):
        if interface not in existing:
            client.endpoints.create(
                service, url, interface=interface, region=keystone_provision.REGION
            )
    return service.id


def provision(layout: Layout, passwords: dict, heat_endpoints: dict) -> dict:
    """Make heat's and the services' users and every endpoint; return them for lab.json."""
    state = keystone_provision.provision(layout.auth_url, passwords, heat_endpoints)
    client = keystone_provision.admin_client(layout.auth_url, passwords["admin"])
    admin_role = keystone_provision.ensure_role(client, "admin")
    service_role = keystone_provision.ensure_role(client, "service")
    state["roles"]["service"] = service_role.id
    project = keystone_provision.ensure_project(client, "service")
    service_users = {}
    for name in filter(layout.runs, SERVICE_USERS):
        user = keystone_provision.ensure_user(client, name, passwords["service"], project)
        for role in (admin_role, service_role):
            client.roles.grant(role, user=user, project=project)
        service_users[name] = {
            "username": name,
            "password": passwords["service"],
            "user_id": user.id,
            "project_name": "service",
            "project_id": project.id,
        }
    state["service_users"] = service_users
    for service_type, url in layout.endpoints.items():
        if service_type != "identity":
            ensure_service(client, service_type, url)
    return state
