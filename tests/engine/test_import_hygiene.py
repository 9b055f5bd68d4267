"""The engine must run without the UI: it never imports textual or rich. The rule sets'
engine parts neither: only their front ends (``rulesets/<name>/frontend/``) import the
app."""

import ast
import subprocess
import sys
from pathlib import Path

PACKAGE = Path(__file__).resolve().parents[2] / "uno_tui"
ENGINE = PACKAGE / "engine"
RULESETS = PACKAGE / "rulesets"


def _engine_sources():
    """The engine's modules and the rule sets' engine parts (front ends left out)."""
    yield from ENGINE.rglob("*.py")
    for path in RULESETS.rglob("*.py"):
        if "frontend" not in path.relative_to(RULESETS).parts:
            yield path


def _imported(path: Path, node: ast.AST) -> list[str]:
    """The absolute names of the modules an import statement reads from."""
    if isinstance(node, ast.Import):
        return [alias.name for alias in node.names]
    if isinstance(node, ast.ImportFrom):
        if not node.level:
            return [node.module or ""]
        package = list(path.relative_to(PACKAGE.parent).parent.parts)
        base = package[:len(package) - node.level + 1]
        return [".".join(base + ([node.module] if node.module else []))]
    return []


def test_engine_sources_import_no_ui_library():
    offenders = []
    for path in _engine_sources():
        tree = ast.parse(path.read_text(), filename=str(path))
        for node in ast.walk(tree):
            offenders += [f"{path.name}: {n}" for n in _imported(path, node)
                          if n.split(".")[0] in {"textual", "rich"}
                          or n == "uno_tui.app" or n.startswith("uno_tui.app.")]
    assert offenders == []


def test_importing_the_engine_loads_no_ui_library():
    code = ("import sys, uno_tui.engine, uno_tui.sim; "
            "bad = [m for m in sys.modules if m.split('.')[0] in ('textual', 'rich')]; "
            "print(bad); sys.exit(1 if bad else 0)")
    done = subprocess.run([sys.executable, "-c", code], capture_output=True, text=True)
    assert done.returncode == 0, done.stdout + done.stderr
