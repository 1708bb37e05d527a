"""Nova's configuration in the lab: API, conductor and scheduler share one file; the compute
service gets its own, without database access, and runs heat_lab's compute driver.

Nova reads ``api-paste.ini`` and ``nova.conf`` from one directory, so the API's file sits
beside a copy of the paste file; ``cell0.conf`` lets cell0's schema sync alongside cell1's.
"""

import shutil

import lab_configs
from lab_layout import Layout


def _shared(layout: Layout, password: str) -> dict:
    """Sections every Nova process needs: the other services, as the nova service user."""
    sections = lab_configs.common(layout, "nova", password)
    sections["DEFAULT"].update(
        compute_driver="heat_lab.compute.LabDriver",
        instances_path=layout.state_dir("nova") / "instances",
    )
    auth = lab_configs.service_auth(layout, "nova", password)
    sections.update(
        {
            "placement": dict(auth),
            "neutron": dict(auth, default_floating_pool="public"),
            "service_user": dict(auth, send_service_user_token="true"),
            "cinder": {"os_region_name": "RegionOne"},
            "glance": {"region_name": "RegionOne"},
            "heat_lab": {"guests_dir": layout.guests_dir},
            "vnc": {"enabled": "false"},
            "conductor": {"workers": "1"},
            "scheduler": {"workers": "1", "discover_hosts_in_cells_interval": "5"},
        }
    )
    return sections


def controller(layout: Layout, password: str) -> dict:
    """nova.conf of the API, conductor and scheduler: both databases."""
    sections = _shared(layout, password)
    sections["database"] = {"connection": layout.database_url("nova")}
    sections["api_database"] = {"connection": layout.database_url("nova_api")}
    sections["wsgi"] = {"api_paste_config": layout.config_dir("nova") / "api-paste.ini"}
    return sections


def compute(layout: Layout, password: str) -> dict:
    """nova-compute.conf: no [database] at all, as nova-compute refuses one."""
    return _shared(layout, password)


def write(layout: Layout, password: str) -> None:
    """Write nova.conf, nova-compute.conf, cell0.conf and api-paste.ini into Nova's dir."""
    directory = layout.config_dir("nova")
    lab_configs.write(directory / "nova.conf", controller(layout, password))
    lab_configs.write(directory / "nova-compute.conf", compute(layout, password))
    cell0 = {"database": {"connection": layout.database_url("nova_cell0")}}
    lab_configs.write(directory / "cell0.conf", cell0)
    shutil.copy(layout.venv_etc / "nova" / "api-paste.ini", directory / "api-paste.ini")
