"""The match score line: round number, target, scoring mode and the leader."""

from __future__ import annotations

from rich.text import Text
from textual.reactive import reactive
from textual.widgets import Static

from ..tablestate import TableState

__all__ = ["ScoreBoard"]

_MODE_GOALS = {
    "target": "to {target}",
    "single": "one round",
    "five-rounds": "5 rounds",
    "lowest": "lowest at {target}",
}


class ScoreBoard(Static):
    """Round number, what wins the match, and who leads."""

    round_number: reactive[int] = reactive(1)
    goal: reactive[str] = reactive("")
    leader: reactive[str] = reactive("")

    def show(self, state: TableState) -> None:
        """Draw the match status of ``state``."""
        self.round_number = state.round_number
        self.goal = _MODE_GOALS.get(state.mode, state.mode).format(target=state.target)
        scores = state.scores
        best = (min if state.mode == "lowest" else max)(scores)
        leaders = [state.names[s] for s, score in enumerate(scores) if score == best]
        self.leader = "" if not any(scores) else f"lead: {', '.join(leaders)} {best}"

    def render(self) -> Text:
        text = Text(f"Round {self.round_number} · {self.goal}")
        if self.leader:
            text.append(f"\n{self.leader}", style="dim")
        return text
