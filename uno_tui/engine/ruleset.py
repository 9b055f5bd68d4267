"""The rule-set interface: what one variant declares to plug into the turn machine.

A rule set is one :class:`Variant`: its deck and scoring tables, and hooks the shared
turn machine (:class:`~uno_tui.engine.game.Game`) looks up by card kind, action class
and decision kind. Each built-in rule set lives in a module of its own
(:mod:`~uno_tui.engine.classic`, :mod:`~uno_tui.engine.pokemon`,
:mod:`~uno_tui.engine.flip`, :mod:`~uno_tui.engine.party`); a rule set from outside the
engine is built the same way and registered with
:func:`~uno_tui.engine.variants.register_variant`.

Hooks receive the :class:`Game` and use its turn-machine API (``emit``, ``decide``,
``draw``, ``penalize``, ``advance``, ``skip_after``, ``finish``, ``context``, ``faces``,
``goer`` ...), documented on the class, never its private members.

Hook signatures::

    effect(game, seat, card, face, ctx)    # a played card's effect, once its colour is named
    handler(game, action)                  # an action class of the rule set's own
    DecisionRule.legal(game, seat)         # the legal actions of a decision kind of its own
    DecisionRule.check_context(game, ctx)  # ValueError when a saved context is corrupt
    view_extras(game, seat) -> dict        # GameView.extras
    explain(game, action) -> str | None    # why one of its actions is refused (None: not its own)
    unlisted(game, action) -> bool         # an unlisted action the rules still take (a penalty)
    after_draw(game, seat, count)          # a seat drew ``count`` > 0 cards
    invariants(game, views) -> list[str]   # broken invariants of its own state, in words
    sample(view, rng, ctx) -> dict         # the sampler: its state's saved values from a view
"""

from __future__ import annotations

import functools
import random
from dataclasses import dataclass, field
from enum import StrEnum
from typing import TYPE_CHECKING, Any, Callable, Mapping

from .cards import LIGHT_COLORS, Card, Face, Kind
from .errors import ConfigError

if TYPE_CHECKING:
    from .actions import Action
    from .game import Game
    from .view import GameView

__all__ = [
    "HOUSE_RULES", "FirstCard", "ChallengePenalty", "DecisionRule", "StateField", "Variant",
    "colored_rows",
]

#: House-rule names as typed on the command line, with a one-line description.
HOUSE_RULES = {
    "stacking": "a Draw Two may answer a Draw Two and a Wild Draw Four a Wild Draw Four; "
                "the first player who can't add draws the total",
    "7-0": "a 7 swaps hands with a chosen player; a 0 passes every hand on in the direction of play",
    "jump-in": "a card identical in colour and symbol to the top card may be played out of turn",
    "forced-play": "a playable drawn card must be played",
    "draw-to-match": "drawing continues until a playable card is drawn",
    "no-bluffing": "wild draw cards may only be played legally and can't be challenged",
}


class FirstCard(StrEnum):
    """What happens when a card of some kind is turned to start the discard pile."""

    PLAY = "play"                   # nothing special: the first player plays on it
    RETURN = "return"               # back into the pile, reshuffle, turn a new card
    CHOOSE_COLOR = "choose_color"   # the first player names the colour, then plays
    SKIP = "skip"                   # the first player is skipped
    DEALER_REVERSED = "dealer_reversed"  # the dealer starts, counter-clockwise
    DRAW_AND_SKIP = "draw_and_skip"  # the first player draws (kind's draw count) and is skipped
    TURN_ANOTHER = "turn_another"   # effect ignored, another card turned on top


@dataclass(frozen=True)
class ChallengePenalty:
    """Penalties for challenging a wild draw card.

    ``guilty_draw`` / ``innocent_draw`` are a card count or ``"until"`` (draw until
    the named colour). ``innocent_extra`` is drawn on top of a draw-until.
    ``guilty_returns_card``: the card goes back to its player's hand, the colour
    reverts and that player takes the turn again (classic); otherwise the card and
    colour stay and the challenger takes its turn normally.
    """

    guilty_draw: int | str
    innocent_draw: int | str
    innocent_extra: int = 0
    guilty_returns_card: bool = False


