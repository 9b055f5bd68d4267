"""The rules engine: pure Python, no UI imports.

Public API::

    from uno_tui.engine import Game, Match, Play, Draw, ...

See :class:`Game` for the state machine and :class:`Match` for scoring over rounds.
"""

from .actions import (
    Accept, Action, CallUno, Catch, Challenge, ChooseColor, Decision, DecisionKind, Draw,
    Event, EventKind, JumpIn, Keep, LinkPlayers, Play, PointAt, SwapHands, TakePile,
    WINDOW_ACTIONS, action_from_json, action_to_json, register_action,
)
from .cards import (
    COLOR_NAMES, DARK_COLORS, LIGHT_COLORS, Card, CardParseError, Face, Kind, define_kind,
)
from .errors import ConfigError, EngineError, IllegalActionError, SaveDataError
from .game import Game, decision_verb
from .match import MODES, Match, RoundResult
from .ruleset import ChallengePenalty, DecisionRule, FirstCard, StateField
from .variants import (
    HOUSE_RULES, VARIANTS, Variant, get_variant, register_variant, unregister_variant,
)
from .view import GameView, HandCard, SeatInfo

__all__ = [
    "decision_verb", "Accept", "Action", "CallUno", "Catch", "Challenge", "ChooseColor", "Decision",
    "DecisionKind", "Draw", "Event", "EventKind", "JumpIn", "Keep", "LinkPlayers", "Play",
    "PointAt", "SwapHands", "TakePile", "action_to_json", "action_from_json",
    "WINDOW_ACTIONS", "COLOR_NAMES", "DARK_COLORS", "LIGHT_COLORS", "Card", "CardParseError",
    "Face", "Kind", "ConfigError", "EngineError", "IllegalActionError", "SaveDataError", "Game",
    "MODES", "Match", "RoundResult", "HOUSE_RULES", "VARIANTS", "Variant", "get_variant",
    "GameView", "HandCard", "SeatInfo", "register_action", "define_kind", "ChallengePenalty",
    "DecisionRule", "FirstCard", "StateField", "register_variant", "unregister_variant",
]
