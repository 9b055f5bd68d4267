"""The app's stylesheets and help pages are declared as package data, so a normal
(non-editable) ``pip install`` ships them."""

from __future__ import annotations

import fnmatch
import tomllib
from pathlib import Path

ROOT = Path(__file__).resolve().parents[2]


def test_every_app_data_file_is_declared_package_data():
    config = tomllib.loads((ROOT / "pyproject.toml").read_text(encoding="utf-8"))
    patterns = config["tool"]["setuptools"]["package-data"]["uno_tui"]
    package = ROOT / "uno_tui"
    data = [path.relative_to(package).as_posix() for path in (package / "app").rglob("*")
            if path.is_file() and path.suffix not in (".py", ".pyc")]
    assert {"app/app.tcss", "app/dialogs.tcss", "app/table.tcss", "app/setup.tcss",
            "app/help/keys.md"} <= set(data)
    # setuptools reads "**/" as any depth of folders, including none.
    undeclared = [name for name in data
                  if not any(fnmatch.fnmatch(name, p) or fnmatch.fnmatch(name, p.replace("**/", ""))
                             for p in patterns)]
    assert not undeclared, f"not declared in [tool.setuptools.package-data]: {undeclared}"
