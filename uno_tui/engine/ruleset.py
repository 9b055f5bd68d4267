"""The rule-set interface: what one variant declares to plug into the turn machine.

A rule set is one :class:`Variant`: its deck and scoring tables, and hooks the shared
turn machine (:class:`~uno_tui.engine.game.Game`) looks up by card kind, action class
and decision kind. Each built-in rule set lives in a folder of its own
(``uno_tui/rulesets/<name>/``, its engine part in ``rules.py``: classic, pokemon, flip,
party); a rule set from outside the engine is built the same way and registered with
:func:`~uno_tui.engine.registry.register_variant` (or an entry point).

Hooks receive the game as a :class:`~uno_tui.engine.table.Table` (the protocol the turn
machine implements) and use only its API (``emit``, ``decide``, ``draw``, ``penalize``,
``advance``, ``skip_after``, ``finish``, ``context``, ``faces``, ``rng``, ``goer`` ...),
documented there with the decision contexts and their public keys.

A house rule is one :class:`HouseRule`: its help line, its setup entry, the rules it
can't be combined with, and hooks of the same kind (see the class).

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
from ..i18n import Phrase
from .errors import ConfigError

if TYPE_CHECKING:
    from .actions import Action
    from .table import Table as Game
    from .view import GameView

__all__ = [
    "HOUSE_RULES", "HOUSE_RULE_SPECS", "FirstCard", "ChallengePenalty", "DecisionRule", "StateField", "Variant", "HouseRule",
    "Preset", "RandomDraw", "colored_rows", "expected_draw", "Effect", "pass_on",
]

#: Every house rule known, by name, with its one-line help (filled by the registry:
#: :func:`~uno_tui.engine.registry.register_house_rule`).
HOUSE_RULES: dict[str, str] = {}
#: The :class:`HouseRule` of each name in :data:`HOUSE_RULES`.
HOUSE_RULE_SPECS: dict[str, "HouseRule"] = {}

#: ``name:N`` gives a house rule that takes a number its number (``catch-window:5``).
NUMBER_MARK = ":"


def house_rule_spec(name: str) -> "HouseRule":
    """The :class:`HouseRule` called ``name``: a registered one, or ``base:N`` for a
    registered rule that takes a number N within its range. :class:`ConfigError` with
    what is wrong otherwise."""
    spec = HOUSE_RULE_SPECS.get(name) if isinstance(name, str) else None
    if spec is not None:
        return spec
    if not isinstance(name, str):
        raise ConfigError(Phrase("a house rule is a name, not {type}", type=type(name).__name__))
    base, mark, number = name.partition(NUMBER_MARK)
    spec = HOUSE_RULE_SPECS.get(base)
    if spec is None:
        raise ConfigError(Phrase("unknown house rule {name} (known: {known})", name=repr(name),
                                 known=", ".join(HOUSE_RULES)))
    shown = name if len(name) <= 40 else name[:39] + "…"
    if spec.takes is None or spec.numbered is None:
        raise ConfigError(Phrase("house rule {rule}: {base} takes no number", rule=repr(shown),
                                 base=base))
    low, high, unit = spec.takes
    if not (number.isascii() and number.isdigit()) or not low <= int(number) <= high:
        raise ConfigError(Phrase("house rule {rule}: {base}:N takes a whole number of {unit} "
                                 "from {low} to {high}", rule=repr(shown), base=base,
                                 unit=Phrase(unit), low=low, high=high))
    key = (base, int(number))
    if key not in _NUMBERED or _NUMBERED[key][0] is not spec:
        _NUMBERED[key] = (spec, spec.numbered(spec, int(number)))
    return _NUMBERED[key][1]


#: The numbered rules made so far: (base, number) → (the base rule, the numbered one).
_NUMBERED: dict[tuple[str, int], tuple["HouseRule", "HouseRule"]] = {}


#: A played card's effect: ``effect(game, seat, card, face, ctx)``.
Effect = Callable[["Game", int, int, Face, dict], None]


def pass_on(game: "Game", seat: int, card: int, face: Face, ctx: dict) -> None:
    """The effect of a card that does nothing more: the turn passes on. A kind given this
    effect plays as a kind given none (the turn machine then passes the turn on itself,
    without calling it)."""
    game.advance(seat)


@dataclass(frozen=True)
class RandomDraw:
    """A draw amount left to chance: from ``low`` to ``high`` cards, each as likely (a
    die roll of 1-6 is ``RandomDraw(1, 6)``). The card's player rolls it with the game's
    generator when the card takes effect; the bots value it at :attr:`mean`."""

    low: int
    high: int

    def __post_init__(self) -> None:
        if (type(self.low) is not int or type(self.high) is not int
                or not 0 <= self.low <= self.high):
            raise ConfigError(f"a random draw needs whole numbers 0 <= low <= high, not "
                              f"{self.low!r}-{self.high!r}")

    @property
    def mean(self) -> float:
        """The number of cards drawn on average."""
        return (self.low + self.high) / 2

    def roll(self, rng: random.Random) -> int:
        """One draw of the amount."""
        return rng.randint(self.low, self.high)

    def allows(self, count) -> bool:
        """Whether ``count`` cards is an amount this draw can come to."""
        return type(count) is int and self.low <= count <= self.high


#: Cards a draw-until-the-colour is valued at by the bots (about two tries per colour).
UNTIL_VALUE = 3.0


def expected_draw(amount) -> float:
    """How many cards a draw amount (a number, ``"until"`` or :class:`RandomDraw`) makes a
    player draw on average, for the bots."""
    if isinstance(amount, RandomDraw):
        return amount.mean
    if amount == "until":
        return UNTIL_VALUE
    return float(amount)


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
    could not be played on; ``None`` accepts only an empty context. ``after_out``: the
    decision may be pending after a seat has played its last card (naming the colour of
    a last wild whose effect needs it), so saves and invariants accept it then.
    """

    legal: Callable[["Game", int], list["Action"]]
    verb: str
    open_to_all: bool = False
    check_context: Callable[["Game", dict], None] | None = None
    after_out: bool = False


