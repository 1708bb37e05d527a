"""Authentication paths of heat against a real Keystone: standalone, token, CLI, domain setup.

One heat-all runs the ``standalone`` flavor (X-Auth-User/X-Auth-Key), another the default
authtoken flavor; while the second runs, the Keystone catalog's orchestration endpoint
points at it, so heatclient and the ``openstack`` CLI find heat through the catalog.
"""

import json
import os
import subprocess
import uuid

import pytest
import requests
import sqlalchemy
from heatclient import client as heatclient
from keystoneauth1 import session as ks_session
from keystoneauth1.identity import v3
from keystoneclient.v3 import client as keystone_client

from heat.common import crypt
from tests.functional.keystone_heat import start_heat_all
from tests.functional.processes import BIN, wait_until

NONE_TEMPLATE = {
    "heat_template_version": "2018-08-31",
    "resources": {"nothing": {"type": "OS::Heat::None"}},
}


def _password_session(keystone, user) -> ks_session.Session:
    auth = v3.Password(
        auth_url=keystone.url,
        username=user.username,
        password=user.password,
        project_name=user.project_name,
        user_domain_id="default",
        project_domain_id="default",
    )
    return ks_session.Session(auth=auth)


AUTH_ENCRYPTION_KEY = "0123456789abcdef0123456789abcdef"


@pytest.fixture(scope="module")
def standalone_heat(keystone, tmp_path_factory):
    """heat-all with the standalone (authpassword) pipeline, storing its callers' passwords
    for deferred work (``deferred_auth_method = password``)."""
    options = {
        "DEFAULT": {"deferred_auth_method": "password", "auth_encryption_key": AUTH_ENCRYPTION_KEY}
    }
    work_dir = tmp_path_factory.mktemp("heat-standalone")
    heat_all = start_heat_all(keystone, work_dir, "standalone", sections=options)
    yield heat_all
    assert heat_all.stop() == 0


@pytest.fixture(scope="module")
def standalone_url(standalone_heat):
    return standalone_heat.url


def _set_orchestration_url(admin, keystone, url: str) -> None:
    # Only the fixture's region: split test deployments keep regions of their own.
    service = keystone.services["orchestration"]["id"]
    for endpoint in admin.endpoints.list(service=service, region_id=keystone.region):
        admin.endpoints.update(endpoint, url=url)


@pytest.fixture(scope="module")
def catalog_heat_url(keystone, tmp_path_factory):
    """heat-all with the authtoken pipeline, named by the catalog while the module runs."""
    heat_all = start_heat_all(keystone, tmp_path_factory.mktemp("heat-authtoken"))
    url = heat_all.url
    admin = keystone_client.Client(session=_password_session(keystone, keystone.admin))
    _set_orchestration_url(admin, keystone, url + "/v1/%(tenant_id)s")
    try:
        yield url
    finally:
        _set_orchestration_url(admin, keystone, keystone.services["orchestration"]["url"])
        assert heat_all.stop() == 0


@pytest.fixture(scope="module")
def demo_client(keystone, catalog_heat_url):
    """heatclient on a keystoneauth password session of demo; endpoint from the catalog."""
    session = _password_session(keystone, keystone.demo)
    return heatclient.Client(
        "1", session=session, service_type="orchestration", region_name=keystone.region
    )


@pytest.fixture(scope="module")
def demo_stack(demo_client, catalog_heat_url):
    """A stack of one OS::Heat::None made by demo, once CREATE is over."""
    name = "auth-%s" % uuid.uuid4().hex[:8]
    stack_id = demo_client.stacks.create(stack_name=name, template=NONE_TEMPLATE)["stack"]["id"]

    def settled():
        stack = demo_client.stacks.get(stack_id)
        return None if stack.stack_status.endswith("_IN_PROGRESS") else stack

    return wait_until(settled, [], timeout=60, what="stack %s" % name)


@pytest.fixture(scope="module")
def multi_cloud_url(keystone, tmp_path_factory):
    """heat-all with the standalone pipeline where clients name their Keystone
    (``[auth_password] multi_cloud``), this test Keystone being the one allowed."""
    options = {"auth_password": {"multi_cloud": True, "allowed_auth_uris": keystone.url}}
    work_dir = tmp_path_factory.mktemp("heat-multi-cloud")
    heat_all = start_heat_all(keystone, work_dir, "standalone", sections=options)
    yield heat_all.url
    assert heat_all.stop() == 0


def _standalone_get(keystone, url, password, **headers):
    demo = keystone.demo
    headers.update({"X-Auth-User": demo.username, "X-Auth-Key": password})
    return requests.get("%s/v1/%s/stacks" % (url, demo.project_id), timeout=30, headers=headers)


