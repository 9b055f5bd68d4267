"""The shared engine modules name no rule set: differences live in each rule set's module.

A variant name compared against, or a rule set's module imported, in the turn machine,
the invariants, the sampler, the save format or the bots would mean that a new rule
set has to edit shared code. Only defaults (``variant="classic"``) may name one.
"""

from __future__ import annotations

import ast
from pathlib import Path

import pytest

import uno_tui

ROOT = Path(uno_tui.__file__).parent
SHARED = ["engine/game.py", "engine/invariants.py", "engine/determinize.py", "engine/saves.py",
          "engine/ruleset.py", "engine/decks.py", "engine/view.py", "engine/match.py",
          "engine/registry.py", "engine/table.py",
          *sorted(str(p.relative_to(ROOT)) for p in (ROOT / "bots").glob("*.py"))]
RULE_SETS = ("classic", "pokemon", "flip", "party")
#: House rules are modules of their own too: shared code never tests for one by name.
HOUSE_RULE_NAMES = ("stacking", "7-0", "jump-in", "forced-play", "draw-to-match",
                    "no-bluffing", "stack-any", "multi-play", "no-action-finish", "deflect",
                    "draw-and-pass", "catch-window")


def _defaults(tree: ast.AST) -> set[int]:
    """ids of the constants that are parameter defaults."""
    ids = set()
    for node in ast.walk(tree):
        if isinstance(node, (ast.FunctionDef, ast.AsyncFunctionDef)):
            ids.update(id(d) for d in node.args.defaults + node.args.kw_defaults if d is not None)
        if isinstance(node, ast.AnnAssign) and node.value is not None:
            ids.add(id(node.value))     # dataclass field defaults
    return ids


def _docstrings(tree: ast.AST) -> set[int]:
    ids = set()
    for node in ast.walk(tree):
        body = getattr(node, "body", None)
        if isinstance(body, list) and body and isinstance(body[0], ast.Expr) \
                and isinstance(body[0].value, ast.Constant):
            ids.add(id(body[0].value))
    return ids


def names_of_rule_sets(source: str) -> list[str]:
    """Where ``source`` names a rule set as code: a string constant (not a default or a
    docstring) or an import of a rule set's module."""
    tree = ast.parse(source)
    allowed = _defaults(tree) | _docstrings(tree)
    found = []
    for node in ast.walk(tree):
        if (isinstance(node, ast.Constant) and isinstance(node.value, str)
                and node.value.lower() in RULE_SETS + HOUSE_RULE_NAMES
                and id(node) not in allowed):
            found.append(f"line {node.lineno}: {node.value!r}")
        if isinstance(node, ast.ImportFrom):
            modules = [node.module or ""] + [alias.name for alias in node.names]
            if any(m.split(".")[-1] in RULE_SETS for m in modules):
                found.append(f"line {node.lineno}: imports {', '.join(modules)}")
    return found


@pytest.mark.parametrize("module", SHARED)
def test_shared_module_names_no_rule_set(module):
    assert names_of_rule_sets((ROOT / module).read_text(encoding="utf-8")) == []


def test_the_check_finds_a_rule_set_named_as_code():
    assert names_of_rule_sets('if game.variant.name == "party":\n    pass\n') == ["line 1: 'party'"]
    assert names_of_rule_sets("from . import flip\n") == ["line 1: imports , flip"]
    assert names_of_rule_sets('def f(variant="classic"):\n    "classic."\n') == []
    assert names_of_rule_sets('if "no-bluffing" in rules:\n    pass\n') == ["line 1: 'no-bluffing'"]


def _game_attributes(source: str) -> set[str]:
    """Every ``game.X`` a module's hooks use."""
    return {node.attr for node in ast.walk(ast.parse(source))
            if isinstance(node, ast.Attribute) and isinstance(node.value, ast.Name)
            and node.value.id == "game"}


def test_rule_modules_use_only_the_table_protocol_and_their_own_state():
    """Hooks drive the game through ``Table`` (engine/table.py) and their rule set's state
    fields, never the turn machine's private members: the built-ins, the one-file outside
    rule set and the example package alike."""
    from uno_tui.engine import VARIANTS, Table

    allowed = set(dir(Table)) | set(Table.__annotations__)
    allowed |= {field.name for variant in VARIANTS.values() for field in variant.state}
    allowed.add("swaps")      # outside_ruleset.py's own state field
    tests = Path(__file__).resolve().parents[1]
    sources = [*(ROOT / "rulesets").rglob("*.py"), tests / "engine" / "outside_ruleset.py",
               *(tests / "example_package" / "uno_attack").rglob("*.py")]
    stray = {f"{path.name}: game.{name}" for path in sources
             for name in _game_attributes(path.read_text(encoding="utf-8")) - allowed}
    assert stray == set()
    assert _game_attributes("game._rng.random()\n") - allowed == {"_rng"}


#: Kinds the bots still weigh by name beyond classic's (their skip weighting); see the
#: notes of issue 22. Anything more is a rule set's difference leaking into the bots.
BOTS_MAY_NAME = {"SKIP_EVERYONE"}


def test_the_bots_name_no_card_kind_of_one_rule_set_only():
    from uno_tui.engine import Kind
    from uno_tui.rulesets.classic import rules as classic

    classic_kinds = {face.kind for face, _ in classic.DECK}
    named = set()
    for path in sorted((ROOT / "bots").glob("*.py")):
        for node in ast.walk(ast.parse(path.read_text(encoding="utf-8"))):
            if (isinstance(node, ast.Attribute) and isinstance(node.value, ast.Name)
                    and node.value.id == "Kind" and Kind[node.attr] not in classic_kinds):
                named.add(node.attr)
    assert named <= BOTS_MAY_NAME, named


def test_the_saves_and_the_checker_read_the_game_through_the_table_protocol():
    """saves.py and invariants.py use only ``Table``'s members (and the rule sets' state
    fields) of a game: no private member of the turn machine."""
    from uno_tui.engine import VARIANTS, Table

    allowed = set(dir(Table)) | set(Table.__annotations__)
    allowed |= {field.name for variant in VARIANTS.values() for field in variant.state}
    stray = {f"{name}: game.{attribute}" for name in ("saves.py", "invariants.py")
             for attribute in _game_attributes((ROOT / "engine" / name).read_text(encoding="utf-8"))
             if attribute.startswith("_") and attribute not in allowed}
    assert stray == set()
