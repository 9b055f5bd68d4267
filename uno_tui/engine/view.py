"""What one seat may know: :class:`GameView`.

The app and the bots read views, never the raw game, so hidden cards can't leak.
"""

from __future__ import annotations

from dataclasses import dataclass, field
from typing import NamedTuple

from .cards import Face

__all__ = ["HandCard", "DrewOn", "SeatInfo", "GameView"]


class HandCard(NamedTuple):
    """A card in the viewer's own hand: its id (for actions) and the face it shows."""

    id: int
    face: Face


class DrewOn(NamedTuple):
    """The last time a seat drew instead of playing, as everyone at the table saw it."""

    #: The colour in force then.
    color: str | None
    #: The top card of the discard pile then.
    top: HandCard
    #: How many of the cards the seat held then it may still hold: its hand size then,
    #: less every card it has played or shed since.
    held: int


@dataclass(frozen=True)
class SeatInfo:
    """Public facts about one seat."""

    seat: int
    card_count: int
    called_uno: bool
    #: Flip: the inactive faces of this seat's cards, which everyone else sees.
    #: Empty for the viewer's own seat and in variants without a dark side.
    backs: tuple[Face, ...] = ()
    #: When the seat last drew instead of playing (cleared when hands are exchanged).
    drew_on: DrewOn | None = None


@dataclass(frozen=True)
class GameView:
    """Everything ``seat`` may know about the game at one moment."""

    variant: str
    seat: int
    players: int
    hand: tuple[HandCard, ...]
    seats: tuple[SeatInfo, ...]
    top: Face
    color: str | None
    side: int
    direction: int
    current: int
    dealer: int
    decision_kind: str
    decision_seat: int
    draw_count: int
    #: The whole discard pile, bottom first: played cards are public knowledge.
    discard: tuple[HandCard, ...]
    #: Flip: the inactive face of the draw pile's top card (what everyone sees on it).
    draw_top_back: Face | None
    #: Seats that are down to one card without having called UNO, catchable now.
    catchable: tuple[int, ...]
    #: After a challenge, the challenged hand: ``(seat, faces)``, for the challenger alone.
    revealed: tuple[int, tuple[Face, ...]] | None
    #: Draw penalty waiting on a stack response (stacking house rule), else 0.
    pending_draw: int
    winner: int | None
    #: Seat that is down to one card and may still call UNO / be caught, else None.
    uno_window: int | None = None
    rules: frozenset[str] = field(default_factory=frozenset)
    #: Variant-specific public extras (e.g. Party's mini-pile), as plain values.
    extras: dict = field(default_factory=dict)
    #: Public details of the decision in progress, as plain values: e.g. ``card`` (the card
    #: being resolved; for a drawn card, shown to the drawer only), ``attacker`` and
    #: ``amount`` of a draw card, ``prev_color`` (the colour in force before a wild draw
    #: card), ``then``/``from`` (what follows a colour choice), Party's ``player`` (who
    #: played the Point Taken being voted on) and ``color`` (the mini-pile's). Hidden
    #: details, such as whether a wild draw card was a bluff or a Point Taken vote, are
    #: never included.
    context: dict = field(default_factory=dict)

    @property
    def discard_count(self) -> int:
        """Cards in the discard pile."""
        return len(self.discard)

    @property
    def my_turn(self) -> bool:
        """True when the game waits on this seat."""
        return self.decision_seat == self.seat
