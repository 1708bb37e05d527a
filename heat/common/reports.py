"""Guru Meditation Reports (oslo.reports) of the long-running binaries.

On SIGUSR2 a process writes a report of its package, threads, green threads, open
processes and configuration (secrets masked) to its stderr, or to a file
``<binary>_gurumeditation_<time>`` in ``[oslo_reports] log_dir``, and goes on running.
With ``[oslo_reports] file_event_handler`` set, touching that file triggers the report
instead of the signal (for processes whose signals belong to a WSGI server).
"""

from typing import Any

from oslo_reports import guru_meditation_report as gmr

from heat import version


class _Package:
    """The version information a report's "Package" section shows."""

    @staticmethod
    def vendor_string() -> str:
        return "heat"

    @staticmethod
    def product_string() -> str:
        return "heat"

    @staticmethod
    def version_string_with_package() -> str:
        return version.version_string


def setup(conf: Any, binary: str) -> None:
    """Make this process write a report on SIGUSR2 (or when ``[oslo_reports]
    file_event_handler``'s file changes); call once, from the main thread, after parsing
    ``conf``."""
    gmr.TextGuruMeditation.setup_autorun(_Package(), service_name=binary, conf=conf)
