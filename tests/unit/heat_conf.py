"""A configuration with every heat option registered and no file read, for tests of the
code that reads options."""

from oslo_config import cfg

from heat.common import config


def registered_conf() -> cfg.ConfigOpts:
    """heat's options at their defaults (set overrides on it)."""
    conf = cfg.ConfigOpts()
    config.register(conf)
    conf([], project="heat", default_config_files=[], default_config_dirs=[])
    return conf
