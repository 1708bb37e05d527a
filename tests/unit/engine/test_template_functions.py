"""Template function listings are those of OpenStack Heat 27, for every template version.

``upstream/template_functions.json`` was printed by ``tools/upstream/template_functions.py``
from OpenStack Heat 27.0.1: what ``GET /template_versions/{version}/functions`` answers,
without and with ``with_condition_func``. Names, descriptions and order must be the same.
"""

import json
import pathlib

import pytest

from heat.engine import template_catalog
from heat.engine.template import TemplateRegistry

LISTINGS = json.loads(
    (pathlib.Path(__file__).parent / "upstream/template_functions.json").read_text()
)


@pytest.fixture(scope="module")
def registry():
    return TemplateRegistry.from_entry_points()


@pytest.mark.parametrize("version", sorted(LISTINGS))
def test_functions_are_listed_as_openstack_heat_lists_them(registry, version):
    listed = template_catalog.list_functions(registry, version)
    assert listed == LISTINGS[version]["functions"]


@pytest.mark.parametrize("version", sorted(LISTINGS))
def test_condition_functions_are_listed_as_openstack_heat_lists_them(registry, version):
    listed = template_catalog.list_functions(registry, version, with_condition=True)
    assert listed == LISTINGS[version]["with_condition"]


def test_listing_condition_functions_leaves_the_template_functions_alone(registry):
    version = "heat_template_version.2016-10-14"
    template_catalog.list_functions(registry, version, with_condition=True)
    assert template_catalog.list_functions(registry, version) == LISTINGS[version]["functions"]
