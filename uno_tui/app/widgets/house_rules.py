"""The house rules in play, and a running stack's total: a small line by the piles."""

from __future__ import annotations

from typing import NamedTuple

from rich.cells import cell_len
from rich.text import Text
from textual.reactive import reactive

from ...engine import HOUSE_RULES
from ..tablestate import TableState
from .bound import TableWidget

__all__ = ["HouseRulesLine", "rules_in_play"]


def rules_in_play(rules: frozenset[str]) -> list[str]:
    """The house rules of a game, in the order the game lists them."""
    order = list(HOUSE_RULES)
    return sorted(rules, key=lambda rule: (order.index(rule) if rule in order else len(order),
                                           rule))


class RulesFacts(NamedTuple):
    rules: tuple[str, ...]
    #: While cards are stacked: how many the next player draws, and who that is.
    stack: int | str
    on: str


class HouseRulesLine(TableWidget):
    """``House rules: stacking, 7-0`` over ``stacking: +6 on Bob`` while a stack runs;
    nothing without house rules. The rules that do not fit say how many more."""

    facts: reactive[RulesFacts | None] = reactive(None)

    def read(self, state: TableState) -> None:
        view = state.view
        stack = view.pending_draw if view.winner is None else 0
        self.facts = RulesFacts(tuple(rules_in_play(view.rules)), stack or 0,
                                state.names[view.decision_seat] if stack else "")

    def watch_facts(self, facts: RulesFacts | None) -> None:
        lines = int(bool(facts and facts.rules)) + int(bool(facts and facts.stack))
        self.display = bool(lines)
        if lines and self.styles.height != lines:
            self.styles.height = lines

    def render(self) -> Text:
        facts = self.facts
        text = Text(no_wrap=True, overflow="crop")
        if facts is None:
            return text
        tr = self.app.tr
        width = max(1, self.size.width)
        if facts.rules:
            text.append_text(self._rules(facts.rules, width))
        if facts.stack:
            if facts.rules:
                text.append("\n")
            amount = f"+{facts.stack}" if isinstance(facts.stack, int) else tr("until a colour")
            text.append(tr("stacking: {amount} on {name}", amount=amount, name=facts.on),
                        style="bold")
        return text

    def _rule_name(self, rule: str) -> str:
        """A rule's short name in the reader's language (``catch-window:5`` keeps its
        number); English reads the names ``--rules`` takes."""
        name, _, number = rule.partition(":")
        words = self.app.tr(name)
        return f"{words}:{number}" if number else words

    def _rules(self, rules: tuple[str, ...], width: int) -> Text:
        """As many rules as fit in ``width`` cells and how many more, or how many there
        are (the help, ``?``, lists them)."""
        tr = self.app.tr
        for shown in range(len(rules), 0, -1):
            more = len(rules) - shown
            listed = tr(", ").join(self._rule_name(rule) for rule in rules[:shown])
            line = (tr("House rules: {rules}", rules=listed) if not more else
                    tr("House rules: {rules} and {more} more", rules=listed, more=more))
            if cell_len(line) <= width:
                return Text(line, style="dim")
        line = tr("House rules: {count} (see ?)", count=len(rules))
        if cell_len(line) > width:
            line = tr("House rules: {count}", count=len(rules))
        return Text(line, style="dim")
