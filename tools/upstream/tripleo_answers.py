"""Record OpenStack Heat 27's validate and preview answers for TripleO's overcloud.

Run it with the Python of the upstream venv (not heat's own):
``/root/.cache/upstream-heat/bin/python tools/upstream/tripleo_answers.py``.
The request is tools/bench/tripleo_templates.py's with the default node counts; the
answers go to ``tests/unit/tools/upstream/tripleo_overcloud.json``: the validate answer
as it is, the preview as tripleo_templates.preview_digest sums it up (the templates'
directory named ``<templates>``).
"""

import json
import logging
import pathlib
import sys
import tempfile
import warnings

ROOT = pathlib.Path(__file__).resolve().parents[2]
sys.path.insert(0, str(ROOT / "tools" / "bench"))

import tripleo_templates  # noqa: E402
import upstream_tripleo_runner  # noqa: E402

ANSWERS = ROOT / "tests" / "unit" / "tools" / "upstream" / "tripleo_overcloud.json"


def main():
    warnings.simplefilter("ignore")
    logging.disable(logging.CRITICAL)
    rendered = tripleo_templates.rendered_templates()
    request = tripleo_templates.overcloud_request(rendered, tripleo_templates.SMALL)
    with tempfile.TemporaryDirectory() as tmp:
        upstream, admin = upstream_tripleo_runner.engine(pathlib.Path(tmp))
        validated = upstream_tripleo_runner.validate(upstream, admin, request)
        preview = upstream_tripleo_runner.preview(upstream, admin, request)
    answers = {
        "validate": tripleo_templates.portable(validated, rendered),
        "preview": tripleo_templates.preview_digest(tripleo_templates.portable(preview, rendered)),
    }
    ANSWERS.write_text(json.dumps(answers, indent=1, sort_keys=True) + "\n")


if __name__ == "__main__":
    main()
