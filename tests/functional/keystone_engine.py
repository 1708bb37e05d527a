"""An in-process engine (SQLite, inproc:// messaging) configured for the real Keystone of the tests.

Stacks run by it act in Keystone for real: ``user_context(keystone, user)`` is a request
context with a fresh token of that user, as keystonemiddleware would hand it to the engine.
Import the fixtures into a test module with ``from tests.functional.keystone_engine import *``
or use the functions directly.
"""

import dataclasses
import pathlib
import uuid
from typing import Any

import pytest
from oslo_config import cfg
from oslo_log import log

from heat.common import config, heat_keystoneclient
from heat.common import messaging as heat_messaging
from heat.common.context import RequestContext
from heat.db import api as db_api
from heat.db import migration
from heat.engine import environment, plugin_manager
from heat.engine.hot.functions import yaql_query
from heat.engine.resources.template_resource import TemplateResource
from heat.engine.service import EngineService
from heat.engine.template import TemplateRegistry
from tests.functional.processes import write_config


def keystone_conf(keystone, work_dir: pathlib.Path, **defaults) -> cfg.ConfigOpts:
    """A heat configuration for ``keystone`` with a SQLite database in ``work_dir``;
    ``defaults`` are extra ``[DEFAULT]`` options."""
    (work_dir / "no-env").mkdir(exist_ok=True)
    sections = keystone.heat_config()
    # The engine serves the fixture's own region: in a catalog of several regions (split
    # deployments add theirs), that is where it finds its endpoint and the other services.
    sections["DEFAULT"].update(
        transport_url=heat_messaging.IN_PROCESS_TRANSPORT_URL,
        environment_dir=str(work_dir / "no-env"),
        region_name_for_services=keystone.region,
        **defaults,
    )
    sections["database"] = {"connection": "sqlite:///%s" % (work_dir / "heat.sqlite")}
    conf = cfg.ConfigOpts()
    config.register(conf)
    log.register_options(conf)
    path = write_config(work_dir / "heat.conf", sections)
    conf([], project="heat", default_config_files=[str(path)])
    db_api.configure(conf)
    migration.db_sync(db_api.get_engine())
    return conf


def start_engine(conf: cfg.ConfigOpts) -> EngineService:
    """A started engine with every installed resource type."""
    yaql_query.Yaql.configure(conf)
    global_env = environment.global_environment(
        conf,
        plugin_classes=plugin_manager.load_resource_classes([]),
        template_resource_class=TemplateResource,
    )
    service = EngineService(conf, TemplateRegistry.from_entry_points(), global_env)
    service.start()
    return service


def user_context(keystone, user, roles=("member", "reader")) -> RequestContext:
    """The context of a request ``user`` made with a new token of its own project, with the
    token document keystonemiddleware passes on."""
    token = keystone.user_token(user)
    return RequestContext(
        auth_token=token,
        auth_token_info={"token": keystone.validate(token)},
        auth_url=keystone.url,
        user_id=user.user_id,
        user_name=user.username,
        project_id=user.project_id,
        project_name=user.project_name,
        user_domain_id="default",
        roles=list(roles),
    )


def wait_for(engine: EngineService, context, identity, timeout: float = 60.0) -> dict:
    """The stack once the action running on it has ended."""
    engine.runtime.threads.wait(identity["stack_id"], timeout)
    if engine.runtime.threads.running(identity["stack_id"]):
        raise AssertionError("the action on the stack is still running")
    return engine.show_stack(context, identity)[0]


@dataclasses.dataclass
class Stacks:
    """Stack calls of one caller on the in-process engine, each waiting for its action."""

    engine: EngineService
    context: RequestContext

    def create(
        self,
        template: dict,
        name: str | None = None,
        parameters: dict | None = None,
        files: dict | None = None,
        **args: Any,
    ) -> dict:
        """The identity of a new stack once its create has ended (``args`` as the API's)."""
        name = name or "stack-%s" % uuid.uuid4().hex[:8]
        identity = self.engine.create_stack(
            self.context, name, template, parameters or {}, files or {}, args
        )
        wait_for(self.engine, self.context, identity)
        return identity

    def update(
        self,
        identity: dict,
        template: dict,
        parameters: dict | None = None,
        files: dict | None = None,
        **args: Any,
    ) -> dict:
        """The stack once its update to ``template`` has ended (``args`` as the API's)."""
        self.engine.update_stack(
            self.context, identity, template, parameters or {}, files or {}, args
        )
        return wait_for(self.engine, self.context, identity)

    def delete(self, identity: dict) -> None:
        """Delete the stack and wait for the delete to end."""
        self.engine.delete_stack(self.context, identity)
        wait_for(self.engine, self.context, identity)

    def suspend(self, identity: dict) -> dict:
        """The stack once its suspend has ended."""
        self.engine.stack_suspend(self.context, identity)
        return wait_for(self.engine, self.context, identity)

    def resume(self, identity: dict) -> dict:
        """The stack once its resume has ended."""
        self.engine.stack_resume(self.context, identity)
        return wait_for(self.engine, self.context, identity)

    def show(self, identity: dict) -> dict:
        return self.engine.show_stack(self.context, identity)[0]

    def state(self, identity: dict) -> tuple[str, str, str]:
        """``(action, status, reason)`` of the stack."""
        stack = self.show(identity)
        return stack["stack_action"], stack["stack_status"], stack["stack_status_reason"]

    def resource(self, identity: dict, name: str) -> dict:
        """The resource ``name`` of the stack, with its attributes."""
        return self.engine.describe_stack_resource(self.context, identity, name, with_attr=[])

    def outputs(self, identity: dict) -> dict:
        """The stack's outputs by key."""
        outputs = self.show(identity)["outputs"]
        return {output["output_key"]: output["output_value"] for output in outputs}


@pytest.fixture
def engine_conf(keystone, tmp_path):
    """The configuration of ``keystone_engine``."""
    conf = keystone_conf(keystone, tmp_path)
    yield conf
    db_api.get_engine().dispose()


@pytest.fixture
def keystone_engine(engine_conf):
    """A started in-process engine acting in the real Keystone."""
    service = start_engine(engine_conf)
    yield service
    service.stop()


@pytest.fixture
def admin_context(keystone):
    """A request context of Keystone's admin (role admin on project admin)."""
    return user_context(keystone, keystone.admin, roles=("admin", "member", "reader"))


@pytest.fixture
def demo_context(keystone):
    """A request context of demo (member of project demo)."""
    return user_context(keystone, keystone.demo)


@pytest.fixture
def admin_stacks(keystone_engine, admin_context):
    """Stacks of Keystone's admin (who may create things in Keystone)."""
    return Stacks(keystone_engine, admin_context)


@pytest.fixture
def demo_stacks(keystone_engine, demo_context):
    """Stacks of demo, a member of its project and no administrator."""
    return Stacks(keystone_engine, demo_context)


@pytest.fixture
def identity_admin(engine_conf, admin_context):
    """keystoneclient's v3 client acting as Keystone's admin, to check what stacks made."""
    return heat_keystoneclient.KeystoneClient(admin_context, engine_conf).client
