"""UNO Party!: the mini-pile of a Wild Pile Up and the Point Taken ballot box.

Both read only ``view.extras`` (the engine's public table) and the last events: the
ballot shows how many votes are in, never whose vote says what, until the reveal.
"""

from __future__ import annotations

from typing import NamedTuple

from rich.text import Text
from textual.reactive import reactive

from ....engine import DecisionKind, Face
from ....app.cardtext import color_label, color_style
from ....app.glyphs import unambiguous
from ....app.tablestate import TableState
from ....app.widgets.bound import TableWidget
from ....app.widgets.card import COMPACT, CardSize, card_lines, card_rich_text

__all__ = ["MiniPile", "BallotBox"]


#: Cells for the words beside the mini-pile's card.
_BESIDE_WIDTH = 15


class PileFacts(NamedTuple):
    count: int
    color: str | None
    top: Face | None
    player: str


class MiniPile(TableWidget):
    """The mini-pile: its top card, its colour, how many cards, who must play on it next.

    Hidden while there is none. It lies on the table beside the piles; at a round table,
    where the piles' row has no room for it, under the direction tracker, in compact
    cards (its size stays ``COMPACT`` there: only the piles' row follows the terminal).
    """

    TABLE_AREA = "piles"
    ROUND_AREA = "status"

    #: What it shows: a change repaints it, and lays the screen out only when it is shown
    #: or hidden (``display``): its size follows ``size_class`` alone, so a card played
    #: on the mini-pile need not lay out every widget of the screen again.
    facts: reactive[PileFacts | None] = reactive(None)
    size_class: reactive[CardSize] = reactive(COMPACT, layout=True)

    def read(self, state: TableState) -> None:
        extras = state.view.extras
        pile = extras.get("mini_pile") or ()
        if not pile:
            self.facts = None
            return
        seat = extras.get("mini_pile_seat")
        self.facts = PileFacts(len(pile), extras.get("mini_pile_color"), pile[-1].face,
                               state.names[seat] if seat is not None else "")

    def watch_facts(self, facts: PileFacts | None) -> None:
        self.display = facts is not None

    def get_content_height(self, container, viewport, width: int) -> int:
        return self.size_class.height

    def render(self) -> Text:
        facts = self.facts
        if facts is None:
            return Text("")
        tr = self.app.tr
        beside = [Text(tr("Mini-pile: {count}", count=facts.count), style="bold")]
        if facts.color:
            beside.append(Text(f" {self.app.tr.words(color_label(facts.color))} ",
                               style=color_style(facts.color)))
        if facts.player:
            # Not "next:": the direction tracker beside it names who is next in turn.
            beside.append(Text(facts.player, style="bold"))
            beside.append(Text(tr("plays on it")))
        text = card_rich_text(card_lines(facts.top, self.size_class, tr=tr), beside)
        text.plain = unambiguous(text.plain, tr.lang)     # the card's symbol, by its frame
        return text

    def get_content_width(self, container, viewport) -> int:
        return self.size_class.width + 1 + _BESIDE_WIDTH


class Ballot(NamedTuple):
    cast: int
    voters: int
    revealed: bool


class BallotBox(TableWidget):
    """``☞ Votes in: 3 of 6`` while a Point Taken ballot runs (never whose); then
    ``☞ Votes revealed`` while the reveal is news: the seats show who pointed at whom
    and who draws. Hidden otherwise.
    """

    ballot: reactive[Ballot | None] = reactive(None)

    def read(self, state: TableState) -> None:
        view = state.view
        if view.decision_kind == DecisionKind.POINT:
            self.ballot = Ballot(len(view.extras.get("ballots_cast", ())), view.players, False)
        elif state.ballot is not None:
            self.ballot = Ballot(view.players, view.players, True)
        else:
            self.ballot = None

    def watch_ballot(self, ballot: Ballot | None) -> None:
        self.display = ballot is not None

    def render(self) -> Text:
        ballot = self.ballot
        if ballot is None:
            return Text("")
        tr = self.app.tr
        if ballot.revealed:
            return Text(tr("☞ Votes revealed"), style="bold", no_wrap=True,
                        overflow="ellipsis")
        return Text(tr("☞ Votes in: {cast} of {voters}", cast=ballot.cast,
                       voters=ballot.voters), style="bold")
