"""TripleO's overcloud as a request to Heat, from tripleo-heat-templates 18.0.0's sdist.

The sdist is fetched once with pip into ``$HOME/.cache/heat-tripleo`` (or
``HEAT_TRIPLEO_CACHE``), unpacked and rendered there by its own
``tools/process-templates.py`` with its default roles (``roles_data.yaml``) and the
network data a deployment uses by default (``network_data_default.yaml``). Rendering
needs jinja2 and PyYAML: this Python's when it has them, else a small virtualenv cached
beside the templates.

:func:`overcloud_request` builds what ``openstack overcloud deploy`` sends through
python-heatclient: ``overcloud.yaml`` with every file it reaches as ``files`` (absolute
``file://`` names), the rendered ``overcloud-resource-registry-puppet.yaml`` as the
environment, node counts and the parameters a deployment must give as
``parameter_defaults``. Works under heat's Python and under upstream Heat's.
"""

import fcntl
import hashlib
import json
import os
import pathlib
import re
import shutil
import subprocess
import sys
import tarfile
import time
import venv
from typing import Any

VERSION = "18.0.0"
PACKAGE = "tripleo-heat-templates"
REGISTRY = "overcloud-resource-registry-puppet.yaml"
# The parameters without default that the overcloud needs whatever the roles: the stack
# name tripleoclient passes, and two of the passwords it generates.
REQUIRED = {
    "RootStackName": "overcloud",
    "AdminPassword": "bench-admin-password",
    "NeutronMetadataProxySharedSecret": "bench-metadata-secret",
}
# Node counts that give upstream's figures: the default counts (a Controller and a
# Compute) preview 525 resources; 3 Controllers, 100 Computes and 3 CephStorage 1358.
SMALL = {"ControllerCount": 1, "ComputeCount": 1}
LARGE = {"ControllerCount": 3, "ComputeCount": 100, "CephStorageCount": 3}
# The limits of the Heat tripleoclient runs for a deployment ("ephemeral Heat").
ENGINE_OPTIONS = {"max_nested_stack_depth": 10, "max_json_body_size": 8388608}
YAQL_OPTIONS = {"memory_quota": 900000, "limit_iterators": 9000}
UUID = re.compile(r"[0-9a-f]{8}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{12}")


def cache_dir() -> pathlib.Path:
    """Where the sdist, its rendered templates and the rendering virtualenv are kept."""
    default = pathlib.Path.home() / ".cache" / "heat-tripleo"
    return pathlib.Path(os.environ.get("HEAT_TRIPLEO_CACHE", default))


def download(cache: pathlib.Path) -> pathlib.Path:
    """The sdist, fetched with pip unless already cached."""
    sdist = cache / ("%s-%s.tar.gz" % (PACKAGE, VERSION))
    if not sdist.exists():
        cache.mkdir(parents=True, exist_ok=True)
        command = [sys.executable, "-m", "pip", "download", "--no-deps", "--no-binary", ":all:"]
        command += ["-d", str(cache), "%s==%s" % (PACKAGE, VERSION)]
        subprocess.run(command, check=True, capture_output=True)
    return sdist


def renderer_python(cache: pathlib.Path) -> str:
    """A Python with jinja2 and PyYAML: this one, or a virtualenv made once in the cache."""
    check = [sys.executable, "-c", "import jinja2, yaml"]
    if subprocess.run(check, capture_output=True, check=False).returncode == 0:
        return sys.executable
    environment = cache / "render-venv"
    python = environment / "bin" / "python"
    if not python.exists():
        venv.create(environment, with_pip=True)
        install = [str(python), "-m", "pip", "install", "-q", "jinja2", "PyYAML"]
        subprocess.run(install, check=True, capture_output=True)
    return str(python)


def rendered_templates(cache: pathlib.Path | None = None) -> pathlib.Path:
    """The rendered templates' directory, unpacked and rendered once; concurrent callers
    (the test workers) wait for the first one's rendering."""
    cache = cache or cache_dir()
    rendered = cache / ("rendered-%s" % VERSION)
    cache.mkdir(parents=True, exist_ok=True)
    with open(cache / "render.lock", "w") as lock:
        fcntl.flock(lock, fcntl.LOCK_EX)
        if not (rendered / "overcloud.yaml").exists():
            render(cache, rendered)
    return rendered


