"""Actions a seat can take, the decision the game waits on, and the events it reports.

Actions are small immutable values naming the acting seat. Cards are named by id
(see :class:`~uno_tui.engine.cards.Card`). ``Game.legal_actions(seat)`` lists the
actions a seat may take now; ``Game.apply(action)`` performs one.
"""

from __future__ import annotations

from dataclasses import FrozenInstanceError
from enum import StrEnum
from operator import attrgetter
from typing import ClassVar, NamedTuple

from ..i18n import Phrase
from .errors import ConfigError, SaveDataError, json_kind, shown

__all__ = [
    "Action", "Play", "Draw", "Keep", "ChooseColor", "Challenge", "Accept",
    "CallUno", "Catch", "SwapHands", "JumpIn", "PointAt", "TakePile", "LinkPlayers",
    "CloseUnoWindow", "DecisionKind", "Decision", "Event", "EventKind", "WINDOW_ACTIONS",
    "action_to_json", "action_from_json", "interned", "register_action",
]

_set = object.__setattr__


def _getter(names: tuple[str, ...]):
    """A function giving an action's values named ``names``, as a tuple."""
    if len(names) > 1:
        return attrgetter(*names)
    get = attrgetter(*names)
    return lambda action: (get(action),)


class Action:
    """Base class: every action names the seat taking it.

    An action is an immutable value: two are equal when they are of the same class with
    the same values, and it can be hashed, pickled and copied. A subclass names its own
    values in ``__slots__`` (they follow ``seat``, in that order: :attr:`fields` lists
    them all) and sets them in its ``__init__``. These are plain classes because making
    the built-in ones as dataclasses took ~4 ms of every launch.
    """

    __slots__ = ("seat",)
    #: The names of the action's values, in the order its constructor takes them.
    fields: ClassVar[tuple[str, ...]] = ("seat",)
    _values = staticmethod(_getter(fields))
    # The values compared by __eq__ (one value alone, or a tuple): an attrgetter, which
    # is no descriptor, so it is called straight from the class. Rollouts of the hard
    # bot compare actions all the time: going through _values made that 2x slower.
    _key = attrgetter(*fields)

    def __init_subclass__(cls, **kwargs) -> None:
        super().__init_subclass__(**kwargs)
        cls.fields = cls.fields + tuple(cls.__dict__.get("__slots__", ()))
        cls._values = staticmethod(_getter(cls.fields))
        cls._key = attrgetter(*cls.fields)

    def __init__(self, seat: int) -> None:
        _set(self, "seat", seat)

    def __setattr__(self, name: str, value) -> None:
        raise FrozenInstanceError(f"cannot assign to field {name!r}")

    def __delattr__(self, name: str) -> None:
        raise FrozenInstanceError(f"cannot delete field {name!r}")

    def __eq__(self, other: object):
        if other.__class__ is self.__class__:
            key = self._key
            return key(self) == key(other)
        return NotImplemented

    def __hash__(self) -> int:
        return hash(self._values(self))

    def __repr__(self) -> str:
        values = ", ".join(f"{name}={value!r}" for name, value in zip(self.fields, self._values(self)))
        return f"{type(self).__name__}({values})"

    def __reduce__(self):
        return type(self), self._values(self)


class _OfCard(Action):
    """An action with one of the seat's cards, ``card`` (an id)."""

    __slots__ = ("card",)
    card: int

    def __init__(self, seat: int, card: int) -> None:
        _set(self, "seat", seat)
        _set(self, "card", card)


class _AtSeat(Action):
    """An action aimed at another seat, ``target``."""

    __slots__ = ("target",)
    target: int

    def __init__(self, seat: int, target: int) -> None:
        _set(self, "seat", seat)
        _set(self, "target", target)


class Play(_OfCard):
    """Play card ``card`` (an id) from the seat's hand onto the discard pile."""

    __slots__ = ()


class Draw(Action):
    """Draw instead of playing (one card, or until playable under draw-to-match)."""

    __slots__ = ()


class Keep(Action):
    """Keep the card just drawn and end the turn."""

    __slots__ = ()


class ChooseColor(Action):
    """Name the colour after a wild."""

    __slots__ = ("color",)
    color: str

    def __init__(self, seat: int, color: str) -> None:
        _set(self, "seat", seat)
        _set(self, "color", color)


