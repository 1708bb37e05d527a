"""Plugin directories as third parties ship them: packages of modules that import one another,
with packaging files and tests beside them (``tests/plugins/``)."""

import pathlib
import sys

from oslo_config import cfg

from heat.cmd import engine_setup
from heat.common import config
from heat.engine import plugin_manager
from heat.engine.resource_schema import resource_schema

CONTRIB = pathlib.Path(__file__).parents[2] / "plugins" / "nova_flavor"

MAPPING = """
from heat.engine import resource


class {name}(resource.Resource):
    '''A test plugin.'''


def resource_mapping():
    return {{"{type_name}": {name}}}
"""


def loaded(directory):
    pairs = plugin_manager.load_resource_classes([str(directory)], ())
    return {type_name: cls for type_name, cls in pairs}


def build_engine(tmp_path, plugin_dirs):
    conf = config.register(cfg.ConfigOpts())
    conf([], project="heat", default_config_files=[])
    conf.set_override("plugin_dirs", [str(directory) for directory in plugin_dirs])
    conf.set_override("environment_dir", str(tmp_path / "environment.d"))
    return engine_setup.build_engine(conf)


def test_the_contrib_plugin_is_loaded_through_plugin_dirs(tmp_path):
    engine = build_engine(tmp_path, [CONTRIB])
    flavor_class = engine.global_env.get_class("My::Nova::Flavor")
    assert flavor_class.__module__ == "heat.engine.plugins.nova_flavor.resources.nova_flavor"
    schema = resource_schema(engine.global_env, "My::Nova::Flavor")
    assert schema["properties"]["ram"]["required"] is True
    assert schema["properties"]["extra_specs"]["update_allowed"] is True
    assert set(schema["attributes"]) == {"name", "show"}


def test_the_contrib_plugins_setup_and_tests_are_not_imported(tmp_path):
    build_engine(tmp_path, [CONTRIB])
    assert "heat.engine.plugins.setup" not in sys.modules
    assert "heat.engine.plugins.nova_flavor.tests" not in sys.modules
    assert "heat.engine.plugins.nova_flavor.tests.test_nova_flavor" not in sys.modules


def test_a_package_module_imports_its_sibling_relatively(tmp_path):
    package = tmp_path / "relative_pkg"
    package.mkdir()
    (package / "__init__.py").write_text("")
    (package / "base.py").write_text("from heat.engine import resource\nBase = resource.Resource\n")
    (package / "thing.py").write_text(
        "from .base import Base\n\n\nclass Thing(Base):\n    '''A thing.'''\n\n\n"
        "def resource_mapping():\n    return {'My::Thing': Thing}\n"
    )
    thing = loaded(tmp_path)["My::Thing"]
    assert thing.__module__ == "heat.engine.plugins.relative_pkg.thing"
    assert thing.__mro__[1] is sys.modules["heat.engine.plugins.relative_pkg.base"].Base


def test_a_module_imports_another_by_its_plugin_package_name(tmp_path):
    (tmp_path / "absolute_base.py").write_text("from heat.engine import resource\nBase = 1\n")
    (tmp_path / "absolute_user.py").write_text(
        "from heat.engine.plugins import absolute_base\n\n\n"
        "def resource_mapping():\n"
        "    return {'My::Base': type('B', (), {'v': absolute_base.Base})}\n"
    )
    assert loaded(tmp_path)["My::Base"].v == 1


def test_a_module_imported_by_another_plugin_runs_once(tmp_path):
    (tmp_path / "once_user.py").write_text(
        "from heat.engine.plugins import once_zeta\n\n\n"
        "def resource_mapping():\n    return {'My::User': once_zeta.Zeta}\n"
    )
    (tmp_path / "once_zeta.py").write_text(MAPPING.format(name="Zeta", type_name="My::Zeta"))
    classes = loaded(tmp_path)
    assert classes["My::User"] is classes["My::Zeta"]


def test_a_package_init_maps_types_and_runs_before_its_modules(tmp_path):
    package = tmp_path / "init_pkg"
    package.mkdir()
    (package / "__init__.py").write_text(
        MAPPING.format(name="Init", type_name="My::Init") + "ORDER = ['init']\n"
    )
    (package / "Early.py").write_text(
        "from . import ORDER\nORDER.append('early')\n\n\ndef resource_mapping():\n    return {}\n"
    )
    assert set(loaded(tmp_path)) == {"My::Init"}
    assert sys.modules["heat.engine.plugins.init_pkg"].ORDER == ["init", "early"]


def test_setup_files_and_tests_directories_are_skipped(tmp_path):
    (tmp_path / "setup.py").write_text("raise SystemExit('setup.py must not run')\n")
    (tmp_path / "tests").mkdir()
    (tmp_path / "tests" / "test_it.py").write_text("raise SystemExit('tests must not run')\n")
    (tmp_path / "kept.py").write_text(MAPPING.format(name="Kept", type_name="My::Kept"))
    assert set(loaded(tmp_path)) == {"My::Kept"}
