"""The package map's one-way imports (DESIGN.md, STYLE.md "imports point one way").

Every ``heat/**/*.py`` is parsed with :mod:`ast`; imports inside functions count
too. ``heat.cmd`` may import anything, so it has no rule.
"""

import ast
from pathlib import Path

HEAT = Path(__file__).resolve().parents[2] / "heat"

# (importing package or module, packages it must never import). A rule on a module
# that does not exist yet applies as soon as it is written.
RULES = (
    ("heat.common", ("heat.engine", "heat.api", "heat.db", "heat.rpc", "heat.cmd")),
    ("heat.db", ("heat.engine", "heat.api", "heat.rpc", "heat.cmd")),
    ("heat.rpc", ("heat.engine", "heat.api", "heat.db", "heat.cmd")),
    ("heat.engine", ("heat.api", "heat.cmd")),
    ("heat.api", ("heat.engine", "heat.db", "heat.cmd")),
    # The generic graph and walker know nothing of resources, plans or the database.
    ("heat.engine.graph", ("heat.engine.resources", "heat.engine.walk", "heat.db")),
    # A plan and the update decision know no resource type.
    ("heat.engine.walk.plan", ("heat.engine.resources", "heat.db")),
    ("heat.engine.walk.decision", ("heat.engine.resources", "heat.db")),
    ("heat.engine.scheduler", ("heat.engine.resources",)),
)


def _within(name: str, package: str) -> bool:
    return name == package or name.startswith(package + ".")


def module_name(path: Path) -> str:
    """The dotted name of a file under heat/ (a package's ``__init__`` names the package)."""
    parts = list(path.relative_to(HEAT.parent).with_suffix("").parts)
    if parts[-1] == "__init__":
        parts.pop()
    return ".".join(parts)


def imported_names(module: str, source: str, is_package: bool = False) -> set[str]:
    """Absolute names ``source`` imports; ``from a import b`` yields ``a.b``."""
    package = module if is_package else module.rpartition(".")[0]
    names = set()
    for node in ast.walk(ast.parse(source)):
        if isinstance(node, ast.Import):
            names.update(alias.name for alias in node.names)
        elif isinstance(node, ast.ImportFrom):
            base = node.module or ""
            if node.level:
                anchor = package.split(".")[: len(package.split(".")) - node.level + 1]
                base = ".".join(anchor + ([base] if base else []))
            names.update("%s.%s" % (base, alias.name) for alias in node.names)
    return names


def violations(module: str, names: set[str]) -> list[str]:
    """One message per import of ``names`` that a rule forbids to ``module``."""
    found = []
    for importer, forbidden in RULES:
        if not _within(module, importer):
            continue
        for name in sorted(names):
            for package in forbidden:
                if _within(name, package):
                    found.append(
                        "%s imports %s (%s must not import %s)" % (module, name, importer, package)
                    )
    return found


def test_heat_follows_the_import_rules():
    found = []
    for path in sorted(HEAT.rglob("*.py")):
        module = module_name(path)
        names = imported_names(module, path.read_text(), path.name == "__init__.py")
        found.extend(violations(module, names))
    assert not found, "Forbidden imports:\n" + "\n".join(found)


def test_common_importing_the_engine_is_reported():
    names = imported_names("heat.common.thing", "from heat.engine import service\n")
    assert violations("heat.common.thing", names) == [
        "heat.common.thing imports heat.engine.service (heat.common must not import heat.engine)"
    ]


def test_relative_import_is_resolved():
    names = imported_names("heat.api.openstack", "from ...db import api\n", is_package=True)
    assert names == {"heat.db.api"}


def test_scheduler_importing_a_resource_plugin_is_reported():
    names = {"heat.engine.resources.openstack.heat.none_resource"}
    assert violations("heat.engine.scheduler", names)


def test_engine_may_import_db_and_rpc():
    assert not violations("heat.engine.service", {"heat.db.api", "heat.rpc.api"})


def test_cmd_may_import_anything():
    assert not violations("heat.cmd.all", {"heat.api.openstack", "heat.engine.service"})
