"""``five-swap``'s front end (see :mod:`.outside_house_rule`)."""

from __future__ import annotations

from uno_tui.app.frontends import FrontEnd
from uno_tui.app.prompts import Option, Question
from uno_tui.engine import SwapHands

from .outside_house_rule import PICK, SWAPPED

__all__ = ["FRONT_END"]


def _swapped(event, name, target, cards):
    return f"{name} hands a whole hand to {target} (five swap)"


def _headline(event, name, target):
    return f"Five swap! {name} and {target} trade hands"


async def _ask(context):
    options = [Option(f"Give it to {context.names[a.target]}", a, number=a.target + 1)
               for a in context.actions if type(a) is SwapHands]
    return await context.ask(Question(f"{context.name}: whose hand do you want?",
                                      "The 5 trades hands.", options))


FRONT_END = FrontEnd(
    tellers={SWAPPED: _swapped},
    moments={SWAPPED: _headline},
    prompts={PICK: _ask},
    out_of_turn={"Five in": {"who": "Five in on {card}: who?", "which": "{name}: five in",
                             "none": "{name}: no five", "claims": "{name} claims a five in."}},
)
