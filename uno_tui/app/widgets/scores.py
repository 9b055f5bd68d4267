"""The match score line: round number, target, scoring mode and the leader."""

from __future__ import annotations

from typing import NamedTuple

from rich.text import Text
from textual.reactive import reactive

from ..tablestate import TableState
from .bound import TableWidget

__all__ = ["ScoreBoard", "MODE_GOALS"]

#: What wins the match, per mode, in a few words.
MODE_GOALS = {
    "target": "to {target}",
    "single": "one round",
    "five-rounds": "5 rounds",
    "lowest": "lowest at {target}",
}


class Standing(NamedTuple):
    round_number: int
    goal: str
    leader: str


class ScoreBoard(TableWidget):
    """Round number, what wins the match, and who leads."""

    standing: reactive[Standing | None] = reactive(None)

    def read(self, state: TableState) -> None:
        scores = state.scores
        best = (min if state.mode == "lowest" else max)(scores)
        leaders = [state.names[s] for s, score in enumerate(scores) if score == best]
        leader = "" if not any(scores) else f"lead: {', '.join(leaders)} {best}"
        self.standing = Standing(state.round_number,
                                 MODE_GOALS.get(state.mode, state.mode).format(target=state.target),
                                 leader)

    def render(self) -> Text:
        standing = self.standing
        if standing is None:
            return Text("")
        text = Text(f"Round {standing.round_number} · {standing.goal}", no_wrap=True,
                    overflow="ellipsis")
        if standing.leader:
            text.append("\n")
            text.append(Text(standing.leader, style="dim"))
        return text
