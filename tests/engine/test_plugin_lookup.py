"""Outside rule sets are looked for without importlib.metadata when no installed package
names one: importing it (email, zipfile, csv...) was ~20 ms of every launch. A package
that does name one is still found, however it is installed."""

from __future__ import annotations

import os
import subprocess
import sys
import zipfile
from pathlib import Path

import pytest

from uno_tui.engine import registry

#: Loads the plugins in a fresh interpreter and says what it saw.
_SCRIPT = ("import sys; from uno_tui.engine import load_plugins, plugin_problems; "
           "load_plugins(); print('importlib.metadata' in sys.modules); print(plugin_problems())")

#: What a package's entry_points.txt says to name the module ``broken_rules`` (which
#: fails to load, so that its problem shows it was looked for and loaded).
_POINTS = "[uno_tui.rulesets]\nbroken = broken_rules\n"


def _looked_up(site: Path | None) -> list[str]:
    env = dict(os.environ)
    if site is not None:
        env["PYTHONPATH"] = str(site)
    done = subprocess.run([sys.executable, "-c", _SCRIPT], capture_output=True, text=True,
                          env=env, timeout=120)
    assert done.returncode == 0, done.stderr
    return done.stdout.splitlines()


def _site_with(tmp_path: Path, info: str) -> Path:
    """A folder for sys.path holding ``broken_rules`` and the metadata folder ``info``
    (relative to it) that names it."""
    site = tmp_path / "site"
    (site / info).mkdir(parents=True)
    (site / info / "entry_points.txt").write_text(_POINTS)
    for metadata in ("METADATA", "PKG-INFO"):     # a dist-info's, an egg-info's
        (site / info / metadata).write_text("Metadata-Version: 2.1\nName: broken-rules\n"
                                            "Version: 1.0\n")
    (site / "broken_rules.py").write_text("raise RuntimeError('broken on purpose')\n")
    return site


def test_no_package_naming_a_rule_set_means_importlib_metadata_is_not_imported(tmp_path):
    # A package that names other entry points only (as uno_tui itself does) is no reason.
    (tmp_path / "other-1.0.dist-info").mkdir()
    (tmp_path / "other-1.0.dist-info" / "entry_points.txt").write_text(
        "[console_scripts]\nother = other:main\n")
    imported, problems = _looked_up(tmp_path)
    assert imported == "False" and problems == "[]"


@pytest.mark.parametrize("info", ["broken_rules-1.0.dist-info", "Broken_Rules-1.0.EGG-INFO",
                                  "broken_rules-1.0-py3.11.egg/EGG-INFO"])
def test_a_package_naming_a_rule_set_is_loaded(tmp_path, info):
    site = _site_with(tmp_path, info)
    if info.endswith("/EGG-INFO"):      # an egg is a folder on the path of its own
        egg = site / info.split("/")[0]
        (site / "broken_rules.py").rename(egg / "broken_rules.py")
        site = egg
    imported, problems = _looked_up(site)
    assert imported == "True" and "'broken_rules'" in problems and "broken on purpose" in problems


def test_what_can_not_be_looked_into_quickly_may_name_a_rule_set(tmp_path, monkeypatch):
    archive = tmp_path / "rules.zip"
    with zipfile.ZipFile(archive, "w") as zipped:
        zipped.writestr("broken_rules-1.0.dist-info/entry_points.txt", _POINTS)
    monkeypatch.setattr(sys, "path", [str(tmp_path / "missing"), str(archive)])
    assert registry._may_name_plugins()
    monkeypatch.setattr(sys, "path", [str(tmp_path / "missing")])
    assert not registry._may_name_plugins()

    class Finder:
        @staticmethod
        def find_distributions(context=None):
            return iter(())

    monkeypatch.setattr(sys, "meta_path", [*sys.meta_path, Finder])
    assert registry._may_name_plugins()