def test_standalone_password_lists_stacks(keystone, standalone_url):
    answer = _standalone_get(keystone, standalone_url, keystone.demo.password)
    assert (answer.status_code, answer.json()) == (200, {"stacks": []})


def _stored_credentials(heat_all, stack_id: str) -> tuple:
    """(username, decrypt method, password as stored, password decrypted) of the stack."""
    engine = sqlalchemy.create_engine("sqlite:///%s" % (heat_all.work_dir / "heat.sqlite"))
    query = (
        "SELECT user_creds.username, user_creds.decrypt_method, user_creds.password "
        "FROM stack JOIN user_creds ON stack.user_creds_id = user_creds.id WHERE stack.id = :id"
    )
    with engine.connect() as connection:
        username, method, stored = connection.execute(
            sqlalchemy.text(query), {"id": stack_id}
        ).one()
    engine.dispose()
    return username, method, stored, crypt.decrypt(method, stored, AUTH_ENCRYPTION_KEY)


def test_password_deferred_stack_stores_the_password_encrypted(keystone, standalone_heat):
    demo = keystone.demo
    body = {"stack_name": "deferred-%s" % uuid.uuid4().hex[:8], "template": NONE_TEMPLATE}
    answer = requests.post(
        "%s/v1/%s/stacks" % (standalone_heat.url, demo.project_id),
        json=body,
        timeout=30,
        headers={"X-Auth-User": demo.username, "X-Auth-Key": demo.password},
    )
    assert answer.status_code == 201, answer.text
    username, method, stored, password = _stored_credentials(
        standalone_heat, answer.json()["stack"]["id"]
    )
    assert (username, method, password) == (demo.username, "cryptography_decrypt_v1", demo.password)
    assert demo.password not in stored


def test_standalone_wrong_password_gets_401(keystone, standalone_url):
    answer = _standalone_get(keystone, standalone_url, "not-" + keystone.demo.password)
    assert answer.status_code == 401
    assert answer.headers["WWW-Authenticate"] == 'Keystone uri="%s"' % keystone.url


def test_token_created_stack_completes(demo_stack):
    assert demo_stack.stack_status == "CREATE_COMPLETE"


def test_token_created_stack_is_owned_by_demo(keystone, demo_stack):
    assert demo_stack.stack_owner == keystone.demo.username


def test_multi_cloud_client_names_an_allowed_keystone(keystone, multi_cloud_url):
    headers = {"X-Auth-Url": keystone.url}
    answer = _standalone_get(keystone, multi_cloud_url, keystone.demo.password, **headers)
    assert (answer.status_code, answer.json()) == (200, {"stacks": []})


def test_multi_cloud_keystone_not_allowed_gets_401(keystone, multi_cloud_url):
    headers = {"X-Auth-Url": "http://127.0.0.1:1/v3"}
    answer = _standalone_get(keystone, multi_cloud_url, keystone.demo.password, **headers)
    assert answer.status_code == 401
    assert "is not an allowed Keystone endpoint" in answer.text


def test_multi_cloud_without_a_keystone_gets_400(keystone, multi_cloud_url):
    answer = _standalone_get(keystone, multi_cloud_url, keystone.demo.password)
    assert answer.status_code == 400
    assert "X-Auth-Url header is required" in answer.text


def test_request_without_token_gets_401_naming_keystone(keystone, catalog_heat_url):
    path = "%s/v1/%s/stacks" % (catalog_heat_url, keystone.demo.project_id)
    answer = requests.get(path, timeout=10)
    assert answer.status_code == 401
    assert answer.headers["WWW-Authenticate"] == 'Keystone uri="%s"' % keystone.url


def test_token_of_other_project_gets_403(keystone, catalog_heat_url):
    answer = requests.get(
        "%s/v1/%s/stacks" % (catalog_heat_url, keystone.demo.project_id),
        timeout=30,
        headers={"X-Auth-Token": keystone.user_token(keystone.alt_demo)},
    )
    assert answer.status_code == 403


def _openstack_cli(keystone, user, *args: str) -> subprocess.CompletedProcess:
    environment = {k: v for k, v in os.environ.items() if not k.startswith("OS_")}
    command = [str(BIN / "openstack"), "--os-auth-url", keystone.url]
    command += ["--os-identity-api-version", "3", "--os-username", user.username]
    # "=" keeps a generated password that starts with "-" from reading as an option.
    command += ["--os-password=%s" % user.password, "--os-project-name", user.project_name]
    command += ["--os-user-domain-id", "default", "--os-project-domain-id", "default"]
    command += ["--os-region-name", keystone.region]
    return subprocess.run(
        [*command, *args], capture_output=True, text=True, timeout=120, env=environment
    )


def test_openstack_cli_lists_the_stack(keystone, demo_stack):
    done = _openstack_cli(keystone, keystone.demo, "stack", "list", "-f", "json")
    assert done.returncode == 0, done.stderr
    assert demo_stack.id in [stack["ID"] for stack in json.loads(done.stdout)], done.stdout


