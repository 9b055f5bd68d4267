"""A plain list of legal actions, for decisions that have no dedicated prompt."""

from __future__ import annotations

import re
from dataclasses import fields
from typing import Callable, Sequence

from ...engine import Action, Face
from ..cardtext import long_label
from .dialog import Dialog, Option

__all__ = ["ActionDialog", "describe_action"]


def describe_action(action: Action, names: Sequence[str], face_of: Callable[[int], Face]) -> str:
    """Words for any action: its kind ("PointAt" → "Point at"), then its card, colour or
    target by name."""
    kind = re.sub(r"(?<=[a-z])(?=[A-Z])", " ", type(action).__name__)
    words = [kind[:1] + kind[1:].lower()]
    for field in fields(action):
        if field.name == "seat":
            continue
        value = getattr(action, field.name)
        if field.name == "card":
            words.append(long_label(face_of(value)))
        elif field.name == "target" and isinstance(value, int) and 0 <= value < len(names):
            words.append(names[value])
        else:
            words.append(str(value))
    return " ".join(words)


class ActionDialog(Dialog[Action]):
    """Choose any of ``actions`` by number, arrows or click."""

    def __init__(self, player: str, question: str, actions: Sequence[Action],
                 names: Sequence[str], face_of: Callable[[int], Face]) -> None:
        super().__init__(f"{player}: {question}", "",
                         [Option(describe_action(a, names, face_of), a) for a in actions])
