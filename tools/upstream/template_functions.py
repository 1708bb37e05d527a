"""Print OpenStack Heat's template function listings of every template version, as JSON.

Run it with the Python of the upstream virtualenv:
``/root/.cache/upstream-heat/bin/python tools/upstream/template_functions.py > OUT.json``.
The output maps each version name (aliases included) to what
``GET /template_versions/{version}/functions`` answers there, under ``functions``, and
with ``?with_condition_func=true``, under ``with_condition``. Heat's engine adds the
condition functions into the class's own table when asked for them, so every later
listing of that engine would include them; each listing here starts from the tables as
loaded.
"""

import json
import logging
import sys
import warnings


def main():
    warnings.simplefilter("ignore")
    logging.disable(logging.CRITICAL)
    from oslo_config import cfg

    from heat.common import (
        config,  # noqa: F401 - registers the options
        context,
    )
    from heat.engine import service
    from heat.engine import template as templates

    cfg.CONF([], project="heat")
    engine = service.EngineService("host", "engine")
    admin = context.RequestContext(is_admin=True, roles=["admin"])
    manager = templates._get_template_extension_manager()
    listings = {}
    for version in sorted(manager.names()):
        template_class = manager[version].plugin
        listing = {}
        for key, with_condition in (("functions", False), ("with_condition", True)):
            loaded = dict(template_class.functions)
            listing[key] = engine.list_template_functions(admin, version, with_condition)
            template_class.functions = loaded
        listings[version] = listing
    json.dump(listings, sys.stdout, indent=1)
    print()


if __name__ == "__main__":
    main()
