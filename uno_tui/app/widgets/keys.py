"""Keys acted on in the order they are typed.

Textual runs a (non-priority) binding only once its key has bubbled from the focused
widget up to the app; a key typed right after it is meanwhile handed to the focused
widget, and overtakes it. In a field where keys are typed quickly (a name: Backspace
then letters; a switch: Right then Tab) the later key then acts first, or on another
field. A widget with :class:`OwnBindingsFirst` runs its own bindings as their key
reaches it, in order with every other key it is given.
"""

from __future__ import annotations

from textual import events

__all__ = ["OwnBindingsFirst"]


class OwnBindingsFirst:
    """Mixin for a focusable widget: its own bindings run when their key reaches it.

    ``TYPES_TEXT``: the widget types printable characters, so only its non-printable
    keys (Backspace, the arrows, Home ...) are taken as bindings here.
    """

    TYPES_TEXT = False

    async def _on_key(self, event: events.Key) -> None:
        bindings = self._bindings.key_to_bindings.get(event.key)
        if bindings and not (self.TYPES_TEXT and event.is_printable):
            for binding in bindings:
                if self.check_action(binding.action.split("(")[0], ()) is False:
                    continue
                event.stop()
                event.prevent_default()
                await self.run_action(binding.action)
                return
        await super()._on_key(event)
