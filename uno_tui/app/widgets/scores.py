"""The match score line: round number, target, scoring mode and the leader."""

from __future__ import annotations

from typing import NamedTuple

from rich.text import Text
from textual.reactive import reactive

from ...i18n import N_
from ..tablestate import TableState
from .bound import TableWidget

__all__ = ["ScoreBoard", "MODE_GOALS"]

#: What wins the match, per mode, in a few words.
MODE_GOALS = {
    "target": N_("to {target}"),
    "single": N_("one round"),
    "five-rounds": N_("5 rounds"),
    "lowest": N_("lowest at {target}"),
}


class Standing(NamedTuple):
    round_number: int
    goal: str
    leader: str


class ScoreBoard(TableWidget):
    """Round number, what wins the match, and who leads."""

    standing: reactive[Standing | None] = reactive(None)

    def read(self, state: TableState) -> None:
        tr = self.app.tr
        scores = state.scores
        best = (min if state.mode == "lowest" else max)(scores)
        leaders = [state.names[s] for s, score in enumerate(scores) if score == best]
        leader = "" if not any(scores) else tr("lead: {names} {score}",
                                               names=tr(", ").join(leaders), score=best)
        goal = MODE_GOALS.get(state.mode)
        self.standing = Standing(state.round_number,
                                 tr(goal, target=state.target) if goal else state.mode,
                                 leader)

    def render(self) -> Text:
        standing = self.standing
        if standing is None:
            return Text("")
        text = Text(self.app.tr("Round {number} · {goal}", number=standing.round_number,
                                goal=standing.goal), no_wrap=True, overflow="ellipsis")
        if standing.leader:
            text.append("\n")
            text.append(Text(standing.leader, style="dim"))
        return text
