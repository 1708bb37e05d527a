"""heat-all (engine and native API) configured for the real Keystone of the tests.

Its API authenticates with keystonemiddleware ``authtoken`` (or the flavor asked for); its
engine makes trusts to the heat user and stack users in the stack user domain.
"""

import dataclasses
import pathlib

from tests.fixtures.services import free_port
from tests.functional.processes import HeatProcess, http_ready, wait_until, write_config


@dataclasses.dataclass
class KeystoneHeat:
    """A running heat-all: its process, API root URL and work directory."""

    process: HeatProcess
    url: str
    work_dir: pathlib.Path

    def stop(self) -> int:
        return self.process.stop()


def start_heat_all(
    keystone, work_dir: pathlib.Path, flavor: str = "", sections: dict | None = None
) -> KeystoneHeat:
    """Start heat-all on a free port with a SQLite database in ``work_dir``; ``sections``
    add or override heat.conf options (``{section: {option: value}}``)."""
    port = free_port()
    config = keystone.heat_config()
    config.update(
        {
            "heat_all": {"enabled_services": "engine,api"},
            "heat_api": {"bind_port": port},
            "database": {"connection": "sqlite:///%s" % (work_dir / "heat.sqlite")},
            "paste_deploy": {"flavor": flavor},
        }
    )
    for section, options in (sections or {}).items():
        config.setdefault(section, {}).update(options)
    process = HeatProcess("heat-all", write_config(work_dir / "heat.conf", config), work_dir)
    url = "http://127.0.0.1:%d" % port
    wait_until(http_ready(url + "/"), [process], what="heat-all at " + url)
    return KeystoneHeat(process, url, work_dir)
