"""The hot-seat flow: who is at the keyboard, when to hand it on, what may show.

Plain code, no Textual: the table screen asks :meth:`HotSeat.next_step` what to do
next and tells it when a person has taken the keyboard. A terminal *holds* a set of
seats: at a hot-seat table that is every person's seat, all at one keyboard; a
terminal of a networked table holds the one seat (or the few seats) of the people
sitting at it, and the others' decisions happen elsewhere.

The rules it keeps:

- a person's hand shows only after they have taken the keyboard (a handoff), and
  hides whenever the keyboard may change hands (while computers play, when the
  round ends);
- the person who has the keyboard is not asked to hand it to themselves: when they
  decide again with only computers in between, their hand simply shows again;
- a person who drew a card they could not play sees it before the keyboard moves on.
"""

from __future__ import annotations

from dataclasses import dataclass
from typing import Iterable, Sequence

from ..engine import Draw, Event, EventKind
from ..i18n import Phrase, Translator, translator
from .cardtext import long_label
from .controller import TableController

__all__ = ["HotSeat", "Step", "Computers", "Handoff", "Ask", "Away", "RoundOver"]


@dataclass(frozen=True)
class Step:
    """What the table does next (one of the subclasses)."""


@dataclass(frozen=True)
class Computers(Step):
    """Computer players act now; every hand is hidden at a shared keyboard."""


@dataclass(frozen=True)
class Handoff(Step):
    """Pass the keyboard to ``seat``'s person; ``reason`` says why, in names."""

    seat: int
    reason: str


@dataclass(frozen=True)
class Ask(Step):
    """Ask ``seat``'s person, who has the keyboard, for their decision of ``kind``."""

    seat: int
    kind: str


@dataclass(frozen=True)
class Away(Step):
    """The game waits on a person whose seat this terminal does not hold."""

    seat: int


@dataclass(frozen=True)
class RoundOver(Step):
    """The round has ended."""


class HotSeat:
    """The flow of one table at one terminal, which holds the seats ``held`` (by
    default every person's seat: everyone shares this keyboard)."""

    def __init__(self, controller: TableController, held: Iterable[int] | None = None, *,
                 tr: Translator | None = None) -> None:
        self.ctl = controller
        #: The words of the people at this keyboard (the app's translator).
        self.tr = tr or translator()
        self._held = None if held is None else frozenset(held)
        if self._held is not None and not self._held <= set(controller.humans):
            raise ValueError(f"a terminal can only hold people's seats, not {sorted(self._held)}")
        #: The person at the keyboard now (None: nobody has taken it yet).
        self.holder: int | None = None
        #: Whether the holder's hand may show now.
        self.showing = False
        self.new_round()

    @property
    def held(self) -> frozenset[int]:
        """The seats at this keyboard (by default the controller's people, read afresh:
        at a networked table, a second person may sit down at a terminal)."""
        return frozenset(self.ctl.humans) if self._held is None else self._held

    @held.setter
    def held(self, seats: Iterable[int]) -> None:
        self._held = frozenset(seats)

    def _sync(self) -> None:
        """Keep the holder among the held seats; one held seat is always at the keyboard."""
        held = self.held
        if self.holder is not None and self.holder not in held:
            self.holder, self.showing = None, False
        if len(held) == 1 and self.holder is None:
            (self.holder,) = held
            self.showing = True

    @property
    def shared(self) -> bool:
        """True when two or more people share this keyboard, so hands hide between them."""
        return len(self.held) >= 2

    @property
    def viewer(self) -> int | None:
        """Whose hand may be on screen now (None: every hand is hidden)."""
        return self.holder if self.showing else None

    def new_round(self) -> None:
        """A new deal: with one person at the keyboard it stays theirs; else nobody's."""
        if len(self.held) == 1:
            (self.holder,) = self.held
            self.showing = True
        else:
            self.holder = None
            self.showing = False

    # ------------------------------------------------------------------ steps

    def next_step(self) -> Step:
        """What happens next: computers act, a handoff, a question, or the round's end."""
        ctl = self.ctl
        self._sync()
        if ctl.game.is_over:
            self.hide()
            return RoundOver()
        if ctl.bot_pending():
            self.hide()
            return Computers()
        seat = self.person_to_ask()
        if seat is None:
            # Only windows are open and no computer wants them: nothing to do but wait.
            return Away(ctl.decider)
        if seat not in self.held:
            self.hide()
            return Away(seat)
        if seat != self.holder:
            self.hide()
            return Handoff(seat, self.reason(seat))
        self.showing = True
        return Ask(seat, ctl.decision_kind)

    def person_to_ask(self) -> int | None:
        """The person to ask now: the one at the keyboard if the game waits on them too
        (several people may cast Point Taken votes at once), else the first in turn."""
        waiting = [seat for seat in self.ctl.deciders() if self.ctl.is_human(seat)]
        if not waiting:
            return None
        if self.holder in waiting:
            return self.holder
        held = [seat for seat in waiting if seat in self.held]
        return held[0] if held else waiting[0]

    def reason(self, seat: int) -> str:
        """Why the keyboard goes to ``seat``, in words."""
        ctl, tr = self.ctl, self.tr
        return tr("{name} is to {decision}.", name=ctl.names[seat],
                  decision=tr(ctl.game.decision_verb))

    def handed(self, seat: int) -> None:
        """``seat``'s person has taken the keyboard: their hand may show."""
        if seat not in self.held:
            raise ValueError(f"seat {seat} is not at this keyboard")
        self.holder = seat
        self.showing = True

    def claimed(self, seat: int) -> None:
        """``seat``'s person took the keyboard to play out of turn (a jump-in, a speed
        play): nothing of their hand needs to show, and whoever decides next gets the
        keyboard back through a handoff."""
        if seat not in self.held:
            raise ValueError(f"seat {seat} is not at this keyboard")
        self.holder = seat
        self.showing = not self.shared

    def hide(self) -> None:
        """Hide the hand while the keyboard may change hands (one person: it stays)."""
        if self.shared:
            self.showing = False

    # ------------------------------------------------------------ follow-ups

    def drawn_notice(self, seat: int, action, events: Sequence[Event]) -> str:
        """After ``seat``'s ``action``: what they drew and could not play, when the
        keyboard may move on before they see it in their hand; else ``""``."""
        if not self.shared or type(action) is not Draw:
            return ""
        ctl = self.ctl
        if not ctl.game.is_over and seat in ctl.deciders():
            return ""               # still their decision: the hand shows the card
        drawn = [card for event in events if event.kind == EventKind.DRAW
                 and event.seat == seat for card in event.for_seat(seat).cards]
        if not drawn:
            return ""
        tr = self.tr
        faces = Phrase.joined(", ", [long_label(ctl.game.face(card)) for card in drawn])
        return tr.plural("{name} drew {cards}: it can't be played now.",
                         "{name} drew {cards}: none can be played now.", len(drawn),
                         name=ctl.names[seat], cards=faces)
