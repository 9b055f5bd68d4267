"""Input reaches a screen only when that screen can take it.

A key travels: the app forwards it to the screen on top (or its focused widget), the
screen's queue gets to it, it bubbles back up to the app, which then runs the bindings
of whatever screen is on top *now*. Typed fast (a key burst, a double Enter), keys
overtook the screens they were meant for: a key forwarded to a screen that had closed
meanwhile ran the bindings of the next one, and a key that came as a screen was pushed
reached it before it had mounted or made its widgets (``NoMatches`` in the help
screen's ``on_mount`` and ``action_tab``, the setup screen's ``#variant``, the hand's
``ChipGrid``). :class:`InputGate` settles the whole class in one place:

- while the screen on top is not ready (not mounted yet, closing, or closed), input is
  held, in order, and handed on once it is (at most ``HELD_LIMIT`` events: the rest of
  a flood is dropped);
- a key whose screen is no longer on top when it comes back up to the app (no widget
  there took it) is held and handed to the screen on top now, once that is ready,
  instead of running bindings while the screens change.

The other half of the class is not input: a screen put up and taken down again at
once (the help screen pushed by a key, then the server switching to the table, or
closing every dialog, before the help screen had mounted). Textual still composes and
mounts a node removed before its message loop started, and its ``on_mount`` then finds
its widgets gone (``NoMatches`` in the help screen's ``on_mount``, "No Tab with id" in
its tabs). :func:`skip_mounting_removed_nodes`, applied at import, lets a node that is
being removed skip its Compose and Mount, and its Resize: a resize queued before the
removal began reached the table screen once its piles were gone (``NoMatches`` in
``_fit_to_terminal``, a terminal resized as a session closed).
"""

from __future__ import annotations

import weakref

from textual import events
from textual.message_pump import MessagePump

__all__ = ["InputGate", "HELD_LIMIT", "skip_mounting_removed_nodes"]

#: Input events held at most while a screen gets ready; beyond, they are dropped.
HELD_LIMIT = 64
#: Seconds between two looks at a screen that is not ready yet.
_RETRY = 0.01
#: What a node being removed no longer handles: it has nothing left to put up or fit.
_NOT_WHILE_REMOVED = (events.Compose, events.Mount, events.Resize)
#: What is held: what a person does (mouse moves and scrolls only show where they are).
_HELD = (events.Key, events.MouseDown, events.MouseUp, events.Click, events.Paste)


class InputGate:
    """A mixin for the App (before ``App`` in the bases)."""

    _held_input: list | None = None
    #: Input events dropped because too many were held (for tests and the curious).
    dropped_input = 0

    def _screen_ready(self) -> bool:
        try:
            screen = self.screen
        except Exception:       # no screen yet, or the app is closing
            return False
        return screen.is_mounted and not screen._closing and not screen._closed

    def _focus_may_be_coming(self) -> bool:
        """True the first time input finds the (ready) screen on top with nothing
        focused but something to focus: the focus its on_mount gave a field
        (Widget.focus is done later, from the app's queue) may still be behind a key
        that came as the screen mounted, and that key reached no field ("dave" typed as
        the name dialog opened was lost). Input then waits one turn of the queue."""
        screen = self.screen
        if screen.focused is not None:
            return False
        settled = self.__dict__.setdefault("_gate_settled", weakref.WeakSet())
        if screen in settled:
            return False
        settled.add(screen)
        return bool(screen.focus_chain)

    async def on_event(self, event: events.Event) -> None:
        if isinstance(event, _HELD) and not event.is_forwarded:
            held = self._held_input
            if held or not self._screen_ready():
                self._hold(event)
                return
            if self._focus_may_be_coming():
                self._hold(event, soon=True)
                return
            # The screen it reaches: its bindings, and no other's, may answer it.
            event._gate_screen = self.screen
        await super().on_event(event)

    def _hold(self, event: events.Event, soon: bool = False) -> None:
        """Hold ``event``; the held input is handed on when the screen is ready (looked
        at again every _RETRY), or with ``soon`` once the app's queue has had its turn."""
        if self._held_input is None:
            self._held_input = []
        held = self._held_input
        if len(held) >= HELD_LIMIT:
            self.dropped_input += 1
            return
        held.append(event)
        if len(held) == 1:
            if soon:
                self.call_later(self._hand_on)
            else:
                self.set_timer(_RETRY, self._hand_on)

    def _hand_on(self) -> None:
        """Hand the held input on, in order, once the screen on top is ready."""
        held = self._held_input
        if not held or self._closing or self._closed:
            return
        if not self._screen_ready():
            self.set_timer(_RETRY, self._hand_on)
            return
        self._held_input = []
        for event in held:
            self.post_message(event)

    async def _on_key(self, event: events.Key) -> None:
        screen = getattr(event, "_gate_screen", None)
        if screen is not None and (screen is not self.screen or not self._screen_ready()):
            # The screen it reached has closed or been replaced since (the key ran no
            # binding there): it goes to the screen on top now, once that is ready,
            # as typed-ahead keys do in a terminal. Not the old screen's bindings, nor
            # the new one's before it has its widgets.
            event.prevent_default()
            event.stop()
            self._hold(events.Key(event.key, event.character))


def skip_mounting_removed_nodes() -> None:
    """Make every Textual node skip its Compose, Mount and Resize once it is being
    removed (``_pruning``, set on it and all its children the moment their removal
    starts), or once its app is exiting (a signal during the launch: the table screen's
    ``on_mount`` mounted its prompt panel into an app that had begun to exit, and
    Textual refused with ``MountError``): there is nothing left to put up or fit, and
    its handlers would look for widgets already gone. Applied once; a node that is not
    going mounts and resizes as before."""
    if getattr(MessagePump._dispatch_message, "skips_removed", False):
        return
    dispatch = MessagePump._dispatch_message

    async def _dispatch_message(self, message) -> None:
        if isinstance(message, _NOT_WHILE_REMOVED) and _going(self):
            return
        await dispatch(self, message)

    _dispatch_message.skips_removed = True
    MessagePump._dispatch_message = _dispatch_message


def _going(node: MessagePump) -> bool:
    """True when ``node`` is being removed, or is a part of an app that is exiting."""
    if getattr(node, "_pruning", False):
        return True
    try:
        app = node.app
    except Exception:           # no active app: nothing of ours to decide
        return False
    return node is not app and app._exit


skip_mounting_removed_nodes()
