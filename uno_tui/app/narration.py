"""The public log: engine events told in players' names.

Lines are written for everyone at the table, so they use names, never "you", and
they are built from ``Event.for_seat(None)``: private cards (what someone drew, a
hand shown after a challenge) never reach them.

Languages (decided for issue 25): a line is made once and read in each viewer's
language, late. The narrator has no translator and knows no language: every line it
makes is a :class:`~uno_tui.i18n.Phrase` (the whole sentence as one message, with named
fields; the cards' and colours' names are phrases too), which as a string is the
English line. The log keeps phrases; the log widget, the handoff's summary and the
banner of each app put them into that app's words (``app.tr.words(line)``). So one
server table's log, made by one narrator in the host process and sent as is to the
render workers (phrases pickle with their fields), reads in Japanese on one terminal
and in English on the next, and a player who switches language sees the whole log
again in the new one. Passing a translator to the narrator instead would have made one
log per language at every table, and a switch would leave the old lines in the old one.
"""

from __future__ import annotations

from typing import Callable, Sequence

from ..engine import Event, EventKind, Face, Game
from . import frontends
from ..i18n import Phrase
from .cardtext import color_label, long_label, with_id

__all__ = ["Narrator"]

_E = EventKind

#: Events that say nothing the table does not already show.
_SILENT = frozenset({_E.DEAL, _E.TURN})


