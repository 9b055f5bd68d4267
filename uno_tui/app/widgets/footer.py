"""The footer of the keys that apply now, without Textual's footer leak.

Textual's ``Footer`` composes its keys afresh whenever the bindings change, and each
new key binds itself to the footer's ``compact`` reactive. The footer forgets the keys
it has removed only when ``compact`` changes, which in this app it never does: a
table's footer kept every key it ever showed (about 1 MB a round of a long
all-computer match). Setting ``compact`` again after each recompose drops them.
"""

from __future__ import annotations

from textual.widgets import Footer as _TextualFooter

__all__ = ["Footer"]


class Footer(_TextualFooter):
    """Textual's footer, which lets go of the keys it no longer shows."""

    async def recompose(self) -> None:
        await super().recompose()
        # _check_watchers prunes the watchers of closed keys when the value is set.
        self.mutate_reactive(_TextualFooter.compact)

    def bindings_changed(self, screen) -> None:
        # Textual recomposes after the next refresh, which costs the screen a second
        # pass; recomposing next joins the pass of the change that moved the keys.
        self._bindings_ready = True
        if not screen.app.app_focus:
            return
        if self.is_attached and screen is self.screen:
            self.call_next(self.recompose)
