"""Loading resource plugin classes from packages and plugin directories."""

import logging
import textwrap
import uuid

import pytest
from oslo_config import cfg

from heat.cmd import engine_setup
from heat.common import config
from heat.engine import plugin_manager

PLUGIN = """
class {name}:
    '''A test plugin.'''


def resource_mapping():
    return {{"{type_name}": {name}}}
"""


def write_plugin(directory, file_name, type_name, name="Plugin", extra=""):
    directory.mkdir(parents=True, exist_ok=True)
    text = PLUGIN.format(name=name, type_name=type_name) + textwrap.dedent(extra)
    (directory / file_name).write_text(text)


def loaded(directories, packages=()):
    pairs = plugin_manager.load_resource_classes([str(d) for d in directories], packages)
    return {type_name: cls.__name__ for type_name, cls in pairs}


def test_a_plugin_directory_module_maps_its_types(tmp_path):
    write_plugin(tmp_path, "net.py", "My::Net", "Net")
    assert loaded([tmp_path]) == {"My::Net": "Net"}


def test_available_resource_mapping_adds_types(tmp_path):
    extra = """
    def available_resource_mapping():
        return {"My::Extra": Plugin}
    """
    write_plugin(tmp_path, "net.py", "My::Net", extra=extra)
    assert loaded([tmp_path]) == {"My::Net": "Plugin", "My::Extra": "Plugin"}


def test_an_empty_available_resource_mapping_adds_nothing(tmp_path):
    extra = """
    def available_resource_mapping():
        return {}
    """
    write_plugin(tmp_path, "net.py", "My::Net", extra=extra)
    assert loaded([tmp_path]) == {"My::Net": "Plugin"}


def test_modules_in_subdirectories_are_loaded(tmp_path):
    write_plugin(tmp_path / "network", "net.py", "My::Net", "Net")
    assert loaded([tmp_path]) == {"My::Net": "Net"}


def test_missing_directories_are_ignored(tmp_path):
    write_plugin(tmp_path / "here", "net.py", "My::Net", "Net")
    assert loaded([tmp_path / "absent", tmp_path / "here"]) == {"My::Net": "Net"}


def test_a_module_that_fails_to_import_is_logged_and_skipped(tmp_path, caplog):
    (tmp_path).joinpath("a_broken.py").write_text("raise RuntimeError('no client')\n")
    write_plugin(tmp_path, "b_net.py", "My::Net", "Net")
    with caplog.at_level(logging.ERROR):
        assert loaded([tmp_path]) == {"My::Net": "Net"}
    assert "a_broken.py" in caplog.text


def test_a_failing_mapping_function_is_logged_and_skipped(tmp_path, caplog):
    (tmp_path / "a_bad.py").write_text("def resource_mapping():\n    raise ImportError('x')\n")
    write_plugin(tmp_path, "b_net.py", "My::Net", "Net")
    with caplog.at_level(logging.ERROR):
        assert loaded([tmp_path]) == {"My::Net": "Net"}
    assert "resource_mapping" in caplog.text


def test_a_mapping_that_is_not_a_dict_is_skipped(tmp_path):
    (tmp_path / "a_bad.py").write_text("def resource_mapping():\n    return ['My::Net']\n")
    assert loaded([tmp_path]) == {}


def test_later_modules_override_earlier_ones_with_a_warning(tmp_path, caplog):
    write_plugin(tmp_path / "first", "net.py", "My::Net", "Old")
    write_plugin(tmp_path / "second", "net.py", "My::Net", "New")
    with caplog.at_level(logging.WARNING):
        assert loaded([tmp_path / "first", tmp_path / "second"]) == {"My::Net": "New"}
    assert "My::Net" in caplog.text


@pytest.fixture
def package(tmp_path, monkeypatch):
    """A fresh importable package (a new name each time: modules stay imported)."""
    name = "plugins_%s" % uuid.uuid4().hex
    monkeypatch.syspath_prepend(str(tmp_path))
    root = tmp_path / name
    root.mkdir()
    (root / "__init__.py").write_text("")
    return name, root


def test_every_module_of_a_package_is_loaded_recursively(package):
    name, root = package
    write_plugin(root, "net.py", "My::Net", "Net")
    write_plugin(root / "compute", "server.py", "My::Server", "Server")
    (root / "compute" / "__init__.py").write_text("")
    assert loaded([], [name]) == {"My::Net": "Net", "My::Server": "Server"}


def test_a_broken_package_module_is_skipped(package, caplog):
    name, root = package
    (root / "a_broken.py").write_text("import no_such_module_here\n")
    write_plugin(root, "b_net.py", "My::Net", "Net")
    with caplog.at_level(logging.ERROR):
        assert loaded([], [name]) == {"My::Net": "Net"}
    assert "a_broken" in caplog.text


def test_a_missing_package_is_logged_and_skipped(caplog):
    with caplog.at_level(logging.ERROR):
        assert loaded([], ["no_such_plugin_package"]) == {}
    assert "no_such_plugin_package" in caplog.text


def test_the_shipped_plugin_package_loads():
    pairs = plugin_manager.load_resource_classes([])
    assert all(isinstance(name, str) and isinstance(cls, type) for name, cls in pairs)


def test_the_engine_gets_the_plugins_of_the_plugin_dirs(tmp_path):
    write_plugin(tmp_path / "plugins", "net.py", "My::Net", "Net")
    conf = config.register(cfg.ConfigOpts())
    conf([], project="heat", default_config_files=[])
    conf.set_override("plugin_dirs", [str(tmp_path / "plugins")])
    conf.set_override("environment_dir", str(tmp_path / "environment.d"))
    engine = engine_setup.build_engine(conf)
    assert engine.global_env.get_class("My::Net").__name__ == "Net"
