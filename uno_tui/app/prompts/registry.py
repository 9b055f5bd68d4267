"""Decision kinds to prompts: the one registry a rule set adds its prompts to.

A prompter is an ``async`` function of a :class:`PromptContext` that asks the
person whatever it needs (one question or several, e.g. Wild Drawn Together's
two players one after the other) through ``context.ask`` and returns the action
to apply, or None when the person backed out. A decision kind nobody registered
(a new rule set's) still gets a prompt: the generic list of its legal actions.

Prompters read the view (``view.context``, ``view.extras``) for what happened;
they never re-derive the rules.
"""

from __future__ import annotations

import re
from typing import Awaitable, Callable, Iterable, NamedTuple, Sequence

from ...engine import Action, Event, Face, GameView
from ...engine.view import HandCard
from ...i18n import Translator, translator
from .. import frontends
from ..cardtext import long_label
from .question import Option, Question

__all__ = ["PromptContext", "Prompter", "PROMPTS", "register", "prompter_for", "player_option",
           "ask_from_list", "describe_action", "distinct_faces"]


class PromptContext(NamedTuple):
    """What a prompter knows: who is asked, what they may see and do, how to ask (a
    named tuple: a frozen dataclass took ~0.6 ms of every launch to make)."""

    seat: int
    names: tuple[str, ...]
    view: GameView
    #: The seat's legal actions for this decision (window actions left out).
    actions: tuple[Action, ...]
    #: The events of the last action applied, as this seat may see them.
    events: tuple[Event, ...]
    #: The face of any card id the seat may see.
    face_of: Callable[[int], Face]
    #: Show a question inline and wait for its answer (None: backed out).
    ask: Callable[[Question], Awaitable[object]]
    #: What the decision asks for, in the engine's words ("pick two players to link").
    verb: str = "decide"
    #: The words of the person asked (the app's translator).
    tr: Translator = translator()

    @property
    def name(self) -> str:
        """The name of the person asked."""
        return self.names[self.seat]

    def others(self) -> list[int]:
        """Every other seat, in seat order: a list of players to pick from reads by the
        seats' numbers, whichever way play goes (in turn order it ran backwards after a
        Reverse, and each list of a decision started somewhere else)."""
        return [seat for seat in range(self.view.players) if seat != self.seat]


def player_option(context: "PromptContext", seat: int, value: object) -> Option:
    """A player to pick, by name and hand size, keeping their seat's number:
    ``3 CPU 2 (5 cards)`` (a swap, a vote: who holds how many matters)."""
    tr = context.tr
    cards = tr.plural("{count} card", "{count} cards", context.view.seats[seat].card_count)
    return Option(tr("{name} ({cards})", name=context.names[seat], cards=cards), value,
                  number=seat + 1)


def distinct_faces(cards: Iterable[HandCard]) -> list[HandCard]:
    """The first card of each face: two copies of a card play alike, and a person sees
    only the face (not, in Flip, the other side), so one option stands for both."""
    seen: set[Face] = set()
    out = []
    for card in cards:
        if card.face not in seen:
            seen.add(card.face)
            out.append(card)
    return out


Prompter = Callable[[PromptContext], Awaitable[Action | None]]

#: Prompters by decision kind; a rule set's prompt module adds its kinds with :func:`register`.
PROMPTS: dict[str, Prompter] = {}


def register(kind: str) -> Callable[[Prompter], Prompter]:
    """Decorator: ``prompter`` asks for decisions of ``kind``."""
    def add(prompter: Prompter) -> Prompter:
        PROMPTS[kind] = prompter
        return prompter
    return add


def prompter_for(kind: str, rules: Iterable[str] = ()) -> Prompter:
    """The prompter for ``kind``: its own (or its rule set's front end's), or the generic
    list of legal actions; as the house rules ``rules`` in play change it (their front
    ends' ``prompt_wraps``)."""
    prompter = PROMPTS.get(kind) or frontends.prompter(kind) or ask_from_list
    for wrap in frontends.prompt_wraps(kind, rules):
        prompter = wrap(prompter)
    return prompter


def describe_action(action: Action, names: Sequence[str], face_of: Callable[[int], Face]) -> str:
    """Words for any action: its kind ("PointAt" → "Point at"), then its card, colour or
    players by name."""
    kind = re.sub(r"(?<=[a-z])(?=[A-Z])", " ", type(action).__name__)
    words = [kind[:1] + kind[1:].lower()]
    for name in action.fields:
        if name == "seat":
            continue
        value = getattr(action, name)
        if name == "card":
            words.append(long_label(face_of(value)))
        elif isinstance(value, int) and not isinstance(value, bool) and 0 <= value < len(names):
            words.append(names[value])
        else:
            words.append(str(value))
    return " ".join(words)


async def ask_from_list(context: PromptContext) -> Action | None:
    """Any decision: the list of its legal actions, in words."""
    options = [Option(describe_action(action, context.names, context.face_of), action)
               for action in context.actions]
    question = Question(context.tr("{name}: {decision}", name=context.name,
                                   decision=context.tr(context.verb)), "", options)
    return await context.ask(question)
