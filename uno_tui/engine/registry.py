"""The registry of rule sets, house rules and presets: below the turn machine.

Every rule set and every house rule lives in a module of its own under
``uno_tui/rulesets/`` (the built-ins) or in an outside package. A module plugs in by
declaring any of:

- ``VARIANT`` (or ``VARIANTS``, several): :class:`~uno_tui.engine.ruleset.Variant`;
- ``HOUSE_RULES``: :class:`~uno_tui.engine.ruleset.HouseRule` values;
- ``PRESETS``: :class:`~uno_tui.engine.ruleset.Preset` values.

The built-ins (:data:`BUILT_IN_MODULES`) are loaded when the engine is imported. An
outside package names its module in the entry-point group ``uno_tui.rulesets``
(``[project.entry-points."uno_tui.rulesets"] attack = "uno_attack"``); those are loaded
by :func:`load_plugins`, which the CLI calls at start and :func:`get_variant` calls for a
name it does not know, so ``pip install uno-attack`` is enough for ``--variant attack``.

:func:`register_variant` checks a rule set's tables before it is known (see
:func:`variant_problems`) and refuses a bad one with every problem in words.
"""

from __future__ import annotations

import importlib
import os
import sys
from types import ModuleType
from typing import Iterable

from .cards import KIND_LABELS, Kind
from .errors import ConfigError
from .ruleset import (
    HOUSE_RULE_SPECS, HOUSE_RULES, ChallengePenalty, DecisionRule, FirstCard, HouseRule, Preset,
    RandomDraw, Variant, house_rule_spec,
)

__all__ = [
    "VARIANTS", "HOUSE_RULES", "HOUSE_RULE_SPECS", "PRESETS", "BUILT_IN_MODULES",
    "ENTRY_POINT_GROUP", "PRESET_PREFIX", "register_variant", "unregister_variant", "get_variant",
    "register_house_rule", "unregister_house_rule", "register_preset", "house_rule",
    "expand_rules", "load_module", "load_built_ins", "load_plugins", "plugin_problems",
    "variant_problems", "declared_decision",
]

#: Every rule set known, by name.
VARIANTS: dict[str, Variant] = {}
#: The house-rule presets, by name (``--rules preset:NAME``).
PRESETS: dict[str, Preset] = {}
#: The modules of the built-in rule sets and house rules, loaded with the engine.
BUILT_IN_MODULES = ("uno_tui.rulesets.classic", "uno_tui.rulesets.pokemon",
                    "uno_tui.rulesets.flip", "uno_tui.rulesets.party", "uno_tui.rulesets.house")
#: The entry-point group outside packages name their rule-set modules in.
ENTRY_POINT_GROUP = "uno_tui.rulesets"
#: ``--rules preset:party`` names a preset.
PRESET_PREFIX = "preset:"

_built_in: set[str] = set()
_built_in_rules: set[str] = set()
_plugins_loaded = False
_plugin_problems: list[str] = []

#: The engine plays at most this many seats and cards.
MAX_SEATS = 16
MAX_CARDS = 256
_GAME_ATTRIBUTES = frozenset({
    "variant", "players", "rules", "seed", "hands", "draw_pile", "discard", "out_of_play",
    "color", "direction", "dealer", "current", "decision", "uno_window", "called", "winner",
    "goer", "pending_draw", "side", "opening_events"})
_WILD_FIRST = frozenset({FirstCard.CHOOSE_COLOR, FirstCard.RETURN, FirstCard.TURN_ANOTHER})


# ------------------------------------------------------------------ checks

def _amount_problem(amount) -> str | None:
    if isinstance(amount, RandomDraw) or amount == "until":
        return None
    if type(amount) is not int or amount < 1:
        return (f"{amount!r} is not a draw amount (a whole number >= 1, 'until' or a "
                "RandomDraw)")
    return None


