"""The snapshot of the table that the table's widgets draw from."""

from __future__ import annotations

from dataclasses import replace
from typing import NamedTuple

from ..engine import Event, GameView
from .moments import BallotResult

__all__ = ["TableState", "public_table_view"]


def public_table_view(view: GameView, other: GameView) -> GameView:
    """``view`` (of the seat whose turn it is, drawn while every hand is hidden) with that
    seat's backs as ``other`` (another seat's view) sees them: the table on screen is
    public then, and in UNO Flip everyone at a real table sees the backs of that hand
    too (a view leaves out its own seat's backs)."""
    seat = view.seat
    backs = other.seats[seat].backs
    if not backs or view.seats[seat].backs:
        return view
    seats = list(view.seats)
    seats[seat] = replace(seats[seat], backs=backs)
    return replace(view, seats=tuple(seats))


class TableState(NamedTuple):
    """Everything the table screen shows at one moment (a named tuple: making a frozen
    dataclass of it took ~0.7 ms of every launch).

    ``view`` is the view of ``viewer``, the person whose hand is on screen. While
    no hand may show (``viewer`` is None) it is another seat's view and widgets
    must read only its public parts: never ``view.hand`` or ``view.revealed``.
    """

    view: GameView
    viewer: int | None
    names: tuple[str, ...]
    levels: tuple[str | None, ...]
    scores: tuple[int, ...]
    round_number: int
    target: int
    mode: str
    variant_label: str
    show_ids: bool = False
    #: Card ids the viewer may play now, or None when the viewer is not asked to play.
    playable: frozenset[int] | None = None
    #: What the hand area says while no hand shows.
    notice: str = ""
    #: The computer seat that is thinking about its move now, if any.
    thinking: int | None = None
    #: The events of the last action applied, as the whole table saw them.
    events: tuple[Event, ...] = ()
    #: The last Point Taken ballot revealed, while it is still news (UNO Party!).
    ballot: "BallotResult | None" = None
    #: Goes up with every action applied: tells a new moment from the same one drawn again.
    serial: int = 0
    #: The viewer's hand is shown sorted by colour and number (their choice), not as dealt.
    sorted_hand: bool = False
    #: Per seat, the whole seconds it stays kept for a person who lost the connection
    #: (a server's table), else None; () when no seat is kept.
    held: tuple[int | None, ...] = ()

    @property
    def hand_visible(self) -> bool:
        """True when the viewer's own hand may be drawn."""
        return self.viewer is not None
