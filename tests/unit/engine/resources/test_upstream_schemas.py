"""Our resource types describe themselves exactly as OpenStack Heat 27's do.

The expected schemas under ``upstream/`` were printed by ``tools/upstream/resource_schemas.py``
from OpenStack Heat 27.0.1, as ``GET /resource_types/{type}?with_description=true`` answers:
properties, attributes and support status must be identical. The type's own description is
written here in our words, so it is only required to be there. ``cloudwatch.json`` is the
exception: OpenStack Heat 10.0.0 removed ``AWS::CloudWatch::Alarm`` and
``OS::Heat::CWLiteAlarm``, so it reproduces their 2014 schema by hand.
"""

import json
import pathlib

import pytest

from heat.engine.resource_schema import resource_schema

UPSTREAM = pathlib.Path(__file__).parent / "upstream"


def _upstream_schemas() -> dict:
    schemas: dict = {}
    for path in sorted(UPSTREAM.glob("*.json")):
        schemas.update(json.loads(path.read_text()))
    return schemas


SCHEMAS = _upstream_schemas()


@pytest.mark.parametrize("type_name", sorted(SCHEMAS))
def test_schema_matches_openstack_heat(global_env, type_name):
    ours = json.loads(json.dumps(resource_schema(global_env, type_name, with_description=True)))
    assert ours.pop("description")
    expected = dict(SCHEMAS[type_name])
    del expected["description"]
    assert ours == expected
