"""Asking inline: what a screen needs to put a person's questions in its prompt panel.

:class:`PromptHost` is a mixin for the table screen. A person's prompt is a coroutine
(a prompter from the registry, or the screen's own, e.g. a speed play's claim) run in
a worker with :meth:`~PromptHost._run_prompt`; each of its questions opens in the
:class:`~uno_tui.app.prompts.panel.PromptPanel` and waits for an answer, which comes
from a key, a click, Escape, or the question being withdrawn. The computers wait from
the prompt's first question to its action.
"""

from __future__ import annotations

import asyncio
from functools import partial
from typing import Awaitable, Callable

from textual import events
from textual.css.query import NoMatches

from ...engine import Decision

from .panel import PromptPanel
from .question import Question
from .registry import PromptContext, prompter_for
from .windows import notice

__all__ = ["PromptHost", "PROMPT_GROUP", "Prompt"]

#: The worker group of a person's prompt.
PROMPT_GROUP = "prompt"

#: A person's prompt: asks what it needs, then returns what the screen does next (a
#: callable) or None (nothing was decided: the flow goes on as it was).
Prompt = Callable[[], Awaitable[Callable[[], None] | None]]


class PromptHost:
    """Mixin for a :class:`~textual.screen.Screen` that asks questions inline.

    The screen mounts one :class:`PromptPanel` and provides ``ctl`` (its table
    controller), ``_act(seat, action)``, ``_refresh()`` (redraw the table),
    ``_refresh_prompt()`` (redraw the prompt line and the keys), ``resume()`` (move the
    game on) and ``prompt_panel_margin()`` (where the panel may lie).
    """

    #: What the open prompt is about: a decision kind, "notice" or "claim" ("": none).
    asked_kind: str = ""
    #: True from a prompt's first question to its action (computers wait meanwhile).
    _asking: bool = False
    #: The answer the question shown inline waits for.
    _answer: asyncio.Future | None = None
    #: The running prompt was taken back before it asked its first question.
    _withdrawn: bool = False
    #: The game's decision the open prompt asks (None: it asks none, e.g. a notice).
    _asked_decision: Decision | None = None

    @property
    def asking(self) -> bool:
        """True while a question waits for a person's answer inline."""
        return self._answer is not None and not self._answer.done()

    def _run_prompt(self, prompt: Prompt) -> None:
        """Run a person's prompt (a coroutine that asks inline) while computers wait."""
        self._asking = True
        self._withdrawn = False
        self._refresh_prompt()
        self.run_worker(self._prompting(prompt), group=PROMPT_GROUP, exclusive=True,
                        exit_on_error=False)

    async def _prompting(self, prompt: Prompt) -> None:
        try:
            then = await prompt()
        finally:
            await self._close_panel()
            self._asking = False
            self._withdrawn = False
            self.asked_kind = ""
            self._asked_decision = None
        if then is not None:
            then()
        else:
            self._refresh()
            self.resume()

    async def ask(self, question: Question) -> object:
        """Show ``question`` inline above the hand; its answer (None: backed out)."""
        if self._withdrawn:
            return None
        panel = self.query_one(PromptPanel)
        if not panel.is_open:
            self.prompt_opens()
            self._place_panel(panel)
        panel.ask(question)
        # Once the hand is laid out for the person asked, the panel sits just above it.
        self.call_after_refresh(self._place_panel, panel)
        self._answer = asyncio.get_running_loop().create_future()
        self._refresh_prompt()
        return await self._answer

    async def _decide(self, seat: int):
        """Ask ``seat`` (the viewer) the decision the game waits on, through the prompt
        registry; what to do next (apply the action), or None (backed out)."""
        ctl = self.ctl
        context = PromptContext(seat=seat, names=ctl.names, view=ctl.view(seat),
                                actions=tuple(ctl.own_actions(seat)),
                                events=ctl.last_events_for(seat), face_of=ctl.game.face,
                                ask=self.ask, verb=ctl.game.decision_verb, tr=self.app.tr)
        self.asked_kind = ctl.decision_kind
        self._asked_decision = ctl.game.decision
        action = await prompter_for(ctl.decision_kind, ctl.game.rules)(context)
        if action is None:
            return None
        return partial(self._act, seat, action)

    async def _notice(self, title: str, text: str):
        """Show ``title`` and ``text`` to the person at the keyboard until they go on."""
        self.asked_kind = "notice"
        await self.ask(notice(title, text, tr=self.app.tr))
        return None

    def prompt_opens(self) -> None:
        """A question opens on the empty panel: the screen may bring into view what
        the person asked needs to see (the table: the log's latest line)."""

    def _place_panel(self, panel: PromptPanel) -> None:
        """Lay the panel where the screen lets it lie (the panel is docked at the
        screen's bottom; its margin keeps the hand and the log's last lines in view)."""
        margin = self.prompt_panel_margin()
        if tuple(panel.styles.margin) != margin:
            panel.styles.margin = margin

    def _place_open_panel(self, _screen=None) -> None:
        """Lay the open panel again (the screen calls it after every layout: the hand's
        height moves its place)."""
        # query_one is cached by Textual until the DOM changes; query() walked every
        # node of the screen, matching selectors, after every redraw (~3 ms at a
        # server table, 5% of a terminal's CPU per update).
        try:
            panel = self.query_one(PromptPanel)
        except NoMatches:
            return
        if panel.is_open:
            self._place_panel(panel)
            panel.size_ahead()

    def withdraw_question(self) -> None:
        """Take back the open question, as if its person had backed out: the game it
        asked about has been replaced (a server table dealt afresh), so the flow asks
        again about the game as it is now."""
        if self._answer is not None and not self._answer.done():
            self._answer.set_result(None)
        elif self._asking:
            # The prompt has started but not asked yet (its worker runs next): its
            # questions would be about the game that is gone.
            self._withdrawn = True

    def withdraw_question_overtaken(self) -> None:
        """Take back the open question if the decision it asks is no longer the game's
        (someone else made it: a server table's turn timer, for one), so the flow asks
        about the game as it is now instead of keeping a question whose answer can
        only be refused."""
        if self._asked_decision is not None and self._asked_decision != self.ctl.game.decision:
            self.withdraw_question()

    async def _close_panel(self) -> None:
        self._answer = None
        self.query_one(PromptPanel).close()

    def on_key(self, event: events.Key) -> None:
        """While a question is open, its keys go to it first (it never takes the focus)."""
        panel = self.query_one(PromptPanel)
        if panel.is_open and self.asking and panel.handle_key(event.key, event.character):
            event.stop()
            event.prevent_default()

    def on_prompt_panel_answered(self, message: PromptPanel.Answered) -> None:
        message.stop()
        if self._answer is not None and not self._answer.done():
            self._answer.set_result(message.value)

    def on_prompt_panel_cancelled(self, message: PromptPanel.Cancelled) -> None:
        message.stop()
        self.withdraw_question()
