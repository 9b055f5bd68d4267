"""The rules engine: pure Python, no UI imports.

Public API::

    from uno_tui.engine import Game, Match, Play, Draw, ...

See :class:`Game` for the state machine and :class:`Match` for scoring over rounds,
:class:`Table` for what a rule set's hooks may use of it, and
:mod:`~uno_tui.engine.registry` for how rule sets and house rules plug in.
"""

from .actions import (
    Accept, Action, CallUno, Catch, Challenge, ChooseColor, CloseUnoWindow, Decision, DecisionKind, Draw,
    Event, EventKind, JumpIn, Keep, LinkPlayers, Play, PointAt, SwapHands, TakePile,
    WINDOW_ACTIONS, action_from_json, action_to_json, interned, register_action,
)
from .cards import (
    COLOR_NAMES, DARK_COLORS, LIGHT_COLORS, Card, CardParseError, Face, Kind, define_kind,
)
from .errors import ConfigError, EngineError, IllegalActionError, SaveDataError
from .game import Game, decision_verb
from .match import MODES, Match, RoundResult
from .registry import (
    HOUSE_RULE_SPECS, HOUSE_RULES, PRESETS, VARIANTS, expand_rules, get_variant, house_rule,
    load_built_ins, load_plugins, plugin_problems, register_house_rule, register_preset,
    register_variant, unregister_house_rule, unregister_variant,
)
from .ruleset import (
    ChallengePenalty, DecisionRule, Effect, FirstCard, HouseRule, Preset, RandomDraw, StateField,
    Variant, colored_rows, expected_draw,
)
from .table import PUBLIC_CONTEXT, Table
from .view import GameView, HandCard, SeatInfo

__all__ = [
    "decision_verb", "Accept", "Action", "CallUno", "Catch", "Challenge", "ChooseColor", "CloseUnoWindow", "Decision",
    "DecisionKind", "Draw", "Event", "EventKind", "JumpIn", "Keep", "LinkPlayers", "Play",
    "PointAt", "SwapHands", "TakePile", "action_to_json", "action_from_json",
    "WINDOW_ACTIONS", "COLOR_NAMES", "DARK_COLORS", "LIGHT_COLORS", "Card", "CardParseError",
    "Face", "Kind", "ConfigError", "EngineError", "IllegalActionError", "SaveDataError", "Game",
    "MODES", "Match", "RoundResult", "HOUSE_RULES", "VARIANTS", "Variant", "get_variant",
    "GameView", "HandCard", "SeatInfo", "register_action", "define_kind", "ChallengePenalty",
    "DecisionRule", "FirstCard", "StateField", "register_variant", "unregister_variant",
    "interned", "colored_rows", "expected_draw", "Effect", "HouseRule", "Preset", "RandomDraw",
    "HOUSE_RULE_SPECS", "PRESETS", "expand_rules", "house_rule", "load_plugins",
    "plugin_problems", "register_house_rule", "register_preset", "unregister_house_rule",
    "PUBLIC_CONTEXT", "Table",
]

# The built-in rule sets and house rules (uno_tui/rulesets/) register themselves the way
# an outside package's do; they import the engine's modules, so this comes last.
load_built_ins()