def render(cache: pathlib.Path, rendered: pathlib.Path) -> None:
    """Unpack the sdist and render it into ``rendered``, through a partial directory
    that an interrupted run leaves behind for the next one to remove."""
    source = cache / ("%s-%s" % (PACKAGE, VERSION))
    if not source.exists():
        with tarfile.open(download(cache)) as archive:
            archive.extractall(cache, filter="data")
    command = [renderer_python(cache), "tools/process-templates.py", "-p", "."]
    command += ["-r", "roles_data.yaml", "-n", "network_data_default.yaml"]
    partial = cache / ("rendering-%s" % VERSION)
    shutil.rmtree(partial, ignore_errors=True)
    subprocess.run([*command, "-o", str(partial)], cwd=source, check=True, capture_output=True)
    partial.rename(rendered)


def overcloud_request(rendered: pathlib.Path, counts: dict) -> dict:
    """``{"template", "files", "environment"}`` of a deployment with ``counts`` nodes per
    role, as python-heatclient builds them from the rendered templates."""
    from heatclient.common import template_utils
    from oslo_serialization import jsonutils

    template_files, template = template_utils.get_template_contents(
        template_file=str(rendered / "overcloud.yaml")
    )
    environment_files, environment = template_utils.process_multiple_environments_and_files(
        env_paths=[str(rendered / REGISTRY)]
    )
    environment.setdefault("parameters", {})
    environment.setdefault("parameter_defaults", {}).update(REQUIRED, **counts)
    request = {
        "template": template,
        "files": {**template_files, **environment_files},
        "environment": environment,
    }
    # As the client sends it: JSON, which makes the files read as bytes text.
    return jsonutils.loads(jsonutils.dumps(request))


def normalised(value: Any, key: str | None = None) -> Any:
    """``value`` with what legitimately differs from one run to the next made equal: ids
    and times replaced by markers, unordered lists (resources, outputs, required_by)
    sorted."""
    if isinstance(value, dict):
        return {name: normalised(item, name) for name, item in value.items()}
    if isinstance(value, list):
        items = [normalised(item) for item in value]
        if key in ("resources", "required_by", "outputs", None):
            items.sort(key=lambda item: json.dumps(item, sort_keys=True))
        return items
    if isinstance(value, str):
        if key is not None and key.endswith("_time"):
            return "<time>"
        return UUID.sub("<uuid>", value)
    return value


def preview_digest(preview: dict) -> dict:
    """What a test compares of a preview: the resource count, an outline (each resource's
    stack, name, type and dependants) and a hash of the whole normalised answer."""
    outline = sorted(
        "%s/%s %s <- %s"
        % (
            item["stack_name"],
            item["resource_name"],
            item["resource_type"],
            ",".join(sorted(item["required_by"])),
        )
        for item in flattened(preview["resources"])
    )
    text = json.dumps(normalised(preview), sort_keys=True)
    return {
        "resources": len(outline),
        "outline": outline,
        "sha256": hashlib.sha256(text.encode()).hexdigest(),
    }


def flattened(resources: list) -> list:
    """The resources of a preview, those of nested stacks included, in one list."""
    found = []
    for item in resources:
        found.extend(flattened(item) if isinstance(item, list) else [item])
    return found


def timed(function: Any, repeat: int) -> tuple[list[float], Any]:
    """Seconds of each of ``repeat`` calls of ``function``, and its last result."""
    times, result = [], None
    for _ in range(repeat):
        started = time.perf_counter()
        result = function()
        times.append(time.perf_counter() - started)
    return times, result


def engine_config(database_url: str) -> str:
    """heat.conf text with the limits of tripleoclient's Heat and the database given."""
    lines = ["[DEFAULT]"] + ["%s = %s" % item for item in ENGINE_OPTIONS.items()]
    lines += ["[yaql]"] + ["%s = %s" % item for item in YAQL_OPTIONS.items()]
    lines += ["[database]", "connection = %s" % database_url]
    return "\n".join(lines) + "\n"


def portable(answer: Any, rendered: pathlib.Path) -> Any:
    """``answer`` with the templates' directory named ``<templates>``, as recorded answers
    name it wherever the cache is."""
    text = json.dumps(answer).replace("file://%s/" % rendered, "file://<templates>/")
    return json.loads(text)
