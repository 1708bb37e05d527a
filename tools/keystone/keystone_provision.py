"""Create through Keystone's Python API what heat needs: service user, roles, endpoints, demo users.

Every step finds what exists before creating it, so provisioning the same Keystone again
is harmless. ``provision`` returns the ids and passwords as a JSON-ready dictionary.
"""

from keystoneauth1 import session as keystone_session
from keystoneauth1.identity import v3 as identity_v3
from keystoneclient.v3 import client as keystone_client

DOMAIN = "default"
REGION = "RegionOne"
ROLES = ("admin", "member", "reader", "heat_stack_owner", "heat_stack_user")
# user name -> (project name, roles on it)
USERS = {
    "admin": ("admin", ("admin",)),
    "heat": ("service", ("admin",)),
    "demo": ("demo", ("member",)),
    "alt_demo": ("alt_demo", ("member",)),
}
# The domain holding the users Heat creates inside stacks, and its administrator.
STACK_DOMAIN = "heat_stack_users"
STACK_DOMAIN_ADMIN = "heat_stack_domain_admin"
SERVICES = {
    "orchestration": ("heat", "Orchestration service"),
    "cloudformation": ("heat-cfn", "CloudFormation-compatible orchestration"),
}


def admin_client(url, admin_password):
    """A keystoneclient v3 client authenticated as the bootstrap admin on project admin."""
    auth = identity_v3.Password(
        auth_url=url,
        username="admin",
        password=admin_password,
        project_name="admin",
        user_domain_id=DOMAIN,
        project_domain_id=DOMAIN,
    )
    return keystone_client.Client(session=keystone_session.Session(auth=auth))


def ensure_role(client, name):
    """The role called name, created when missing."""
    found = client.roles.list(name=name)
    return found[0] if found else client.roles.create(name=name)


def ensure_project(client, name):
    """The project called name in the default domain, created when missing."""
    found = client.projects.list(name=name, domain=DOMAIN)
    return found[0] if found else client.projects.create(name=name, domain=DOMAIN)


def ensure_user(client, name, password, project):
    """The user called name with this password and default project, created when missing."""
    found = client.users.list(name=name, domain=DOMAIN)
    if not found:
        return client.users.create(
            name=name, domain=DOMAIN, password=password, default_project=project
        )
    if name == "admin":
        return found[0]
    return client.users.update(found[0], password=password, default_project=project)


def ensure_service(client, service_type, url):
    """The service of this type with public, internal and admin endpoints at url."""
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
            client.endpoints.create(service, url, interface=interface, region=REGION)
    return service


def ensure_stack_domain(client, admin_password, admin_role):
    """The stack user domain with its administrator (admin on the domain)."""
    found = client.domains.list(name=STACK_DOMAIN)
    domain = found[0] if found else client.domains.create(name=STACK_DOMAIN)
    users = client.users.list(name=STACK_DOMAIN_ADMIN, domain=domain)
    if users:
        user = client.users.update(users[0], password=admin_password)
    else:
        user = client.users.create(name=STACK_DOMAIN_ADMIN, domain=domain, password=admin_password)
    client.roles.grant(admin_role, user=user, domain=domain)
    return {
        "id": domain.id,
        "name": STACK_DOMAIN,
        "admin": STACK_DOMAIN_ADMIN,
        "admin_id": user.id,
        "admin_password": admin_password,
    }


def provision(url, passwords, endpoints):
    """Make heat's roles, users, projects and endpoints; return what was made, by name."""
    client = admin_client(url, passwords["admin"])
    roles = {name: ensure_role(client, name) for name in ROLES}
    users = {}
    for user_name, (project_name, role_names) in USERS.items():
        project = ensure_project(client, project_name)
        user = ensure_user(client, user_name, passwords[user_name], project)
        for role_name in role_names:
            client.roles.grant(roles[role_name], user=user, project=project)
        users[user_name] = {
            "username": user_name,
            "password": passwords[user_name],
            "user_id": user.id,
            "project_name": project_name,
            "project_id": project.id,
            "user_domain_id": DOMAIN,
            "project_domain_id": DOMAIN,
        }
    services = {}
    for service_type, service_url in endpoints.items():
        service = ensure_service(client, service_type, service_url)
        services[service_type] = {"id": service.id, "url": service_url}
    stack_domain = ensure_stack_domain(client, passwords["stack_domain_admin"], roles["admin"])
    return {
        "region": REGION,
        "stack_domain": stack_domain,
        "users": users,
        "services": services,
        "roles": {name: role.id for name, role in roles.items()},
    }
