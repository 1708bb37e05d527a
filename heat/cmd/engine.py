"""heat-engine: the orchestration engine, in ``num_engine_workers`` processes."""

import eventlet

eventlet.monkey_patch()

import sys

from oslo_concurrency import processutils
from oslo_config import cfg
from oslo_log import log as logging
from oslo_service import service

from heat.cmd import diagnostics, engine_setup
from heat.common import config, heap
from heat.db import api as db_api


def worker_count(conf) -> int:
    """Configured workers, or max(4, CPUs) as upstream."""
    return conf.num_engine_workers or max(4, processutils.get_worker_count())


def main(argv=None):
    conf = config.parse_args(sys.argv[1:] if argv is None else argv, cfg.CONF, prog="heat-engine")
    config.require_database_connection(conf, "heat-engine")
    logging.setup(conf, "heat")
    diagnostics.setup(conf, "heat-engine")
    db_api.configure(conf)
    engine = engine_setup.build_engine(conf)
    heap.freeze_startup_heap()
    launcher = service.launch(conf, engine, workers=worker_count(conf), restart_method="mutate")
    launcher.wait()
