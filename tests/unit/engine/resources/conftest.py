"""An engine for resource plugin tests: a migrated SQLite database, a global environment
holding the ``OS::Heat`` plugins, and helpers that build, store and run real stacks."""

import dataclasses
from typing import Any

import pytest
from oslo_config import cfg

from heat.common import config
from heat.common.context import RequestContext
from heat.db import api as db_api
from heat.db import migration
from heat.engine import environment, plugin_manager, stack_actions, stack_store, stack_update
from heat.engine.resources.openstack.heat import (
    cloud_watch,
    delay,
    none_resource,
    random_string,
    test_resource,
    value,
)
from heat.engine.stack import EngineSettings, Stack
from heat.engine.template import TemplateRegistry
from tests.fixtures.databases import sqlite_url

PLUGIN_MODULES = (cloud_watch, delay, none_resource, random_string, test_resource, value)
TEMPLATES = TemplateRegistry.from_entry_points()


@dataclasses.dataclass
class Engine:
    """Builds stacks of the plugins under test and runs their actions in this thread."""

    context: Any
    global_env: Any
    settings: EngineSettings

    def template(self, resources: dict, **sections: Any) -> Any:
        document = {"heat_template_version": "2021-04-16", "resources": resources, **sections}
        env = environment.Environment({}, global_env=self.global_env)
        return TEMPLATES.load(document, files={}, env=env)

    def stack(self, resources: dict, name: str = "test_stack", **sections: Any) -> Stack:
        """A stored stack, its resources not created yet."""
        stack = Stack(self.context, name, self.template(resources, **sections), self.settings)
        stack_store.store_new(stack)
        return stack

    def create(self, resources: dict, **sections: Any) -> Stack:
        """A stack created (or failed) with rollback disabled."""
        stack = self.stack(resources, **sections)
        stack_actions.create(stack)
        return stack

    def reload(self, stack: Stack) -> Stack:
        """The stack as another engine would load it from the database."""
        return stack_store.load(
            self.context, TEMPLATES, self.global_env, self.settings, stack_id=stack.id
        )

    def update(self, current: Stack, resources: dict) -> Stack:
        """The stack after updating ``current`` to ``resources``."""
        state = dataclasses.replace(current.state_data)
        new = Stack(
            self.context,
            current.name,
            self.template(resources),
            self.settings,
            stack_id=current.id,
            state=state,
        )
        stack_update.update(current, new)
        return new


@pytest.fixture
def engine(tmp_path):
    conf = cfg.ConfigOpts()
    config.register(conf)
    conf([], project="heat", default_config_files=[])
    conf.set_override("connection", sqlite_url(tmp_path), group="database")
    environment_dir = tmp_path / "environment.d"
    environment_dir.mkdir()
    conf.set_override("environment_dir", str(environment_dir))
    db_api.configure(conf)
    migration.db_sync(db_api.get_engine())
    classes = {}
    for module in PLUGIN_MODULES:
        classes.update(module.resource_mapping())
    context = RequestContext(project_id="project-a", user_id="user-a", username="alice")
    yield Engine(
        context,
        environment.global_environment(conf, plugin_classes=classes),
        EngineSettings(poll_interval=0.001, error_wait_time=0),
    )
    db_api.get_engine().dispose()


@pytest.fixture(scope="module")
def global_env(tmp_path_factory):
    """The global environment of every installed resource type, as heat-engine loads it."""
    conf = config.register(cfg.ConfigOpts())
    conf([], project="heat", default_config_files=[])
    conf.set_override("environment_dir", str(tmp_path_factory.mktemp("no-env")))
    classes = plugin_manager.load_resource_classes([])
    return environment.global_environment(conf, plugin_classes=classes)
