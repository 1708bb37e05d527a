"""nova-compute able to load heat_lab's compute driver.

Nova imports a compute driver only from under ``nova.virt`` (``compute_driver = X``
loads ``nova.virt.X``). This launcher makes heat_lab reachable there, so that
``compute_driver = heat_lab.compute.LabDriver`` names our driver, then runs Nova's own
nova-compute.
"""

import sys

# Nova's command module first: it monkey patches before anything else is imported.
from nova.cmd import compute as nova_compute  # isort: skip

import heat_lab
from heat_lab import compute


def main():
    """Run nova-compute with ``nova.virt.heat_lab.compute`` standing for heat_lab.compute."""
    sys.modules["nova.virt.heat_lab"] = heat_lab
    sys.modules["nova.virt.heat_lab.compute"] = compute
    return nova_compute.main()