@dataclass(frozen=True)
class DecisionRule:
    """A decision kind a rule set adds to the shared ones.

    ``legal(game, seat)`` lists the actions of the seat the game waits on (and, with
    ``open_to_all``, of every other seat too: such a decision is answered by several
    seats in any order). ``verb`` completes "the game is waiting for seat 2 to ...".
    ``check_context(game, ctx)`` raises ``ValueError`` when a saved decision context
    could not be played on; ``None`` accepts only an empty context.
    """

    legal: Callable[["Game", int], list["Action"]]
    verb: str
    open_to_all: bool = False
    check_context: Callable[["Game", dict], None] | None = None


@dataclass(frozen=True)
class StateField:
    """A piece of state a rule set keeps on the :class:`Game` as the attribute ``name``.

    ``default()`` makes its value for a new round. A ``zone`` is a list of card ids
    (it counts in card conservation and in the sampler's seen cards through the view).
    ``save(value)`` turns it into JSON values and ``load(data, game)`` back, raising
    ``ValueError`` for data it can't accept; both default to copying a list.
    """

    name: str
    default: Callable[[], Any]
    save: Callable[[Any], Any] = list
    load: Callable[[Any, "Game"], Any] | None = None
    zone: bool = False


@dataclass(frozen=True)
class Variant:
    """A rule set: its tables and the hooks that make it differ from the others."""

    name: str
    label: str
    #: ``(face, copies)`` for the light side; Flip pairs these with ``dark_deck``.
    deck: tuple[tuple[Face, int], ...]
    points: dict[str, int]
    first_card: dict[str, str]
    challenges: dict[str, ChallengePenalty]
    min_players: int = 2
    max_players: int = 10
    colors: tuple[str, ...] = LIGHT_COLORS
    dark_deck: tuple[tuple[Face, int], ...] = ()
    dark_colors: tuple[str, ...] = ()
    #: House rules this variant refuses, with the reason shown to the player.
    unsupported_rules: dict[str, str] = field(default_factory=dict)
    #: Jump-in that is part of the variant itself (Party's speed play): "numbers" or "".
    builtin_jump_in: str = ""
    hand_size: int = 7
    #: Any wild card in hand counts as a card of the colour in play, so holding one
    #: makes a restricted wild draw card a bluff.
    wilds_match_color: bool = False
    #: The player counts the rule set is made for (the setup screen recommends them).
    recommended_players: tuple[int, int] | None = None
    #: The match mode the rule set's own rules describe.
    default_mode: str = "target"

    # ------------------------------------------------------------- card tables
    #: What a played card does, by kind; kinds not listed just pass the turn on.
    effects: Mapping[str, Callable] = field(default_factory=dict)
    #: Cards that make the next player draw, and how many (``"until"``: until the colour).
    draw_amounts: Mapping[str, int | str] = field(default_factory=dict)
    #: Wild draw cards legal only without a card of the colour in play (so bluffable).
    restricted_wilds: frozenset[str] = frozenset()
    #: Draw cards a player may answer with the same kind under the stacking house rule.
    stackable: frozenset[str] = frozenset()
    #: Wilds whose draw effect needs the named colour: it is named even on a last card.
    color_driven: frozenset[str] = frozenset()
    #: Wilds whose player names no colour (their effect sets it).
    no_color_choice: frozenset[str] = frozenset()
    #: What the colour named for a card does, in players' words, by kind (for the
    #: colour prompt; ``{next}`` is the next player's name). Kinds not listed: the
    #: colour is only the colour in play.
    color_words: Mapping[str, str] = field(default_factory=dict)
    #: How a searching player judges a position it does not play to the end, by table
    #: (2: heads-up, 4: three players or more): a seat's score per card held, per wild,
    #: per coloured action card, then by seats after the seat to act (1, 2, 3 or more).
    #: Fitted to normal bots' rounds (tests/benchmarks/fit_outlook.py); empty: the
    #: bots' own default.
    outlook: Mapping[int, tuple[float, ...]] = field(default_factory=dict)

    # ------------------------------------------------------------------- hooks
    #: Handlers of the rule set's own action classes (or replacing a shared one).
    handlers: Mapping[type, Callable] = field(default_factory=dict)
    #: The rule set's own decision kinds.
    decisions: Mapping[str, DecisionRule] = field(default_factory=dict)
    #: Actions of its own after which a missed UNO stays catchable.
    window_neutral: frozenset[type] = frozenset()
    #: Decision-context keys of its own that any seat may see.
    public_context: tuple[str, ...] = ()
    view_extras: Callable[["Game", int], dict] | None = None
    explain: Callable[["Game", "Action"], str | None] | None = None
    unlisted: Callable[["Game", "Action"], bool] | None = None
    after_draw: Callable[["Game", int, int], None] | None = None
    invariants: Callable[["Game", list["GameView"]], list[str]] | None = None
    #: Extra state kept on the game and saved with it.
    state: tuple[StateField, ...] = ()
    sample: Callable[["GameView", random.Random, dict], dict] | None = None

    def build_deck(self, rng: random.Random | None = None) -> list[Card]:
        """Every physical card of the variant, with ids 0..N-1.

        A one-sided deck comes in table order. A two-sided (Flip) deck pairs its
        light and dark faces at random with ``rng`` and shuffles the ids too, so a
        seat that sees a card's id and one face can't work out the other face.
        """
        if not self.dark_deck:
            # The same cards in every game (cards are immutable): built once per deck.
            return list(_one_sided_cards(self.deck))
        faces = [face for face, copies in self.deck for _ in range(copies)]
        darks = [face for face, copies in self.dark_deck for _ in range(copies)]
        if len(darks) != len(faces):
            raise ConfigError(f"{self.label} has {len(faces)} light faces but {len(darks)} dark ones")
        rng = rng or random.Random()
        rng.shuffle(faces)
        rng.shuffle(darks)
        return [Card(i, light, dark) for i, (light, dark) in enumerate(zip(faces, darks))]

    def face_points(self, face: Face) -> int:
        """Points a face scores when left in a losing hand."""
        if face.kind == Kind.NUMBER:
            return face.number or 0
        return self.points[face.kind]

    def check_rules(self, rules: frozenset[str]) -> None:
        """Raise :class:`ConfigError` for an unknown rule or one this variant refuses."""
        for rule in sorted(rules):
            if rule not in HOUSE_RULES:
                known = ", ".join(HOUSE_RULES)
                raise ConfigError(f"unknown house rule {rule!r} (known: {known})")
            if rule in self.unsupported_rules:
                raise ConfigError(f"house rule {rule!r} does not apply to {self.label}: "
                                  f"{self.unsupported_rules[rule]}")

    def check_players(self, players: int) -> None:
        """Raise :class:`ConfigError` when ``players`` is outside the variant's range."""
        if not self.min_players <= players <= self.max_players:
            raise ConfigError(f"{self.label} takes {self.min_players} to {self.max_players} "
                              f"players, not {players}")


def colored_rows(colors, numbers, actions) -> list[tuple[Face, int]]:
    """Deck rows for each colour: ``numbers`` maps number→copies, ``actions`` kind→copies."""
    rows = []
    for color in colors:
        rows += [(Face(color, Kind.NUMBER, n), copies) for n, copies in numbers.items()]
        rows += [(Face(color, kind), copies) for kind, copies in actions.items()]
    return rows


@functools.lru_cache(maxsize=None)
def _one_sided_cards(deck: tuple[tuple[Face, int], ...]) -> tuple[Card, ...]:
    """The cards of a one-sided ``deck`` table, ids in table order."""
    faces = [face for face, copies in deck for _ in range(copies)]
    return tuple(Card(i, face) for i, face in enumerate(faces))