def variant_problems(variant: Variant) -> list[str]:
    """What is wrong with ``variant``'s tables, in words (empty: it can be played)."""
    problems: list[str] = []
    if not variant.name or not isinstance(variant.name, str) or variant.name.startswith(
            PRESET_PREFIX) or not variant.name.replace("-", "").replace("_", "").isalnum():
        problems.append(f"its name {variant.name!r} must be letters, digits, '-' or '_'")
    cards = sum(copies for _, copies in variant.deck)
    if not variant.deck:
        problems.append("its deck is empty")
    if not 2 <= variant.min_players <= variant.max_players <= MAX_SEATS:
        problems.append(f"it wants {variant.min_players} to {variant.max_players} players: the "
                        f"engine plays 2 to {MAX_SEATS}")
    if cards > MAX_CARDS:
        problems.append(f"its deck has {cards} cards: the engine plays at most {MAX_CARDS}")
    elif cards < variant.hand_size * variant.max_players + 2:
        problems.append(f"its {cards} cards can't deal {variant.hand_size} to "
                        f"{variant.max_players} players and start the piles")
    sides = [(variant.deck, variant.colors, "")]
    if variant.dark_deck:
        sides.append((variant.dark_deck, variant.dark_colors, "dark "))
    for rows, colors, side in sides:
        for face, copies in rows:
            if face.color is not None and face.color not in colors:
                problems.append(f"its {side}deck's {face.label} is not of its colours "
                                f"({', '.join(colors)})")
            if type(copies) is not int or copies < 1:
                problems.append(f"{face.label} has {copies!r} copies")
    kinds = variant.kinds()
    for kind in sorted(kinds - {Kind.NUMBER}):
        if kind not in KIND_LABELS:
            problems.append(f"card kind {str(kind)!r} is not defined (define_kind)")
        points = variant.points.get(kind)
        if type(points) is not int or points < 0:
            problems.append(f"{KIND_LABELS.get(kind, kind)} scores no points (points[{str(kind)!r}] "
                            "must be a whole number >= 0)")
    for kind, rule in variant.first_card.items():
        if rule not in FirstCard.__members__.values():
            problems.append(f"first_card[{str(kind)!r}] is {rule!r}, not a FirstCard")
    for face, _ in variant.deck:     # only light faces are turned first
        rule = variant.first_card.get(face.kind, FirstCard.PLAY)
        if face.color is None and rule not in _WILD_FIRST:
            problems.append(f"a first {face.label} would start the round with no colour: its "
                            "first_card must be CHOOSE_COLOR, RETURN or TURN_ANOTHER")
        if rule == FirstCard.DRAW_AND_SKIP and not isinstance(
                variant.draw_amounts.get(face.kind), (int, RandomDraw)):
            problems.append(f"a first {face.label} makes the first player draw, but "
                            "draw_amounts gives no number for it")
    for kind, amount in variant.draw_amounts.items():
        problem = _amount_problem(amount)
        if problem:
            problems.append(f"draw_amounts[{str(kind)!r}]: {problem}")
    for kind in sorted(variant.stackable):
        if type(variant.draw_amounts.get(kind)) is not int:
            problems.append(f"stackable {str(kind)!r} needs a fixed number in draw_amounts")
    for kind, spec in variant.challenges.items():
        if not isinstance(spec, ChallengePenalty):
            problems.append(f"challenges[{str(kind)!r}] is not a ChallengePenalty")
            continue
        if kind not in variant.restricted_wilds:
            problems.append(f"{str(kind)!r} can be challenged but is not a restricted wild")
        for what in (spec.guilty_draw, spec.innocent_draw):
            if what != "until" and (type(what) is not int or what < 0):
                problems.append(f"challenges[{str(kind)!r}] draws {what!r}")
    for kind in sorted(variant.restricted_wilds - kinds):
        problems.append(f"restricted wild {str(kind)!r} is not in the deck")
    for kind, effect in variant.effects.items():
        if not callable(effect):
            problems.append(f"effects[{str(kind)!r}] is not a function")
    for kind, rule in {**variant.decisions}.items():
        if not isinstance(rule, DecisionRule):
            problems.append(f"decisions[{str(kind)!r}] is not a DecisionRule")
    for state in variant.state:
        if state.name in _GAME_ATTRIBUTES or state.name.startswith("_"):
            problems.append(f"state field {state.name!r} would hide the game's own")
    return problems


# ------------------------------------------------------------- rule sets

