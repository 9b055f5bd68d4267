"""No import circles: the module graph of the engine (and of the server) has no cycle.

Every ``import`` counts, wherever it is written: at the top, inside a function, or under
``if TYPE_CHECKING`` (DESIGN.md: "no two modules import each other, type-only imports
included"). ``from package import name`` is an edge to ``package.name`` when that is a
module, else to the package itself.
"""

from __future__ import annotations

import ast
from pathlib import Path

import uno_tui

ROOT = Path(uno_tui.__file__).parent


def _module_name(path: Path) -> str:
    parts = list(path.relative_to(ROOT.parent).with_suffix("").parts)
    if parts[-1] == "__init__":
        parts.pop()
    return ".".join(parts)


def _all_modules() -> dict[str, Path]:
    return {_module_name(p): p for p in ROOT.rglob("*.py")}


def import_graph() -> dict[str, set[str]]:
    """Every module of ``uno_tui`` and the modules of ``uno_tui`` it imports."""
    modules = _all_modules()
    graph: dict[str, set[str]] = {}
    for name, path in modules.items():
        package = name if path.name == "__init__.py" else name.rpartition(".")[0]
        edges = set()
        for node in ast.walk(ast.parse(path.read_text(encoding="utf-8"))):
            targets = []
            if isinstance(node, ast.Import):
                targets = [alias.name for alias in node.names]
            elif isinstance(node, ast.ImportFrom):
                if node.level:
                    base = package.split(".")
                    base = base[:len(base) - node.level + 1]
                    origin = ".".join(base + ([node.module] if node.module else []))
                else:
                    origin = node.module or ""
                for alias in node.names:
                    sub = f"{origin}.{alias.name}"
                    targets.append(sub if sub in modules else origin)
            edges.update(t for t in targets if t in modules and t != name)
        graph[name] = edges
    return graph


def cycles(graph: dict[str, set[str]], *within: str) -> list[list[str]]:
    """The strongly connected groups of more than one module under the packages
    ``within`` (Tarjan's algorithm)."""
    nodes = {n for n in graph if any(n == w or n.startswith(w + ".") for w in within)}
    index: dict[str, int] = {}
    low: dict[str, int] = {}
    stack: list[str] = []
    on_stack: set[str] = set()
    found: list[list[str]] = []

    def visit(node: str) -> None:
        index[node] = low[node] = len(index)
        stack.append(node)
        on_stack.add(node)
        for nxt in graph[node]:
            if nxt not in nodes:
                continue
            if nxt not in index:
                visit(nxt)
                low[node] = min(low[node], low[nxt])
            elif nxt in on_stack:
                low[node] = min(low[node], index[nxt])
        if low[node] == index[node]:
            group = []
            while True:
                member = stack.pop()
                on_stack.discard(member)
                group.append(member)
                if member == node:
                    break
            if len(group) > 1:
                found.append(sorted(group))

    for node in sorted(nodes):
        if node not in index:
            visit(node)
    return found


def test_the_engine_has_no_import_circle():
    graph = import_graph()
    assert cycles(graph, "uno_tui.engine") == []


def test_the_rule_sets_and_the_engine_have_no_import_circle_together():
    assert cycles(import_graph(), "uno_tui.engine", "uno_tui.rulesets") == []


def test_the_server_has_no_import_circle():
    assert cycles(import_graph(), "uno_tui.server") == []


def test_the_check_finds_a_circle():
    graph = {"p.a": {"p.b"}, "p.b": {"p.c"}, "p.c": {"p.a"}, "p.d": {"p.a"}}
    assert cycles(graph, "p") == [["p.a", "p.b", "p.c"]]
    assert cycles({"p.a": {"p.b"}, "p.b": set()}, "p") == []