class Challenge(Action):
    """Challenge the wild draw card just played on this seat."""

    __slots__ = ()


class Accept(Action):
    """Take the pending draw penalty without challenging (or stacking)."""

    __slots__ = ()


class CallUno(Action):
    """Call "UNO" while holding one card."""

    __slots__ = ()


class Catch(_AtSeat):
    """Catch ``target``, who is down to one card and has not called UNO."""

    __slots__ = ()


class SwapHands(_AtSeat):
    """Under 7-0: swap hands with ``target`` after playing a 7."""

    __slots__ = ()


class JumpIn(_OfCard):
    """Play an identical card out of turn (jump-in house rule, Party's speed play)."""

    __slots__ = ()


class PointAt(_AtSeat):
    """Party's Point Taken: cast this seat's secret vote, pointing at ``target``."""

    __slots__ = ()


class TakePile(Action):
    """Party's Wild Pile Up: take the whole mini-pile, having no card to play on it."""

    __slots__ = ()


class LinkPlayers(Action):
    """Party's Wild Drawn Together: link seats ``first`` and ``second``.

    The pair is unordered: it is stored lowest seat first, so ``LinkPlayers(0, 3, 1)``
    equals ``LinkPlayers(0, 1, 3)``.
    """

    __slots__ = ("first", "second")
    first: int
    second: int

    def __init__(self, seat: int, first: int, second: int) -> None:
        if isinstance(first, int) and isinstance(second, int) and first > second:
            first, second = second, first
        _set(self, "seat", seat)
        _set(self, "first", first)
        _set(self, "second", second)


class CloseUnoWindow(Action):
    """The table's clock ran out on ``seat``'s missed UNO (house rule ``catch-window:N``):
    it can no longer be caught, nor call UNO late.

    The table's driver takes it when the time is up (see ``Game.uno_window_closer``), never
    a player: it is in no seat's legal actions. It is an action so that it is recorded as
    every other one is: a save resumed, a replay and a render worker's mirror close the
    window at the same point of the round."""

    __slots__ = ()


#: Actions open to seats other than the one the game waits on.
WINDOW_ACTIONS = (CallUno, Catch, JumpIn)

#: Every action class by its name, as saves and replays spell it.
_ACTION_CLASSES = {cls.__name__: cls for cls in (
    Play, Draw, Keep, ChooseColor, Challenge, Accept, CallUno, Catch, SwapHands, JumpIn,
    PointAt, TakePile, LinkPlayers, CloseUnoWindow)}


def register_action(cls: type[Action]) -> type[Action]:
    """Let saves and replays name a rule set's own action class (usable as a decorator).

    It derives from :class:`Action` as the built-in actions do (its own values in
    ``__slots__``, set in its ``__init__``); they must be ``int`` (seats, cards, targets)
    or a ``str`` named ``color``.
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
    data.update(zip(action.fields, action._values(action)))
    return data


def action_from_json(data: object) -> Action:
    """The action ``data`` describes (see :func:`action_to_json`).

    Raises :class:`~uno_tui.engine.errors.SaveDataError` for anything that is not one:
    an unknown name, a missing or extra field, or a field of the wrong type.
    """
    if not isinstance(data, dict):
        raise SaveDataError(Phrase("an action must be an object, not {kind}",
                                   kind=json_kind(data)))
    cls = _ACTION_CLASSES.get(data.get("action"))
    if cls is None:
        raise SaveDataError(Phrase("unknown action {name}", name=shown(data.get("action"))))
    names = cls.fields
    if set(data) != {"action", *names}:
        raise SaveDataError(Phrase("action {action} needs exactly the fields {fields}",
                                   action=cls.__name__, fields=", ".join(names)))
    values = []
    for name in names:
        value = data[name]
        wanted = str if name == "color" else int
        if type(value) is not wanted:
            raise SaveDataError(Phrase("action {action}: {field} must be {kind}",
                                       action=cls.__name__, field=name,
                                       kind=Phrase("text") if wanted is str
                                       else Phrase("a whole number")))
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
    DRAW_ROLLED = "draw_rolled"       # seat's card rolled a random draw of count for target
    DEFLECT = "deflect"               # seat sent the draw on to target (deflect house rule)
    UNO_WINDOW_CLOSED = "uno_window_closed"  # seat's missed UNO can no longer be caught:
                                      # the table's clock ran out (catch-window:N)
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
