"""The engine's registries, built once at start-up and handed to ``EngineService``."""

from heat.engine import environment
from heat.engine.hot.functions import yaql_query
from heat.engine.service import EngineService
from heat.engine.template import TemplateRegistry


def build_engine(conf) -> EngineService:
    """An EngineService with the template plugins and the global environment of ``conf``."""
    yaql_query.Yaql.configure(conf)
    return EngineService(
        conf, TemplateRegistry.from_entry_points(), environment.global_environment(conf)
    )
