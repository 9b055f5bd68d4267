"""The moments that matter, as headlines for the table's banner.

The log tells everything; the banner shouts only what a player at the table would
notice: an UNO call, a catch, a challenge's outcome, a Reverse, a play out of turn,
a Point Taken ballot revealed, a round won, and what a rule set's or a house rule's
front end adds (``FrontEnd.moments``: Flip's flip, Party's links and mini-piles, 7-0's
swap). Pure: events (as the whole table sees them) and names in, plain text out, in
names, never "you". The headlines are :class:`~uno_tui.i18n.Phrase` lines, put into
each viewer's language where they are shown (see narration.py: the same decision).
"""

from __future__ import annotations

from typing import Callable, NamedTuple, Sequence

from ..engine import Event, EventKind
from ..i18n import Phrase
from . import frontends

__all__ = ["headlines", "headline_forms", "headline", "pending_draw_line", "ballot_reveal", "BallotResult",
           "ballot_result", "MAX_POINTED"]

_E = EventKind

#: No one draws more than this many cards for the votes against them (UNO Party! rules).
MAX_POINTED = 5


def _name(names: Sequence[str], seat: int | None) -> str:
    if seat is None or not 0 <= seat < len(names):
        return Phrase("The table")
    return names[seat]


def _uno(event: Event, names) -> str:
    return Phrase("{name} calls UNO!", name=_name(names, event.seat))


def _catch(event: Event, names) -> str:
    return Phrase("Caught! {target} forgot UNO ({name} saw it)",
                  target=_name(names, event.target), name=_name(names, event.seat))


def _challenge(event: Event, names) -> str:
    challenger, challenged = _name(names, event.seat), _name(names, event.target)
    if event.detail == "guilty":
        return Phrase("Challenge won: {target} bluffed, {name} was right", target=challenged,
                      name=challenger)
    return Phrase("Challenge lost: {target}'s card was legal", target=challenged)


def _reverse(event: Event, names) -> str:
    return Phrase("Reverse! Play changes direction")


def _jump_in(event: Event, names) -> str:
    return Phrase("{name} plays out of turn!", name=_name(names, event.seat))


def _round_over(event: Event, names) -> str:
    if event.seat is None:
        return Phrase("The round ends with no winner")
    return Phrase("{name} goes out and wins the round!", name=_name(names, event.seat))


_HEADLINES: dict[str, Callable[[Event, Sequence[str]], str]] = {
    _E.UNO: _uno,
    _E.CATCH: _catch,
    _E.CHALLENGE: _challenge,
    _E.REVERSE: _reverse,
    _E.JUMP_IN: _jump_in,
    _E.ROUND_OVER: _round_over,
}


def headline(event: Event, names: Sequence[str]) -> str:
    """The headline of one event, or ``""`` when it is not worth one."""
    teller = _HEADLINES.get(event.kind)
    if teller is not None:
        return teller(event, names)
    moment = frontends.moment(event.kind)    # a rule set's or a house rule's own event
    if moment is None:
        return ""
    return moment(event, _name(names, event.seat), _name(names, event.target))


def ballot_reveal(events: Sequence[Event], names: Sequence[str]) -> tuple[str, ...]:
    """A revealed Point Taken ballot: who pointed at whom, then who draws how many.

    Empty unless ``events`` hold the reveal (the ``point`` events come only once every
    vote is in).
    """
    pointed = [Phrase("{name} → {target}", name=_name(names, e.seat),
                      target=_name(names, e.target))
               for e in events if e.kind == _E.POINT]
    if not pointed:
        return ()
    return (*pointed, *_ballot_draws(events, names))


def _ballot_draws(events: Sequence[Event], names: Sequence[str]) -> list[str]:
    """Who draws how many for the votes of a ballot revealed in ``events``."""
    return [Phrase("{name} draws {count}", name=_name(names, e.seat),
                   count=min(e.count, MAX_POINTED))
            for e in events if e.kind == _E.POINTED and e.count]


class BallotResult(NamedTuple):
    """A revealed Point Taken ballot in seats: who pointed at whom, who draws how many."""

    votes: tuple[tuple[int, int], ...]
    draws: tuple[tuple[int, int], ...]

    def target_of(self, seat: int) -> int | None:
        """Whom ``seat`` pointed at."""
        return next((target for voter, target in self.votes if voter == seat), None)

    def draws_of(self, seat: int) -> int:
        """How many cards ``seat`` draws for the votes against it (at most 5)."""
        return next((count for drawer, count in self.draws if drawer == seat), 0)


def ballot_result(events: Sequence[Event]) -> BallotResult | None:
    """The ballot revealed in ``events``, or None."""
    votes = tuple((e.seat, e.target) for e in events if e.kind == _E.POINT)
    if not votes:
        return None
    draws = tuple((e.seat, min(e.count, MAX_POINTED)) for e in events
                  if e.kind == _E.POINTED and e.count)
    return BallotResult(votes, draws)


def headlines(events: Sequence[Event], names: Sequence[str]) -> list[str]:
    """The headlines of ``events`` in order; a revealed ballot is one headline."""
    return [forms[0] for forms in headline_forms(events, names)]


def headline_forms(events: Sequence[Event], names: Sequence[str]) -> list[tuple[str, ...]]:
    """Each headline of ``events`` in order, as the forms it may take, whole first and
    then shorter ones telling less, for a line too narrow for it (the banner's one line
    cut a revealed ballot of four players at 80 columns: every vote and every draw)."""
    public = [event.for_seat(None) for event in events]
    out = [(text,) for text in (headline(e, names) for e in public) if text]
    reveal = ballot_reveal(public, names)
    if reveal:
        draws = _ballot_draws(public, names)
        out.append((
            Phrase("Point Taken: {ballot}", ballot=Phrase.joined(", ", reveal)),
            # Who pointed at whom is on the seats, where they have room, and in the log.
            Phrase("Point Taken: {ballot}", ballot=Phrase.joined(", ", draws)),
            Phrase.plural("Point Taken: {count} player draws (see the log)",
                          "Point Taken: {count} players draw (see the log)", len(draws)),
        ))
    return out


def pending_draw_line(pending: int | str, next_name: str) -> str:
    """With stacking on: how many cards the next player will draw unless they stack."""
    if not pending:
        return ""
    if pending == "until":
        return Phrase("{name} draws until the colour shows unless they stack", name=next_name)
    return Phrase.plural("{name} draws 1 card unless they stack",
                         "{name} draws {count} cards unless they stack", int(pending),
                         name=next_name)