def _is_new(table: dict, value, cls: type, what: str) -> bool:
    """Whether ``value`` (a ``cls``) is not in ``table`` yet: ``False`` when it is already
    (registering again is harmless), :class:`ConfigError` when another holds its name."""
    if not isinstance(value, cls):
        raise ConfigError(f"{value!r} is not a {cls.__name__}")
    known = table.get(value.name)
    if known is not None and known is not value:
        raise ConfigError(f"a {what} called {value.name!r} is already registered")
    return known is None


def register_variant(variant: Variant) -> Variant:
    """Make ``variant`` known by its name (to ``Game``, ``Match``, the CLI and the app).

    Its tables are checked first (:func:`variant_problems`): a bad one is refused with a
    :class:`ConfigError` that lists every problem. Registering the same variant again is
    harmless; another variant under a name already taken is a :class:`ConfigError`.
    """
    if not _is_new(VARIANTS, variant, Variant, "variant"):
        return variant
    problems = variant_problems(variant)
    if problems:
        raise ConfigError(f"the rule set {variant.name!r} can't be played: " + "; ".join(problems))
    VARIANTS[variant.name] = variant
    return variant


def unregister_variant(name: str) -> None:
    """Forget the variant called ``name`` (e.g. a test's); the built-ins can't be forgotten."""
    if name in _built_in:
        raise ConfigError(f"the built-in variant {name!r} can't be unregistered")
    VARIANTS.pop(name, None)


def get_variant(name: str) -> Variant:
    """The variant called ``name``; :class:`ConfigError` naming the known ones otherwise
    (outside packages' rule sets are looked for first)."""
    try:
        return VARIANTS[name]
    except (KeyError, TypeError):
        pass
    if isinstance(name, str) and load_plugins():
        variant = VARIANTS.get(name)
        if variant is not None:
            return variant
    problems = "".join(f"; {p}" for p in _plugin_problems)
    raise ConfigError(f"unknown variant {name!r} (known: {', '.join(VARIANTS)}){problems}")


# ------------------------------------------------------------- house rules

def register_house_rule(rule: HouseRule) -> HouseRule:
    """Make the house rule ``rule`` known by its name (same rules as :func:`register_variant`)."""
    if not _is_new(HOUSE_RULE_SPECS, rule, HouseRule, "house rule"):
        return rule
    if not rule.name or rule.name.startswith(PRESET_PREFIX) or "," in rule.name \
            or rule.name != rule.name.strip() or not rule.help:
        raise ConfigError(f"house rule {rule.name!r} needs a name without commas and a help line")
    HOUSE_RULE_SPECS[rule.name] = rule
    HOUSE_RULES[rule.name] = rule.help
    return rule


def unregister_house_rule(name: str) -> None:
    """Forget the house rule ``name``; the built-ins can't be forgotten."""
    if name in _built_in_rules:
        raise ConfigError(f"the built-in house rule {name!r} can't be unregistered")
    HOUSE_RULE_SPECS.pop(name, None)
    HOUSE_RULES.pop(name, None)


def house_rule(name: str) -> HouseRule:
    """The house rule called ``name``; :class:`ConfigError` naming the known ones otherwise."""
    return house_rule_spec(name)


def register_preset(preset: Preset) -> Preset:
    """Make ``preset`` known as ``preset:NAME``."""
    if not isinstance(preset, Preset):
        raise ConfigError(f"{preset!r} is not a Preset")
    unknown = sorted(set(preset.rules) - HOUSE_RULES.keys())
    if unknown:
        raise ConfigError(f"preset {preset.name!r} names unknown house rules: {', '.join(unknown)}")
    PRESETS[preset.name] = preset
    return preset


def expand_rules(variant: Variant, names: Iterable[str]) -> frozenset[str]:
    """House-rule names with every ``preset:NAME`` replaced by the preset's rules that apply
    to ``variant``; :class:`ConfigError` for an unknown preset."""
    rules: set[str] = set()
    for name in names:
        if isinstance(name, str) and name.startswith(PRESET_PREFIX):
            key = name[len(PRESET_PREFIX):]
            preset = PRESETS.get(key)
            if preset is None:
                raise ConfigError(f"unknown preset {key!r} (known: {', '.join(PRESETS)})")
            allowed = set(variant.allowed_rules())
            rules |= {r for r in preset.rules if r in allowed}
        else:
            rules.add(name)
    return frozenset(rules)


