"""Actions a seat can take, the decision the game waits on, and the events it reports.

Actions are small immutable values naming the acting seat. Cards are named by id
(see :class:`~uno_tui.engine.cards.Card`). ``Game.legal_actions(seat)`` lists the
actions a seat may take now; ``Game.apply(action)`` performs one.
"""

from __future__ import annotations

from dataclasses import dataclass, fields
from enum import StrEnum
from typing import NamedTuple

from .errors import ConfigError, SaveDataError

__all__ = [
    "Action", "Play", "Draw", "Keep", "ChooseColor", "Challenge", "Accept",
    "CallUno", "Catch", "SwapHands", "JumpIn", "PointAt", "TakePile", "LinkPlayers",
    "DecisionKind", "Decision", "Event", "EventKind", "WINDOW_ACTIONS",
    "action_to_json", "action_from_json", "interned", "register_action",
]


@dataclass(frozen=True, slots=True)
class Action:
    """Base class: every action names the seat taking it."""

    seat: int


@dataclass(frozen=True, slots=True)
class Play(Action):
    """Play card ``card`` (an id) from the seat's hand onto the discard pile."""

    card: int


@dataclass(frozen=True, slots=True)
class Draw(Action):
    """Draw instead of playing (one card, or until playable under draw-to-match)."""


@dataclass(frozen=True, slots=True)
class Keep(Action):
    """Keep the card just drawn and end the turn."""


@dataclass(frozen=True, slots=True)
class ChooseColor(Action):
    """Name the colour after a wild."""

    color: str


@dataclass(frozen=True, slots=True)
class Challenge(Action):
    """Challenge the wild draw card just played on this seat."""


@dataclass(frozen=True, slots=True)
class Accept(Action):
    """Take the pending draw penalty without challenging (or stacking)."""


@dataclass(frozen=True, slots=True)
class CallUno(Action):
    """Call "UNO" while holding one card."""


@dataclass(frozen=True, slots=True)
class Catch(Action):
    """Catch ``target``, who is down to one card and has not called UNO."""

    target: int


@dataclass(frozen=True, slots=True)
class SwapHands(Action):
    """Under 7-0: swap hands with ``target`` after playing a 7."""

    target: int


@dataclass(frozen=True, slots=True)
class JumpIn(Action):
    """Play an identical card out of turn (jump-in house rule, Party's speed play)."""

    card: int


@dataclass(frozen=True, slots=True)
class PointAt(Action):
    """Party's Point Taken: cast this seat's secret vote, pointing at ``target``."""

    target: int


@dataclass(frozen=True, slots=True)
class TakePile(Action):
    """Party's Wild Pile Up: take the whole mini-pile, having no card to play on it."""


@dataclass(frozen=True, slots=True)
class LinkPlayers(Action):
    """Party's Wild Drawn Together: link seats ``first`` and ``second``.

    The pair is unordered: it is stored lowest seat first, so ``LinkPlayers(0, 3, 1)``
    equals ``LinkPlayers(0, 1, 3)``.
    """

    first: int
    second: int

    def __post_init__(self) -> None:
        if isinstance(self.first, int) and isinstance(self.second, int) and self.first > self.second:
            first, second = self.second, self.first
            object.__setattr__(self, "first", first)
            object.__setattr__(self, "second", second)


#: Actions open to seats other than the one the game waits on.
WINDOW_ACTIONS = (CallUno, Catch, JumpIn)

#: Every action class by its name, as saves and replays spell it.
_ACTION_CLASSES = {cls.__name__: cls for cls in (
    Play, Draw, Keep, ChooseColor, Challenge, Accept, CallUno, Catch, SwapHands, JumpIn,
    PointAt, TakePile, LinkPlayers)}


def register_action(cls: type[Action]) -> type[Action]:
    """Let saves and replays name a rule set's own action class (usable as a decorator).

    Its fields must be ``int`` (seats, cards, targets) or a ``str`` named ``color``.
    """
    if not (isinstance(cls, type) and issubclass(cls, Action)):
        raise ConfigError(f"{cls!r} is not an Action class")
    known = _ACTION_CLASSES.setdefault(cls.__name__, cls)
    if known is not cls:
        raise ConfigError(f"another action class is already called {cls.__name__}")
    return cls


_interned: dict[tuple, Action] = {}


def interned(cls: type[Action], seat: int, *args) -> Action:
    """``cls(seat, *args)``, the same immutable value every time it is asked for.

    Legal-action lists are built from these, so they are cheap and ``Game.apply`` can
    recognise a listed action by identity.
    """
    key = (cls, seat, *args)
    action = _interned.get(key)
    if action is None:
        action = _interned[key] = cls(seat, *args)
    return action


def action_to_json(action: Action) -> dict:
    """A plain-JSON dict of ``action``: ``{"action": "Play", "seat": 0, "card": 12}``."""
    data = {"action": type(action).__name__}
    for field in fields(action):
        data[field.name] = getattr(action, field.name)
    return data


