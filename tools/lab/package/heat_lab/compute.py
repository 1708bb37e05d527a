"""A Nova compute driver that runs no guest but keeps what each server was given to boot.

Servers of Nova's fake driver go ACTIVE without running anything, so nothing inside them
ever reads their user data. This driver behaves as the fake one and, on spawn, writes what
a guest would have read from its config drive into ``<guests_dir>/<instance uuid>/``, where
a test can play the guest (run the boot parts and agents):

- ``user_data``: the server's user data, decoded (absent when it has none);
- ``meta_data.json``: uuid, name, hostname, metadata, public keys, availability zone,
  project id and injected files (path to base64 content), as the config drive names them.

The files stay after the server is deleted, so a test may look at them afterwards.
"""

import base64
import json
import os
import pathlib

from nova.virt import fake
from oslo_config import cfg

OPTIONS = [
    cfg.StrOpt(
        "guests_dir",
        help="Directory where each spawned server's boot data is written, one directory "
        "per instance uuid.",
    )
]
cfg.CONF.register_opts(OPTIONS, group="heat_lab")


class LabDriver(fake.FakeDriver):
    """Nova's fake driver that records each server's boot data in ``[heat_lab] guests_dir``."""

    def spawn(
        self,
        context,
        instance,
        image_meta,
        injected_files,
        admin_password,
        allocations,
        network_info=None,
        block_device_info=None,
        power_on=True,
        accel_info=None,
    ):
        """Record the server's boot data, then spawn as the fake driver does."""
        record_guest(pathlib.Path(cfg.CONF.heat_lab.guests_dir), instance, injected_files)
        super().spawn(
            context,
            instance,
            image_meta,
            injected_files,
            admin_password,
            allocations,
            network_info,
            block_device_info,
            power_on,
            accel_info,
        )


def record_guest(guests_dir, instance, injected_files):
    """Write the instance's user data and metadata into ``guests_dir/<uuid>/``."""
    guest_dir = guests_dir / instance.uuid
    guest_dir.mkdir(parents=True, exist_ok=True)
    if instance.user_data:
        _write_private(guest_dir / "user_data", base64.b64decode(instance.user_data))
    metadata = {
        "uuid": instance.uuid,
        "name": instance.display_name,
        "hostname": instance.hostname,
        "meta": dict(instance.metadata or {}),
        "public_keys": {instance.key_name: instance.key_data} if instance.key_name else {},
        "availability_zone": instance.availability_zone,
        "project_id": instance.project_id,
        "files": {
            path: base64.b64encode(content).decode("ascii")
            for path, content in injected_files or []
        },
    }
    _write_private(guest_dir / "meta_data.json", json.dumps(metadata, indent=2).encode())


def _write_private(path, content):
    # User data often carries credentials (wait condition URLs, passwords).
    descriptor = os.open(path, os.O_WRONLY | os.O_CREAT | os.O_TRUNC, 0o600)
    with os.fdopen(descriptor, "wb") as stream:
        stream.write(content)
