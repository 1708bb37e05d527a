"""Resource plugins, grouped by service; each module exposes ``resource_mapping()``."""
