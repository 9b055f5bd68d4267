"""Test-suite settings shared by every folder."""

import os

from hypothesis import settings

# On CI the property tests run a fixed set of examples, so a landing never depends on
# which random examples one run happened to draw; locally they explore new ones each run.
settings.register_profile("ci", derandomize=True, print_blob=True)
if os.environ.get("CI"):
    settings.load_profile("ci")
