"""Stepping through a saved match action by action (no Textual here: the replay screen
draws it, tests drive it directly).

Every round is rebuilt from its saved deal by applying its saved actions, so what is
shown is what was played, never a second copy that could disagree.
"""

from __future__ import annotations

from ..engine import Event, Game, action_from_json
from ..i18n import N_, Translator, translator
from ..saves import MatchRecord
from ..i18n import Phrase
from .narration import Narrator

__all__ = ["Replay", "ReplayError", "refusal", "round_so_far"]

#: The log keeps this many recent lines.
LOG_LINES = 300


class ReplayError(ValueError):
    """A round of the save that can't be played back (its deal or an action is corrupt).

    ``str()`` says it in English; :meth:`words` in a translator's language."""

    def __init__(self, message: str, /, **fields: object) -> None:
        self.message = message
        self.fields = fields
        super().__init__(message.format(**fields))

    def words(self, tr: Translator) -> str:
        """The problem in ``tr``'s language."""
        return tr(self.message, **self.fields)


def refusal(record: MatchRecord, tr: Translator | None = None) -> str | None:
    """Why ``record`` may not be replayed (a match still being played by people), or None
    (in ``tr``'s words; English by default)."""
    if record.finished or not record.humans:
        return None
    tr = tr or translator()
    people = ", ".join(record.humans)
    if record.size > record.length:
        return tr("the match in {path} is cut short (its last line is not whole) before its "
                  "end, and has people in it ({people}): a replay shows every hand, so only "
                  "a finished match is replayed", path=record.path, people=people)
    return tr("the match in {path} is still in progress and has people in it ({people}): a "
              "replay shows every hand, so finish it first", path=record.path, people=people)


class Replay:
    """A position in a saved match: round ``round_index`` (0-based) after ``step`` actions."""

    def __init__(self, record: MatchRecord) -> None:
        if not record.rounds:
            raise ReplayError(N_("the save has no rounds to replay"))
        self.record = record
        self.names = tuple(seat.name for seat in record.config.seats)
        self.round_index = 0
        self.step = 0
        self.game: Game = self._deal(0)
        #: The log of the round so far, in players' names.
        self.lines: list[str] = []
        #: The events of the action that led here (empty at a round's deal).
        self.last_events: tuple[Event, ...] = ()
        self._narrate_start()

    # ------------------------------------------------------------ position

    @property
    def rounds(self) -> int:
        """How many rounds the save holds."""
        return len(self.record.rounds)

    @property
    def steps(self) -> int:
        """How many actions the round in view has."""
        return len(self.record.rounds[self.round_index].actions)

    @property
    def round_number(self) -> int:
        """The round in view, 1-based."""
        return self.round_index + 1

    @property
    def scores(self) -> tuple[int, ...]:
        """The totals before the round in view, or after it once its last action is shown."""
        results = self.record.match.get("results", [])
        done = self.round_index + (1 if self.step == self.steps and self.game.is_over else 0)
        if done and done <= len(results):
            return tuple(results[done - 1][4])
        return (0,) * len(self.names)

    def forward(self) -> bool:
        """One action on; False at the end of the round."""
        if self.step >= self.steps:
            return False
        self._apply(self.step)
        self.step += 1
        return True

    def back(self) -> bool:
        """One action back (the round is dealt again and played up to it); False at its deal."""
        if self.step == 0:
            return False
        self.go(self.round_index, self.step - 1)
        return True

    def go(self, round_index: int, step: int = 0) -> None:
        """Show round ``round_index`` (0-based) after ``step`` of its actions."""
        if not 0 <= round_index < self.rounds:
            raise IndexError(f"there are {self.rounds} rounds")
        self.round_index = round_index
        self.step = 0
        self.game = self._deal(round_index)
        self.lines = []
        self.last_events = ()
        self._narrate_start()
        step = max(0, min(step, self.steps))
        while self.step < step:
            self.forward()

    def check(self) -> None:
        """Play every round through once (``ReplayError`` at the first that fails), then
        go back to the first deal."""
        for index in range(self.rounds):
            self.go(index)
            self.to_end()
        self.go(0)

    def to_end(self) -> None:
        """The last action of the round in view."""
        while self.forward():
            pass

    # ------------------------------------------------------------ playing

    def _deal(self, round_index: int) -> Game:
        try:
            return Game.from_json(self.record.rounds[round_index].start)
        except Exception as exc:  # a corrupt deal: one message, never a traceback
            raise ReplayError(N_("round {number} can't be dealt again ({problem})"),
                              number=round_index + 1, problem=exc) from None

    def _apply(self, index: int) -> None:
        data = self.record.rounds[self.round_index].actions[index]
        try:
            events = self.game.apply(action_from_json(data))
        except Exception as exc:
            raise ReplayError(N_("round {number}, action {action} can't be played again "
                                 "({problem})"), number=self.round_number, action=index + 1,
                              problem=exc) from None
        self.last_events = tuple(events)
        self._say(self._narrator().lines(events))

    def _narrate_start(self) -> None:
        self._say([Phrase("Round {number}", number=self.round_number),
                   *self._narrator().lines(self.game.opening_events)])

    def _narrator(self) -> Narrator:
        return Narrator.for_game(self.names, self.game)

    def _say(self, lines) -> None:
        self.lines.extend(lines)
        del self.lines[:-LOG_LINES]


def round_so_far(record: MatchRecord) -> list[str]:
    """The log of the round in play in ``record``, from its deal to its last action (what
    a resumed match's log starts with); [] when the round can't be played again."""
    try:
        replay = Replay(record)
        replay.go(replay.rounds - 1, len(record.rounds[-1].actions or ()))
    except (ReplayError, IndexError, TypeError):
        return []
    return list(replay.lines)
