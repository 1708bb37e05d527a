"""Gnocchi in the lab: its API under gunicorn, its index in MariaDB, measures in files,
aggregated by one ``gnocchi-metricd`` within a second or so of their arrival. Aodh asks it
whether a Gnocchi alarm's rule makes sense (aggregation methods, queries), and its
evaluator reads the aggregates that Gnocchi alarms compare with their thresholds.

The incoming measures are kept in one sack, locked through files: with Gnocchi's defaults
(128 sacks, each locked through a new MariaDB connection) metricd's one-second rounds take
half a core of an idle lab.

Its Keystone middleware reads its configuration only where oslo.config looks by default,
so Gnocchi gets a home of its own (``state/gnocchi/home/.gnocchi/gnocchi.conf``).
"""

import pathlib

import lab_configs
from lab_layout import Layout


def config(layout: Layout, password: str) -> dict:
    """gnocchi.conf: Keystone tokens, the MariaDB index, the file store."""
    return {
        "DEFAULT": {"coordination_url": "file://%s" % (layout.state_dir("gnocchi") / "locks")},
        "api": {"auth_mode": "keystone"},
        "indexer": {"url": layout.database_url("gnocchi")},
        "storage": {"driver": "file", "file_basepath": layout.state_dir("gnocchi") / "measures"},
        "metricd": {"workers": "1", "metric_processing_delay": "1"},
        "keystone_authtoken": lab_configs.authtoken(layout, "gnocchi", password),
    }


def home(layout: Layout) -> pathlib.Path:
    """The home directory Gnocchi finds its configuration in."""
    return layout.state_dir("gnocchi") / "home"


def write(layout: Layout, password: str) -> pathlib.Path:
    """Write gnocchi.conf into Gnocchi's home; the file."""
    return lab_configs.write(home(layout) / ".gnocchi" / "gnocchi.conf", config(layout, password))
