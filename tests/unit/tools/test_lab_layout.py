"""tools/lab/lab_layout.py: a lab's profile decides which services, databases and catalog
entries it has, never which port a service listens on."""

import pathlib
import sys

sys.path.insert(0, str(pathlib.Path(__file__).parents[3] / "tools" / "lab"))

from lab_layout import Layout  # noqa: E402


def layout(profile: str) -> Layout:
    return Layout(pathlib.Path("/tmp/lab"), "heatlab", 9400, profile)


def test_a_core_lab_has_neither_mistral_nor_ironic():
    core = layout("core")
    assert not core.runs("mistral") and not core.runs("ironic") and core.runs("nova")
    assert {"heatlab_mistral", "heatlab_ironic"}.isdisjoint(core.databases.values())
    assert {"workflowv2", "baremetal"}.isdisjoint(core.endpoints)
    assert core.endpoints["compute"] == "http://127.0.0.1:9403/v2.1"


def test_a_full_lab_adds_them_in_its_catalog_and_databases():
    full = layout("full")
    assert full.endpoints["workflowv2"] == "http://127.0.0.1:%d/v2" % full.ports["mistral"]
    assert full.endpoints["baremetal"] == "http://127.0.0.1:%d" % full.ports["ironic"]
    assert {"heatlab_mistral", "heatlab_ironic"} <= set(full.databases.values())
    assert set(layout("core").endpoints) < set(full.endpoints)


def test_ports_do_not_depend_on_the_profile():
    assert layout("core").ports == layout("full").ports
    assert sorted(layout("full").ports.values()) == list(range(9400, 9421))
