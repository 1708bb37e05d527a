"""The engine's registries, built once at start-up and handed to ``EngineService``."""

from heat.engine import environment, plugin_manager
from heat.engine.hot.functions import yaql_query
from heat.engine.resources.template_resource import TemplateResource
from heat.engine.service import EngineService
from heat.engine.template import TemplateRegistry


def build_engine(conf) -> EngineService:
    """An EngineService with the template plugins and the global environment of ``conf``:
    the resource plugins of ``heat.engine.resources`` and ``conf.plugin_dirs``, then the
    files of ``conf.environment_dir``."""
    yaql_query.Yaql.configure(conf)
    plugin_classes = plugin_manager.load_resource_classes(conf.plugin_dirs)
    global_env = environment.global_environment(
        conf, plugin_classes=plugin_classes, template_resource_class=TemplateResource
    )
    return EngineService(conf, TemplateRegistry.from_entry_points(), global_env)
