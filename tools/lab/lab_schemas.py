"""The services' database schemas, synced once per lab virtualenv and loaded from a dump
afterwards.

Syncing every schema (hundreds of migrations, one heavy Python process per database)
is most of a lab's start; loading a dump of the same schema takes a second. The dumps
live in the virtualenv, whose package set is fixed, so they always match the code.
"""

import os
import subprocess
import tempfile

from lab_layout import Layout


def _dump_path(layout: Layout, suffix: str):
    return layout.bin_dir.parent / "schemas" / ("%s.sql" % suffix)


def load(layout: Layout, suffixes: list) -> bool:
    """Fill the lab's databases of these suffixes from their dumps; False (nothing done)
    when a dump is missing."""
    paths = [_dump_path(layout, suffix) for suffix in suffixes]
    if not all(path.exists() for path in paths):
        return False
    for suffix, path in zip(suffixes, paths, strict=True):
        with open(path, "rb") as dump:
            _mysql(["mysql", "--database=%s" % layout.databases[suffix]], stdin=dump)
    return True


def save(layout: Layout, suffixes: list) -> None:
    """Dump the freshly synced databases of these suffixes (schema and the rows the
    migrations wrote) for the next labs."""
    for suffix in suffixes:
        path = _dump_path(layout, suffix)
        path.parent.mkdir(exist_ok=True)
        # Written aside and renamed: a concurrent lab reads a whole dump or none.
        descriptor, temporary = tempfile.mkstemp(dir=path.parent, suffix=".part")
        with os.fdopen(descriptor, "wb") as dump:
            command = ["mysqldump", "--skip-comments", "--single-transaction", "--triggers"]
            _mysql([*command, layout.databases[suffix]], stdout=dump)
        os.replace(temporary, path)


def _mysql(command: list, **streams) -> None:
    command[1:1] = ["--host=127.0.0.1", "--user=root"]
    subprocess.run(command, check=True, timeout=300, stderr=subprocess.PIPE, **streams)