def action_from_json(data: object) -> Action:
    """The action ``data`` describes (see :func:`action_to_json`).

    Raises :class:`~uno_tui.engine.errors.SaveDataError` for anything that is not one:
    an unknown name, a missing or extra field, or a field of the wrong type.
    """
    if not isinstance(data, dict):
        raise SaveDataError(f"an action must be an object, not {type(data).__name__}")
    cls = _ACTION_CLASSES.get(data.get("action"))
    if cls is None:
        raise SaveDataError(f"unknown action {data.get('action')!r}")
    names = [field.name for field in fields(cls)]
    if set(data) != {"action", *names}:
        raise SaveDataError(f"action {cls.__name__} needs exactly the fields {', '.join(names)}")
    values = []
    for field in fields(cls):
        value = data[field.name]
        wanted = str if field.name == "color" else int
        if type(value) is not wanted:
            raise SaveDataError(f"action {cls.__name__}: {field.name} must be {wanted.__name__}")
        values.append(value)
    return cls(*values)


class DecisionKind(StrEnum):
    """What the game waits for, in the built-in rule sets.

    Members are strings, so they serialize as themselves; a rule set from outside may
    add decision kinds of its own as plain strings (see ``Variant.decisions``).
    """

    TURN = "turn"            # play a card or draw
    DRAWN = "drawn"          # play the card just drawn, or keep it
    COLOR = "color"          # name a colour
    RESPOND = "respond"      # facing a draw card: accept, challenge, or stack
    SWAP = "swap"            # 7-0: pick whom to swap hands with
    POINT = "point"          # Party's Point Taken: cast a secret vote (seats vote in turn order)
    PILE_UP = "pile_up"      # Party's Wild Pile Up: play a card on the mini-pile, or take it
    LINK = "link"            # Party's Wild Drawn Together: pick the two players to link
    ROUND_OVER = "round_over"


class Decision(NamedTuple):
    """The decision the game waits on: its kind and the seat that must make it."""

    kind: str
    seat: int


class EventKind(StrEnum):
    """Names of events reported by ``Game.apply`` (strings; a rule set may add its own)."""

    DEALER_DRAW = "dealer_draw"       # seat drew a card to choose the dealer
    DEALER = "dealer"                 # seat deals
    DEAL = "deal"                     # seat was dealt ``count`` cards
    FIRST_CARD = "first_card"         # the first discard was turned
    RETURNED = "returned"             # a first card went back and the pile was reshuffled
    PLAY = "play"
    DRAW = "draw"
    KEEP = "keep"
    COLOR = "color"
    SKIP = "skip"
    REVERSE = "reverse"
    CHALLENGE = "challenge"           # detail: "guilty" / "innocent"
    REVEAL = "reveal"                 # target's hand shown to seat alone
    ACCEPT = "accept"
    UNO = "uno"
    CATCH = "catch"
    RESHUFFLE = "reshuffle"
    SWAP = "swap"
    ROTATE = "rotate"
    JUMP_IN = "jump_in"
    DISCARD_COLOR = "discard_color"   # Snorlax: seat discarded its cards of the colour
    FLIP = "flip"                     # Flip: everything turned over; detail: the side now in play
    TURN = "turn"                     # it is now seat's turn
    WRONG_SPEED_PLAY = "wrong_speed_play"  # seat's speed play didn't match: card taken back
    BALLOT = "ballot"                 # seat cast its secret Point Taken vote (whom: not told)
    POINT = "point"                   # the ballots revealed: seat pointed at target
    POINTED = "pointed"               # count players pointed at seat, who now draws (at most 5)
    PILE_UP = "pile_up"               # cards turned onto a new mini-pile (color: its colour),
                                      # target: the first seat that must act on it
    PILE_ON = "pile_on"               # seat played cards onto the mini-pile (no effect)
    PILE_TAKEN = "pile_taken"         # seat took the whole mini-pile into its hand
    LINK = "link"                     # seat and target now hold the link cards
    UNLINK = "unlink"                 # the link between seat and target ended
    LINKED_DRAW = "linked_draw"       # seat draws count cards because target, linked, drew
    ROUND_OVER = "round_over"         # seat won (None: nobody), count = points


class Event(NamedTuple):
    """Something that happened. ``cards`` may be private: see :meth:`for_seat`.

    ``audience`` is the only seat allowed to see ``cards`` (``None``: everyone).
    """

    kind: str
    seat: int | None = None
    cards: tuple[int, ...] = ()
    count: int = 0
    color: str | None = None
    target: int | None = None
    detail: str = ""
    audience: int | None = None

    def for_seat(self, seat: int | None) -> "Event":
        """This event as ``seat`` may see it: private card ids removed for others."""
        if self.audience is None or self.audience == seat or not self.cards:
            return self
        return self._replace(cards=())

    def to_json(self) -> dict:
        """A plain-JSON dict of this event."""
        data = self._asdict()
        data["cards"] = list(self.cards)
        return data
