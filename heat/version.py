"""The release of this code base, as reported by ``--version`` and build_info."""

from importlib import metadata

try:
    version_string = metadata.version("heat")
except metadata.PackageNotFoundError:  # running from a source tree that is not installed
    version_string = "0.0.0"
