"""What every long-running binary sets up once its configuration is parsed: Guru
Meditation Reports (:mod:`heat.common.reports`) and the profiler
(:mod:`heat.common.profiler`)."""

from oslo_config import cfg

from heat.common import profiler, reports


def setup(conf: cfg.ConfigOpts, binary: str) -> None:
    """Report on SIGUSR2 and profile signed requests (when enabled) in this process."""
    reports.setup(conf, binary)
    profiler.setup(conf, binary, conf.host)
