"""Between rounds: a round's result, the next deal, and the match's end."""

from __future__ import annotations

from ..controller import RoundSummary
from ..widgets.log import GameLog

__all__ = ["BetweenRounds"]


class BetweenRounds:
    """Mixin for the table screen: when a round ends, its result; then the next deal,
    or (the match is over) the match's result and what next: again, a new setup, quit.

    The screen provides ``ctl``, ``flow``, ``state`` and ``table_state()``,
    ``uno_armed``, ``message``, ``_guard()``, ``_refresh()`` and ``resume()``.
    """

    def _round_over(self) -> None:
        """Score the round and show its result; then go on to what follows."""
        from .round_result import RoundResultScreen

        summary = self.ctl.finish_round()
        self.state = self.table_state()

        def closed(_: None) -> None:
            if summary.match_over:
                self._match_over(summary)
            else:
                self._guard(self._next_round)

        self.app.push_screen(RoundResultScreen(summary), closed)

    def _next_round(self) -> None:
        self.query_one(GameLog).add(self.ctl.next_round())
        self._new_deal()

    def _new_deal(self) -> None:
        """A fresh deal is on the table: nobody has the keyboard yet, nothing is armed."""
        self.flow.new_round()
        self.uno_armed = False
        self.message = ""
        self._refresh()
        self.resume()

    def _match_over(self, summary: RoundSummary) -> None:
        """The match's result, and the choice of what comes next."""
        from .match_result import AGAIN, SETUP, MatchResultDialog

        def chosen(choice: str) -> None:
            if choice == AGAIN:
                self.ctl.restart()
                self.query_one(GameLog).replace(self.ctl.log)
                self._guard(self._new_deal)
            elif choice == SETUP:
                self.app.show_setup()
            else:
                self.app.exit()

        self.app.push_screen(MatchResultDialog(summary, self.app.tr), chosen)
