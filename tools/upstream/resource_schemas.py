"""Print OpenStack Heat's resource type schemas as JSON, for comparing ours with them.

Run it with the Python of a virtualenv holding ``openstack-heat`` (not heat's own), e.g.
``/work/upstream-heat-venv/bin/python tools/upstream/resource_schemas.py OS::Keystone::Role``.
The output is what ``GET /resource_types/{type}?with_description=true`` answers there; the
tests keep such dumps under ``tests/unit/engine/resources/upstream/``.
"""

import json
import logging
import sys
import warnings


def main(type_names):
    warnings.simplefilter("ignore")
    logging.disable(logging.CRITICAL)
    from oslo_config import cfg

    from heat.common import (
        config,  # noqa: F401 - registers the options
        context,
    )
    from heat.engine import resource, resources, service

    cfg.CONF([], project="heat")
    resources.initialise()
    # The schema of a type whose service this machine lacks is still wanted.
    resource.Resource.is_service_available = classmethod(lambda cls, ctx: (True, None))
    engine = service.EngineService("host", "engine")
    admin = context.RequestContext(is_admin=True, roles=["admin"])
    schemas = {
        name: engine.resource_schema(admin, name, with_description=True) for name in type_names
    }
    json.dump(schemas, sys.stdout, indent=1, sort_keys=True)
    print()


if __name__ == "__main__":
    main(sys.argv[1:])