@dataclass(frozen=True)
class StateField:
    """A piece of state a rule set keeps on the :class:`Game` as the attribute ``name``.

    ``default()`` makes its value for a new round; ``initial(game)``, when given, makes
    it instead from the game (its players, its ``rng``...). A ``zone`` is a list of card
    ids (it counts in card conservation and in the sampler's seen cards through the
    view). ``save(value)`` turns it into JSON values and ``load(data, game)`` back,
    raising ``ValueError`` for data it can't accept; both default to copying a list.
    A value that is a ``random.Random`` of the rule set's own is copied with its own
    state by ``Game.copy()``.
    """

    name: str
    default: Callable[[], Any] = list
    save: Callable[[Any], Any] = list
    load: Callable[[Any, "Game"], Any] | None = None
    zone: bool = False
    initial: Callable[["Game"], Any] | None = None

    def new_value(self, game: "Game") -> Any:
        """The field's value for a new round of ``game``."""
        return self.initial(game) if self.initial is not None else self.default()


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
    #: Cards that make the next player draw, and how many (``"until"``: until the colour;
    #: a :class:`RandomDraw`: an amount left to chance).
    draw_amounts: Mapping[str, "int | str | RandomDraw"] = field(default_factory=dict)
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
    #: The module of the rule set's front-end part (card faces, labels, log tellers,
    #: prompts, widgets, help), which the app imports; the engine never does.
    front_end: str = ""

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

    def check_rules(self, rules) -> None:
        """Raise :class:`ConfigError` for an unknown house rule, one this rule set refuses,
        or two that can't be played together."""
        rules = sorted(rules)
        bases: dict[str, str] = {}
        for rule in rules:
            spec = house_rule_spec(rule)
            base = rule.partition(NUMBER_MARK)[0]
            if base in bases:
                raise ConfigError(Phrase("house rules {first} and {second} can't be played "
                                         "together: choose one {base}", first=repr(bases[base]),
                                         second=repr(rule), base=base))
            bases[base] = rule
            reason = self.unsupported_rules.get(base) or (
                spec.applies(self) if spec.applies is not None else None)
            if reason:
                raise ConfigError(Phrase("house rule {rule} does not apply to {rules}: {reason}",
                                         rule=repr(rule), rules=Phrase(self.label),
                                         reason=Phrase(reason)))
        for rule in rules:
            for other, why in house_rule_spec(rule).conflicts.items():
                if other in bases:
                    raise ConfigError(Phrase("house rules {first} and {second} can't be played "
                                             "together: {reason}", first=repr(rule),
                                             second=repr(bases[other]), reason=Phrase(why)))

    def allowed_rules(self) -> list[str]:
        """The house rules that apply to this rule set, in the registry's order."""
        return [name for name, spec in HOUSE_RULE_SPECS.items()
                if name not in self.unsupported_rules
                and not (spec.applies is not None and spec.applies(self))]

    def usable_rules(self, rules) -> frozenset[str]:
        """``rules`` without those that don't apply to this rule set and, of two that
        conflict, without the later one in name order (for random tables and presets)."""
        allowed = set(self.allowed_rules())
        kept: list[str] = []
        for rule in sorted(set(rules) & allowed):
            conflicts = HOUSE_RULE_SPECS[rule].conflicts
            if not any(other in conflicts or rule in HOUSE_RULE_SPECS[other].conflicts
                       for other in kept):
                kept.append(rule)
        return frozenset(kept)

    def kinds(self) -> frozenset[str]:
        """Every card kind in the deck (both sides)."""
        return frozenset(face.kind for face, _ in self.deck + self.dark_deck)

    def check_players(self, players: int) -> None:
        """Raise :class:`ConfigError` when ``players`` is outside the variant's range."""
        if not self.min_players <= players <= self.max_players:
            raise ConfigError(Phrase("{variant} takes {low} to {high} players, not {count}",
                                     variant=Phrase(self.label), low=self.min_players,
                                     high=self.max_players, count=players))