def test_openstack_cli_creates_and_deletes_a_stack(keystone, catalog_heat_url, tmp_path):
    template = tmp_path / "random.yaml"
    template.write_text(
        "heat_template_version: 2021-04-16\n"
        "resources:\n  secret: {type: OS::Heat::RandomString}\n"
        "outputs:\n  length: {value: {get_attr: [secret, value]}}\n"
    )
    name = "cli-%s" % uuid.uuid4().hex[:8]
    command = ["stack", "create", "--wait", "-t", str(template), name]
    created = _openstack_cli(keystone, keystone.demo, *command)
    assert created.returncode == 0, created.stderr
    shown = _openstack_cli(keystone, keystone.demo, "stack", "show", "-f", "json", name)
    stack = json.loads(shown.stdout)
    assert (stack["stack_status"], stack["stack_owner"]) == ("CREATE_COMPLETE", "demo")
    deleted = _openstack_cli(keystone, keystone.demo, "stack", "delete", "--yes", "--wait", name)
    assert deleted.returncode == 0, deleted.stderr
    listed = _openstack_cli(keystone, keystone.demo, "stack", "list", "-f", "json")
    assert name not in [row["Stack Name"] for row in json.loads(listed.stdout)]


def _setup_domain(keystone, domain_password: str) -> subprocess.CompletedProcess:
    admin = keystone.admin
    environment = {k: v for k, v in os.environ.items() if not k.startswith(("OS_", "HEAT_"))}
    environment.update(
        OS_AUTH_URL=keystone.url,
        OS_USERNAME=admin.username,
        OS_PASSWORD=admin.password,
        OS_PROJECT_NAME=admin.project_name,
        HEAT_DOMAIN_PASSWORD=domain_password,
    )
    return subprocess.run(
        [str(BIN / "heat-keystone-setup-domain")],
        capture_output=True,
        text=True,
        timeout=60,
        env=environment,
    )


def _conf_lines(output: str) -> dict:
    pairs = (line.split(" = ", 1) for line in output.splitlines() if " = " in line)
    return dict(pairs)


@pytest.fixture(scope="module")
def domain_setup_runs(keystone):
    """heat-keystone-setup-domain run twice (second time with a new password)."""
    passwords = ["first-" + uuid.uuid4().hex, "second-" + uuid.uuid4().hex]
    return [(_setup_domain(keystone, password), password) for password in passwords]


def test_setup_domain_prints_heat_conf_lines(keystone, domain_setup_runs):
    done, password = domain_setup_runs[0]
    assert done.returncode == 0, done.stderr
    domains = keystone.admin_get("/domains", name="heat")["domains"]
    assert _conf_lines(done.stdout) == {
        "stack_user_domain_id": domains[0]["id"],
        "stack_domain_admin": "heat_domain_admin",
        "stack_domain_admin_password": password,
    }


def test_setup_domain_grants_admin_on_the_domain(keystone, domain_setup_runs):
    domain_id = _conf_lines(domain_setup_runs[0][0].stdout)["stack_user_domain_id"]
    users = keystone.admin_get("/users", name="heat_domain_admin", domain_id=domain_id)
    assignments = keystone.admin_get(
        "/role_assignments",
        **{"user.id": users["users"][0]["id"], "scope.domain.id": domain_id},
    )["role_assignments"]
    assert [entry["role"]["id"] for entry in assignments] == [keystone.roles["admin"]]


def test_setup_domain_twice_reuses_the_domain(keystone, domain_setup_runs):
    first, second = (_conf_lines(done.stdout) for done, _ in domain_setup_runs)
    assert domain_setup_runs[1][0].returncode == 0, domain_setup_runs[1][0].stderr
    assert second["stack_user_domain_id"] == first["stack_user_domain_id"]
    assert len(keystone.admin_get("/domains", name="heat")["domains"]) == 1


def test_domain_admin_logs_in_with_the_latest_password(keystone, domain_setup_runs):
    domain_id = _conf_lines(domain_setup_runs[1][0].stdout)["stack_user_domain_id"]
    user = {"name": "heat_domain_admin", "domain": {"id": domain_id}}
    user["password"] = domain_setup_runs[1][1]
    body = {
        "auth": {
            "identity": {"methods": ["password"], "password": {"user": user}},
            "scope": {"domain": {"id": domain_id}},
        }
    }
    answer = requests.post(keystone.url + "/auth/tokens", json=body, timeout=10)
    assert answer.status_code == 201, answer.text


def test_keystone_types_are_listed_for_a_keystone_user(demo_client):
    listed = [resource_type.resource_type for resource_type in demo_client.resource_types.list()]
    assert "OS::Keystone::Role" in listed
