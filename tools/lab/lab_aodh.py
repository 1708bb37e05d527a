"""Aodh in the lab: its API (v2) under gunicorn, alarms kept in MariaDB, rules of the
Gnocchi kinds checked against the lab's Gnocchi as Aodh does in production; its listener,
which evaluates event alarms on the events published on the lab's vhost (topic
``alarm.all``, where Ceilometer would publish them), and its notifier, which runs the
actions of the alarms that change state (a POST to a scaling policy's URL); and its
evaluator, which compares the Gnocchi alarms' aggregates with their thresholds every two
seconds.

Aodh reads its configuration only where oslo.config looks by default, so it gets a home
of its own (``state/aodh/home/.aodh/aodh.conf``).
"""

import pathlib

import lab_configs
from lab_layout import Layout


def config(layout: Layout, password: str) -> dict:
    """aodh.conf: Keystone tokens, the lab's database, Aodh's own credentials for Gnocchi."""
    sections = lab_configs.common(layout, "aodh", password)
    sections["DEFAULT"].pop("my_ip")
    # An alarm is evaluated against the first event after it is made, not a minute later.
    sections["DEFAULT"]["event_alarm_cache_ttl"] = "0"
    # The evaluator looks back 30 s more than an alarm's periods: a measure is aggregated
    # a second or more after it was taken, not within its one-second granularity.
    sections["DEFAULT"]["additional_ingestion_lag"] = "30"
    credentials = lab_configs.service_auth(layout, "aodh", password)
    sections.update(
        {
            "api": {"auth_mode": "keystone"},
            "evaluator": {"evaluation_interval": "2"},
            "database": {"connection": layout.database_url("aodh")},
            "service_credentials": dict(credentials, interface="public"),
        }
    )
    return sections


def home(layout: Layout) -> pathlib.Path:
    """The home directory Aodh finds its configuration in."""
    return layout.state_dir("aodh") / "home"


def write(layout: Layout, password: str) -> pathlib.Path:
    """Write aodh.conf into Aodh's home; the file."""
    return lab_configs.write(home(layout) / ".aodh" / "aodh.conf", config(layout, password))
