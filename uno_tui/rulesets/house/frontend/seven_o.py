"""7-0's front end: the log lines of a swap and of the hands passing on, the swap's
headline, and the prompt for whom to swap hands with."""

from __future__ import annotations

from ....app.frontends import FrontEnd
from ....app.prompts.question import Question
from ....app.prompts.registry import PromptContext, player_option
from ....engine import DecisionKind, EventKind, SwapHands
from ....i18n import N_, Phrase

__all__ = ["FRONT_END", "ask_swap"]

#: Hands passing on, by the engine's direction.
_ROTATIONS = {
    "clockwise": N_("Every hand passes on clockwise"),
    "counter-clockwise": N_("Every hand passes on counter-clockwise"),
    None: N_("Every hand passes on in the direction of play"),
    "": N_("Every hand passes on in the direction of play"),
}


def _swap(event, name, target, cards=None):
    return Phrase("{name} swaps hands with {target}", name=name, target=target)


def _rotate(event, name, target, cards):
    message = _ROTATIONS.get(event.detail)
    if message is None:     # a direction this log has no words for: its own name
        return Phrase("Every hand passes on {direction}",
                      direction=event.detail or Phrase("in the direction of play"))
    return Phrase(message)


async def ask_swap(context: PromptContext):
    """The seat to swap hands with, by name and hand size."""
    tr = context.tr
    targets = {a.target: a for a in context.actions if type(a) is SwapHands}
    options = [player_option(context, s, targets[s]) for s in context.others() if s in targets]
    return await context.ask(Question(
        tr("{name}: swap hands with whom?", name=context.name),
        tr("The 7 lets you trade your whole hand with another player."), options,
        about_players=True))


FRONT_END = FrontEnd(
    tellers={EventKind.SWAP: _swap, EventKind.ROTATE: _rotate},
    moments={EventKind.SWAP: _swap},
    prompts={DecisionKind.SWAP: ask_swap},
)
