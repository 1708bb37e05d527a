"""Helpers of the user, group and role assignment tests: things made in Keystone for one test
(deleted after it), what Keystone says a user or group was granted, and templates.

A test module imports the fixtures it uses (``fixture_scratch_project`` gives the fixture
``scratch_project``).
"""

import uuid

import pytest
from keystoneauth1 import exceptions as ks_exceptions
from keystoneauth1 import session
from keystoneauth1.identity import v3


def unique(prefix: str) -> str:
    """A name no other test run uses."""
    return "heat-%s-%s" % (prefix, uuid.uuid4().hex[:8])


def template(resources: dict, outputs: dict | None = None) -> dict:
    """A HOT template of ``resources`` (``{name: (type, properties)}``) and ``outputs``
    (``{key: value expression}``)."""
    return {
        "heat_template_version": "2021-04-16",
        "resources": {
            name: {"type": type_name, "properties": properties}
            for name, (type_name, properties) in resources.items()
        },
        "outputs": {key: {"value": value} for key, value in (outputs or {}).items()},
    }


def granted(identity_admin, **grantee: str) -> set[tuple[str, str, str]]:
    """``(role id, "project" | "domain", scope id)`` of each role Keystone says the user or
    group (``user=id`` or ``group=id``) was given directly."""
    found = set()
    for assignment in identity_admin.role_assignments.list(**grantee):
        [(scope, target)] = assignment.scope.items()
        found.add((assignment.role["id"], scope, target["id"]))
    return found


def can_authenticate(keystone, user_id: str, password: str) -> bool:
    """Whether Keystone gives ``user_id`` a token for ``password``."""
    auth = v3.Password(auth_url=keystone.url, user_id=user_id, password=password)
    try:
        session.Session(auth=auth).get_token()
    except ks_exceptions.Unauthorized:
        return False
    return True


def _deleting(manager, item):
    try:
        manager.delete(item)
    except ks_exceptions.NotFound:
        pass


@pytest.fixture(name="scratch_project")
def fixture_scratch_project(identity_admin):
    """A project of the default domain, for this test only."""
    project = identity_admin.projects.create(name=unique("project"), domain="default")
    yield project
    _deleting(identity_admin.projects, project)


@pytest.fixture(name="scratch_roles")
def fixture_scratch_roles(identity_admin):
    """Three global roles, for this test only."""
    roles = [identity_admin.roles.create(name=unique("role")) for _ in range(3)]
    yield roles
    for role in roles:
        _deleting(identity_admin.roles, role)


@pytest.fixture(name="scratch_groups")
def fixture_scratch_groups(identity_admin):
    """Two groups of the default domain, for this test only."""
    groups = [identity_admin.groups.create(name=unique("group"), domain="default") for _ in "ab"]
    yield groups
    for group in groups:
        _deleting(identity_admin.groups, group)


@pytest.fixture(name="scratch_users")
def fixture_scratch_users(identity_admin):
    """Two users of the default domain, for this test only."""
    users = [identity_admin.users.create(name=unique("user"), domain="default") for _ in "ab"]
    yield users
    for user in users:
        _deleting(identity_admin.users, user)


@pytest.fixture(name="scratch_domain")
def fixture_scratch_domain(identity_admin):
    """A domain, for this test only (disabled before it is deleted, as Keystone requires)."""
    domain = identity_admin.domains.create(name=unique("domain"))
    yield domain
    identity_admin.domains.update(domain, enabled=False)
    _deleting(identity_admin.domains, domain)
