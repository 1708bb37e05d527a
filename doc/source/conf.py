"""Sphinx configuration of Heat's documentation (``tox -e docs``).

The configuration and policy references are generated from the code by the
oslo.config and oslo.policy Sphinx extensions, so Heat must be importable.
"""

import os
import sys

sys.path.insert(0, os.path.abspath(os.path.join(os.path.dirname(__file__), "..", "..")))

project = "Heat"
copyright = "Heat contributors"
master_doc = "index"
exclude_patterns = ["_build"]
html_theme = "alabaster"
extensions = ["oslo_config.sphinxext", "oslo_policy.sphinxext"]
