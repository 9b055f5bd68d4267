"""The footer: the keys that apply now, drawn as one line by one widget.

Textual's ``Footer`` composes a widget per key afresh whenever the screen's bindings
change, which at the table is every change of turn: a recompose, a style pass and a
layout for six or so widgets each time, and at launch six more widgets before the first
frame. This footer keeps the keys as a list, draws them itself and redraws only when
the list changes. A click on a key presses it, as in Textual's footer.
"""

from __future__ import annotations

from typing import NamedTuple

from rich.cells import cell_len
from rich.style import Style
from rich.text import Text
from textual import events
from textual.reactive import reactive
from textual.widget import Widget

__all__ = ["KeysFooter", "FooterItem", "footer_items"]


class FooterItem(NamedTuple):
    """One key as the footer shows it."""

    key: str
    display: str
    description: str
    enabled: bool

    @property
    def width(self) -> int:
        """Cells it takes: `` key `` then ``description `` (as Textual's footer lays it)."""
        return (cell_len(self.display) + 2
                + (cell_len(self.description) + 1 if self.description else 0))


def footer_items(screen) -> tuple[FooterItem, ...]:
    """The keys ``screen`` shows in its footer now: one per action, in binding order,
    each described in the app's language."""
    app = screen.app
    tr = app.tr
    items: dict[str, FooterItem] = {}
    for _node, binding, enabled, _tooltip in screen.active_bindings.values():
        if binding.show and binding.action not in items:
            description = tr(binding.description) if binding.description else ""
            items[binding.action] = FooterItem(binding.key, app.get_key_display(binding),
                                               description, bool(enabled))
    return tuple(items.values())


class KeysFooter(Widget, can_focus=False):
    """The keys of the screen's bindings that are shown (``show=True``), kept in step
    with the bindings; a click on a key presses it (a disabled key rings the bell)."""

    ALLOW_SELECT = False
    COMPONENT_CLASSES = {"keys-footer--key", "keys-footer--description", "keys-footer--hover"}

    items: reactive[tuple[FooterItem, ...]] = reactive(())
    #: The item under the mouse, -1 for none.
    hovered: reactive[int] = reactive(-1)

    def on_mount(self) -> None:
        self.screen.bindings_updated_signal.subscribe(self, self._bindings_changed)
        self.items = footer_items(self.screen)

    def refresh_items(self) -> None:
        """Describe the keys again (the app's language changed: the same keys, in its
        words)."""
        if self.is_attached:
            self.items = footer_items(self.screen)

    def on_unmount(self) -> None:
        self.screen.bindings_updated_signal.unsubscribe(self)

    def _bindings_changed(self, screen) -> None:
        if self.is_attached and screen is self.screen:
            self.items = footer_items(screen)    # an unchanged list does not redraw

    def render(self) -> Text:
        key_style = self.get_component_rich_style("keys-footer--key", partial=True)
        description_style = self.get_component_rich_style("keys-footer--description", partial=True)
        # The hover colour is translucent: blended over the footer, only its background.
        hover = Style(bgcolor=self.get_component_rich_style("keys-footer--hover").bgcolor)
        line = Text(no_wrap=True, overflow="crop", end="")
        for number, item in enumerate(self.items):
            extra = hover if number == self.hovered else Style()
            if not item.enabled:
                extra += Style(dim=True)
            line.append(f" {item.display} ", key_style + extra)
            if item.description:
                line.append(f"{item.description} ", description_style + extra)
        return line

    def item_at(self, x: int) -> int | None:
        """The index of the item drawn at column ``x``, or None."""
        left = 0
        for number, item in enumerate(self.items):
            if left <= x < left + item.width:
                return number
            left += item.width
        return None

    def on_mouse_down(self, event: events.MouseDown) -> None:
        number = self.item_at(event.x)
        if number is None:
            return
        event.stop()
        item = self.items[number]
        if item.enabled:
            self.app.simulate_key(item.key)
        else:
            self.app.bell()

    def on_mouse_move(self, event: events.MouseMove) -> None:
        number = self.item_at(event.x)
        self.hovered = -1 if number is None else number

    def on_leave(self) -> None:
        self.hovered = -1
