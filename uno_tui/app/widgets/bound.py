"""The base of the table's widgets: each reads the table screen's reactive state.

The table screen holds one reactive :class:`~uno_tui.app.tablestate.TableState`; every
widget is bound to it (``data_bind``) and, when it changes, works out what it shows
into its own reactives. A widget whose part of the table did not change is not drawn
again, which is what keeps the bytes sent to the terminal (and over SSH) small.
"""

from __future__ import annotations

from textual.reactive import reactive
from textual.widget import Widget

from ..tablestate import TableState

__all__ = ["TableWidget"]


class TableWidget(Widget):
    """A widget drawn from the table's state; subclasses implement :meth:`read`."""

    state: reactive[TableState | None] = reactive(None, repaint=False)
    #: Where a variant's widget goes on the table: beside the piles ("piles") or in the
    #: column of statuses next to them ("status").
    TABLE_AREA = "status"

    def watch_state(self, state: TableState | None) -> None:
        if state is not None:
            self.read(state)

    def read(self, state: TableState) -> None:
        """Take what this widget shows from ``state`` (into reactives that repaint)."""
        raise NotImplementedError
