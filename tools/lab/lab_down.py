"""Stop the lab that lab_up.py started in a work dir: lab_down.py WORK_DIR [--purge].

Every recorded process group gets TERM, then KILL after 10 s; ``--purge`` also drops the
lab's databases and RabbitMQ vhost. The work dir itself stays (logs, configs).
Standard library only: runs with any Python 3.
"""

import argparse
import pathlib
import sys

import lab_processes
import lab_store


def main(argv=None) -> int:
    parser = argparse.ArgumentParser(description=__doc__.split("\n\n")[0])
    parser.add_argument("work_dir", type=pathlib.Path)
    parser.add_argument("--purge", action="store_true", help="drop databases and vhost too")
    arguments = parser.parse_args(argv)
    work_dir = arguments.work_dir.resolve()
    lab_processes.stop_all(work_dir)
    (work_dir / "lab.json").unlink(missing_ok=True)
    if arguments.purge:
        lab_store.drop(*lab_store.load_names(work_dir / "names.json"))
        (work_dir / "names.json").unlink(missing_ok=True)
    return 0


if __name__ == "__main__":
    sys.exit(main())