def declared_decision(kind: str) -> DecisionRule | None:
    """The rule that declares decision ``kind`` in any registered rule set or house rule."""
    for holder in (*VARIANTS.values(), *HOUSE_RULE_SPECS.values()):
        rule = holder.decisions.get(kind)
        if rule is not None:
            return rule
    return None


# ----------------------------------------------------------------- loading

def load_module(module: ModuleType) -> list[str]:
    """Register what ``module`` declares (``VARIANT``/``VARIANTS``, ``HOUSE_RULES``,
    ``PRESETS``); the names registered."""
    names = []
    for rule in getattr(module, "HOUSE_RULES", ()):
        names.append(register_house_rule(rule).name)
    variants = list(getattr(module, "VARIANTS", ()))
    if getattr(module, "VARIANT", None) is not None:
        variants.insert(0, module.VARIANT)
    for variant in variants:
        names.append(register_variant(variant).name)
    for preset in getattr(module, "PRESETS", ()):
        names.append(register_preset(preset).name)
    return names


def load_built_ins() -> None:
    """Register the built-in rule sets, house rules and presets (done on import)."""
    for path in BUILT_IN_MODULES:
        module = importlib.import_module(path)
        for rule in getattr(module, "HOUSE_RULES", ()):
            _built_in_rules.add(rule.name)
        load_module(module)
        _built_in.update(v.name for v in [getattr(module, "VARIANT", None),
                                          *getattr(module, "VARIANTS", ())] if v is not None)


def load_plugins(*, again: bool = False) -> bool:
    """Load the outside packages' modules named in the ``uno_tui.rulesets`` entry points.

    Done once (``again``: look again, e.g. after an install). A package that fails to
    load is left out and its problem kept (:func:`plugin_problems`); it never stops the
    game. Returns whether anything was looked for this time.
    """
    global _plugins_loaded
    if _plugins_loaded and not again:
        return False
    _plugins_loaded = True
    if not _may_name_plugins():
        return True
    import importlib.metadata   # ~20 ms (email, zipfile, csv): only for a package that may plug in
    for point in importlib.metadata.entry_points(group=ENTRY_POINT_GROUP):
        try:
            load_module(point.load())
        except Exception as exc:   # an outside package's bug must not stop the game
            _plugin_problems.append(f"the rule-set package {point.value!r} (entry point "
                                    f"{point.name!r}) did not load: {exc}")
    return True


def _may_name_plugins() -> bool:
    """Whether an installed package may name a module in :data:`ENTRY_POINT_GROUP`.

    A quick look at what :func:`importlib.metadata.entry_points` reads (the
    ``entry_points.txt`` of every ``*.dist-info``, ``*.egg-info`` and ``.egg``'s ``EGG-INFO``
    in the folders on ``sys.path``), so that a launch with no rule-set package installed
    does not import ``importlib.metadata`` (~20 ms of a ~450 ms launch). Whatever it can't
    look into quickly, a zip file on the path or another finder of distributions than
    the path's, counts as "may"; so does a file it can't read.
    """
    from importlib.machinery import PathFinder
    if any(hasattr(finder, "find_distributions") and finder is not PathFinder
           for finder in sys.meta_path):
        return True
    for root in sys.path:
        try:
            children = os.listdir(root or ".")
        except OSError:
            if os.path.isfile(root):    # a zip file, read by importlib.metadata as a folder
                return True
            continue                    # not there, or a path hook's name: nothing to read
        is_egg = os.path.basename(root).lower().endswith(".egg")
        for child in children:
            low = child.lower()
            if not (low.endswith((".dist-info", ".egg-info")) or (is_egg and low == "egg-info")):
                continue
            try:
                with open(os.path.join(root, child, "entry_points.txt"), "rb") as points:
                    if ENTRY_POINT_GROUP.encode() in points.read():
                        return True
            except FileNotFoundError:
                pass
            except OSError:
                if os.path.isdir(os.path.join(root, child)):
                    return True
    return False


def plugin_problems() -> list[str]:
    """Why outside packages' rule sets could not be loaded, in words."""
    return list(_plugin_problems)
