"""Test-suite settings shared by every folder."""

import os

from hypothesis import settings

# On CI the property tests run a fixed set of examples, so a landing never depends on
# which random examples one run happened to draw; locally they explore new ones each run.
settings.register_profile("ci", derandomize=True, print_blob=True)
if os.environ.get("CI"):
    settings.load_profile("ci")


import pytest


@pytest.fixture(autouse=True)
def _private_data_dir(tmp_path_factory, monkeypatch):
    """No test writes saves or crash reports into the user's own data folder, nor
    parsed stylesheets into their cache (uno_tui.app.parsed_styles)."""
    monkeypatch.setenv("XDG_DATA_HOME", str(tmp_path_factory.mktemp("xdg-data")))
    monkeypatch.setenv("XDG_CACHE_HOME", str(tmp_path_factory.mktemp("xdg-cache")))
