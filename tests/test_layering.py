"""The arrows between packages run one way: nothing in the app imports the CLI, nor a
rule set."""

import ast
from pathlib import Path

import uno_tui

PACKAGE = Path(uno_tui.__file__).parent


def _imports(path: Path) -> set[str]:
    tree = ast.parse(path.read_text(encoding="utf-8"))
    found = set()
    for node in ast.walk(tree):
        if isinstance(node, ast.ImportFrom):
            dots = "." * node.level
            found.add(dots + (node.module or ""))
        elif isinstance(node, ast.Import):
            found.update(alias.name for alias in node.names)
    return found


def test_the_app_never_imports_the_cli():
    offenders = []
    for path in sorted((PACKAGE / "app").rglob("*.py")):
        for name in _imports(path):
            if name.lstrip(".") == "cli" or name.endswith(".cli") or name == "uno_tui.cli":
                offenders.append(f"{path.relative_to(PACKAGE)} imports {name}")
    assert offenders == []


def test_the_app_reaches_the_rule_sets_only_through_the_front_end_registry():
    """The app imports no rule set's module, built-in or not: it finds their front ends
    through ``app.frontends`` (``Variant.front_end``), as it finds an outside package's."""
    offenders = []
    for path in sorted((PACKAGE / "app").rglob("*.py")):
        for name in _imports(path):
            if "rulesets" in name.split("."):
                offenders.append(f"{path.relative_to(PACKAGE)} imports {name}")
    assert offenders == []