class Narrator:
    """Turns events into log lines.

    ``names`` are the seats' names; ``face_of`` gives a card id's face on the side
    in play (only ids left in public events are looked up). UNO Flip: events are told
    after the action that caused them, so a card shown before a Flip in the same batch
    is looked up with ``other_face_of`` (its face on the side not in play now).
    """

    def __init__(self, names: Sequence[str], face_of: Callable[[int], Face],
                 show_ids: bool = False,
                 other_face_of: Callable[[int], Face] | None = None,
                 out_of_turn: str = frontends.HOUSE_OUT_OF_TURN) -> None:
        self.names = tuple(names)
        self.face_of = face_of
        self.show_ids = show_ids
        self.other_face_of = other_face_of
        #: What an out-of-turn play is called at this table (see
        #: ``frontends.out_of_turn_play``): its log lines are that play's own words.
        self.out_of_turn = out_of_turn
        self._flipped_since = False

    @classmethod
    def for_game(cls, names: Sequence[str], game: Game, show_ids: bool = False) -> "Narrator":
        """The narrator of ``game`` (an engine ``Game``); after a Flip, cards played
        before it keep the face they were played with."""
        return cls(names, game.face, show_ids,
                   other_face_of=lambda card: game.card(card).face(1 - game.side),
                   out_of_turn=frontends.out_of_turn_play(game.variant.name))

    def lines(self, events: Sequence[Event]) -> list[str]:
        """Log lines for ``events`` (in order; some events produce none)."""
        out = []
        flips_left = sum(1 for event in events if event.kind == _E.FLIP)
        # Cards drawn one at a time by the same seat (until a colour shows, until one
        # can be played) make one line: "CPU 1 draws 4 cards", not four.
        drawing: Event | None = None
        # An out-of-turn play and its card make one line ("Bob jumps in with Red 6!").
        jumped: Event | None = None
        # A first card turned over by the next one (UNO Party!'s action cards) is told
        # as passed over, so the log does not read as three first cards.
        turned: Event | None = None
        try:
            for event in events:
                if event.kind == _E.FLIP:
                    flips_left -= 1
                self._flipped_since = flips_left % 2 == 1 and self.other_face_of is not None
                public = event.for_seat(None)
                if public.kind == _E.DRAW and public.count and drawing is not None \
                        and drawing.seat == public.seat:
                    drawing = drawing._replace(count=drawing.count + public.count)
                    out[-1] = self.line(drawing)
                    continue
                if jumped is not None and public.kind == _E.PLAY and public.seat == jumped.seat:
                    out[-1] = self._jumped_with(public)
                    jumped = None
                    continue
                if turned is not None and public.kind == _E.FIRST_CARD:
                    out[-1] = Phrase("{cards} has no effect: cards are turned "
                                     "until a number shows",
                                     cards=self._cards(turned.cards))
                line = self.line(public)
                jumped = public if public.kind == _E.JUMP_IN and line else None
                turned = public if public.kind == _E.FIRST_CARD and line else None
                drawing = public if public.kind == _E.DRAW and public.count and line else None
                if line:
                    out.append(line)
        finally:
            self._flipped_since = False
        return out

    def _name(self, seat: int | None) -> str:
        if seat is None or not 0 <= seat < len(self.names):
            return Phrase("The table")
        return self.names[seat]

    def _cards(self, ids: Sequence[int]) -> str:
        face_of = self.other_face_of if self._flipped_since else self.face_of
        names = [with_id(long_label(face_of(c)), c, self.show_ids) for c in ids]
        return names[0] if len(names) == 1 else Phrase.joined(", ", names)

    def line(self, event: Event) -> str:
        """One line for a public event, or ``""`` for events the table shows anyway."""
        kind = event.kind
        if kind in _SILENT:
            return ""
        name = self._name(event.seat)
        target = self._name(event.target)
        teller = _TELLERS.get(kind)
        if teller is not None:
            return teller(self, event, name, target)
        # A rule set's or a house rule's own event, or a newer shared one.
        told = frontends.teller(kind)
        if told is not None:
            return told(event, name, target, self._cards)
        # A kind this log does not know yet (a newer variant): still say what happened
        # (in the kind's own name: there are no words for it in any catalogue).
        words = kind.replace("_", " ")
        if event.seat is not None:
            return Phrase("{name}: {kind}", name=name, kind=words)
        return words.capitalize()

    # One method per event kind; each gets the event, the actor's and the target's names.

    def _dealer_draw(self, event, name, target):
        return Phrase("{name} turns up {cards} to choose the dealer", name=name,
                      cards=self._cards(event.cards))

    def _dealer(self, event, name, target):
        return Phrase("{name} deals", name=name)

    def _first_card(self, event, name, target):
        return Phrase("First card: {cards}", cards=self._cards(event.cards))

    def _returned(self, event, name, target):
        if event.seat is None:
            return Phrase("{cards} goes back into the pile", cards=self._cards(event.cards))
        return Phrase("{cards} goes back to {name}", cards=self._cards(event.cards), name=name)

    def _play(self, event, name, target):
        return Phrase("{name} plays {cards}", name=name, cards=self._cards(event.cards))

    def _draw(self, event, name, target):
        if event.count == 0:
            return Phrase("{name} can't draw: no cards left", name=name)
        return Phrase.plural("{name} draws a card", "{name} draws {count} cards", event.count,
                             name=name)

    def _keep(self, event, name, target):
        return Phrase("{name} keeps the drawn card", name=name)

    def _color(self, event, name, target):
        return Phrase("{name} names {color}", name=name, color=color_label(event.color))

    def _skip(self, event, name, target):
        return Phrase("{name} is skipped", name=name)

    def _reverse(self, event, name, target):
        return Phrase("Play reverses direction")

    def _challenge(self, event, name, target):
        if event.detail == "guilty":
            return Phrase("{name} challenges {target} and wins: it was a bluff",
                          name=name, target=target)
        return Phrase("{name} challenges {target} and loses: it was legal",
                      name=name, target=target)

    def _reveal(self, event, name, target):
        return Phrase("{target}'s hand is shown to {name} alone", name=name, target=target)

    def _accept(self, event, name, target):
        return Phrase("{name} takes the draw", name=name)

    def _uno(self, event, name, target):
        return Phrase("{name} calls UNO!", name=name)

    def _catch(self, event, name, target):
        return Phrase("{name} catches {target}, who forgot to call UNO", name=name,
                      target=target)

    def _reshuffle(self, event, name, target):
        return Phrase("The discard pile is shuffled into a new draw pile ({count} cards)",
                      count=event.count)

    def _jump_in(self, event, name, target):
        return Phrase("{name} jumps in!", name=name)

    def _jumped_with(self, play: Event) -> str:
        """An out-of-turn play and its card (see ``lines``), in the words of the rule set
        or house rule that brings it."""
        words = frontends.out_of_turn_words(self.out_of_turn) or {}
        return Phrase(words.get("played") or "{name} jumps in with {cards}!",
                      name=self._name(play.seat), cards=self._cards(play.cards))

    def _round_over(self, event, name, target):
        if event.seat is None:
            return Phrase("The round ends with no winner")
        # "points" even for 1: the English line is kept as it always read.
        return Phrase("{name} goes out and wins the round ({count} points)", name=name,
                      count=event.count)


_TELLERS: dict[str, Callable] = {
    _E.DEALER_DRAW: Narrator._dealer_draw,
    _E.DEALER: Narrator._dealer,
    _E.FIRST_CARD: Narrator._first_card,
    _E.RETURNED: Narrator._returned,
    _E.PLAY: Narrator._play,
    _E.DRAW: Narrator._draw,
    _E.KEEP: Narrator._keep,
    _E.COLOR: Narrator._color,
    _E.SKIP: Narrator._skip,
    _E.REVERSE: Narrator._reverse,
    _E.CHALLENGE: Narrator._challenge,
    _E.REVEAL: Narrator._reveal,
    _E.ACCEPT: Narrator._accept,
    _E.UNO: Narrator._uno,
    _E.CATCH: Narrator._catch,
    _E.RESHUFFLE: Narrator._reshuffle,
    _E.JUMP_IN: Narrator._jump_in,
    _E.ROUND_OVER: Narrator._round_over,
}