@dataclass(frozen=True)
class HouseRule:
    """A house rule: an option on the shared turn machine, declared in a module of its own.

    ``name`` is typed on the command line, ``help`` is its one line on the help page and
    in ``--help``, ``label`` its entry on the setup screen. ``conflicts`` maps the rules
    it can't be played with to the reason; ``applies(variant)`` gives the reason it
    does not apply to a rule set (``None``: it does).

    Hooks (all optional; the turn machine combines those of the rules in play once per
    rule set and set of rules):

    - ``effects``: by card kind, a function of the rule set's effect returning the effect
      played instead (it calls the one it wraps for what it leaves alone);
    - ``handlers`` and ``decisions``: its own action classes and decision kinds;
    - ``window_neutral``: its action classes after which a missed UNO stays catchable;
    - ``jump_in``: ``"identical"`` lets every identical coloured card be played out of turn;
    - ``strict_wilds``: restricted wild draw cards are legal only without the colour,
      and can't be challenged;
    - ``draw(game, seat)``: how a seat that chooses to draw draws (returns the cards);
    - ``keep_drawn`` / ``play_drawn``: whether a playable drawn card may be kept / played;
    - ``stacks(variant, top, face)``: ``face`` may answer the draw card ``top``;
    - ``answers(game, seat)``: more cards the seat may answer a draw card with;
    - ``may_finish(face)``: whether a player may go out by playing ``face``;
    - ``turn_plays(game, seat)``: more actions of a turn (after the plays and the draw);
    - ``window_until_card``: a missed UNO stays catchable until the next card is played;
    - ``window_seconds``: and for at most this many seconds (the table's clock closes it
      with the action ``Game.uno_window_closer`` gives);
    - ``table_actions``: action classes the table's driver takes, never a player (a clock
      that ran out), by class: ``allowed(game, action)``, whether one may be taken now. They
      are in no seat's legal actions; ``Game.apply`` takes them when allowed (their
      handlers in ``handlers``), and saves and replays record them as any other;
    - ``takes``: the rule takes a number, written ``name:N`` (``catch-window:5``): its
      ``(lowest, highest, unit)``; ``numbered(rule, n)`` gives the rule with that number;
    - ``explain(game, action)``: why one of its refusals happened (``None``: not its own).

    ``front_end`` names the module of its front-end part (its log lines, prompts,
    moments, out-of-turn words), which the app imports; the engine never does.
    """

    name: str
    help: str
    label: str = ""
    conflicts: Mapping[str, str] = field(default_factory=dict)
    applies: Callable[["Variant"], str | None] | None = None
    effects: Mapping[str, Callable[[Effect], Effect]] = field(default_factory=dict)
    handlers: Mapping[type, Callable] = field(default_factory=dict)
    decisions: Mapping[str, DecisionRule] = field(default_factory=dict)
    window_neutral: frozenset[type] = frozenset()
    table_actions: Mapping[type, Callable[["Game", "Action"], bool]] = field(default_factory=dict)
    jump_in: str = ""
    strict_wilds: bool = False
    draw: Callable[["Game", int], list[int]] | None = None
    keep_drawn: bool = True
    play_drawn: bool = True
    stacks: Callable[["Variant", Face, Face], bool] | None = None
    answers: Callable[["Game", int], list[int]] | None = None
    may_finish: Callable[[Face], bool] | None = None
    turn_plays: Callable[["Game", int], list["Action"]] | None = None
    window_until_card: bool = False
    window_seconds: int | None = None
    takes: tuple[int, int, str] | None = None
    numbered: Callable[["HouseRule", int], "HouseRule"] | None = None
    explain: Callable[["Game", "Action"], str | None] | None = None
    front_end: str = ""

    @property
    def entry(self) -> str:
        """The setup screen's words for it."""
        return self.label or self.name


@dataclass(frozen=True)
class Preset:
    """A named set of house rules (``--rules preset:NAME``); a rule that does not apply
    to the rule set in play is left out."""

    name: str
    label: str
    rules: frozenset[str]
    help: str = ""


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
