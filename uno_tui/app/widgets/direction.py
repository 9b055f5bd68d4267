"""The direction tracker: which way play goes and who is next (or, while someone answers
a draw card, names a colour, votes..., who decides now and what); it turns on a Reverse.

UNO Party! plays with a tracker card on the table (``view.extras["direction_tracker"]``);
the widget then says so. When the direction changes, the tracker is highlighted for
a moment (class ``-turned``), so the turn is seen on the table, not only in the log.
"""

from __future__ import annotations

from typing import NamedTuple

from rich.cells import cell_len
from rich.text import Text
from textual.reactive import reactive

from ...engine import DecisionKind, decision_verb
from ...i18n import N_
from ..tablestate import TableState
from ..timers import call_after
from .bound import DrawnInLines, TableWidget

__all__ = ["DirectionTracker", "TURNED_FOR"]

#: Seconds the tracker stays highlighted after the direction changed.
TURNED_FOR = 2.0

_ARROWS = {1: ("↻", N_("clockwise")), -1: ("↺", N_("anticlockwise"))}


#: Decisions that are a seat's own turn: while one is made, the tracker names who
#: plays after it. Any other (an answer to a draw card, a colour, a vote...) is someone
#: deciding now, and "next:" beside it read as if the next player were the one asked.
_TURNS = frozenset({DecisionKind.TURN, DecisionKind.ROUND_OVER})


class Heading(NamedTuple):
    direction: int
    #: Who plays next ("next: Bob"), or who decides now ("now: Ann") when ``deciding``.
    name: str
    card: bool
    #: What ``name`` decides now, in the engine's words ("answer the draw card"); empty
    #: during a turn, when the tracker names who is next.
    deciding: str = ""


class DirectionTracker(DrawnInLines, TableWidget):
    """``↻ clockwise · next: Bob``; on two or more lines the arrow is drawn as a ring.
    A turn moving on rewrites the name, not the ring."""

    heading: reactive[Heading | None] = reactive(None, repaint=False)

    def read(self, state: TableState) -> None:
        view = state.view
        card = "direction_tracker" in view.extras
        if view.decision_kind not in _TURNS:
            self.heading = Heading(view.direction, state.names[view.decision_seat], card,
                                   decision_verb(view.decision_kind))
            return
        following = (view.current + view.direction) % view.players
        self.heading = Heading(view.direction, state.names[following], card)

    def watch_heading(self, old: Heading | None, new: Heading | None) -> None:
        if old is not None and new is not None and old.direction != new.direction:
            self.add_class("-turned")
            call_after(self, TURNED_FOR, lambda: self.remove_class("-turned"))
        self.redraw()

    def lines(self) -> list[Text]:
        heading = self.heading
        if heading is None:
            return []
        tr = self.app.tr
        arrow, words = _ARROWS.get(heading.direction, _ARROWS[1])
        words = tr(words)
        ahead = tr("now: ") if heading.deciding else tr("next: ")
        # (Party's tracker card says only which way play goes: "tracker card" was jargon,
        # and cut the direction short at 80x24: "tracker card: anticloc…".)
        label = words
        who = Text(heading.name, style="bold")               # a name is text, never markup
        deciding = (tr("to {decision}", decision=tr(heading.deciding)) if heading.deciding
                    else "")
        width = self.size.width
        if self.size.height >= 3:
            ring = (("╭─→─╮", f"↑ {arrow} ↓", "╰─←─╯") if heading.direction == 1
                    else ("╭─←─╮", f"↓ {arrow} ↑", "╰─→─╯"))
            if deciding:
                return [Text(f"{ring[0]} {words}", style="bold"),
                        Text.assemble((ring[1], "bold"), " ", ahead, who),
                        Text.assemble((ring[2], "bold"), " ",
                                      _if_it_fits(deciding, width - cell_len(ring[2]) - 1))]
            return [Text(f"{ring[0]} {words}", style="bold"),
                    Text(ring[1], style="bold"),
                    Text.assemble((ring[2], "bold"), " ", ahead, who)]
        if self.size.height == 2:
            if deciding:
                first = Text.assemble((f"{arrow} {label}", "bold"), " · ", ahead, who)
                if first.cell_len <= width:
                    return [first, Text(_if_it_fits(deciding, width))]
                # "↺ anticlockwise · now: A…" was cut: the name goes to the second line.
                second = Text.assemble(ahead, who)
                return [Text(f"{arrow} {label}", style="bold"),
                        Text.assemble(second, " ", _if_it_fits(deciding,
                                                               width - second.cell_len - 1))]
            return [Text(f"{arrow} {label}", style="bold"), Text.assemble(ahead, who)]
        return [Text.assemble((f"{arrow} {label}", "bold"), " · ", ahead, who)]


def _if_it_fits(words: str, width: int) -> str:
    """``words`` if they fit ``width`` cells, else nothing: the prompt above the piles
    says it in full, and a decision cut short ("to play another card of the s…") misleads."""
    return words if cell_len(words) <= width else ""
