"""Actions are immutable values: equal by class and values, hashed as their values, and
the same after pickling or copying (the bots, the server's workers and the saves rely on
it)."""

import copy
import pickle
from dataclasses import FrozenInstanceError

import pytest

from uno_tui.engine import (
    Accept, Action, CallUno, Catch, Challenge, ChooseColor, Draw, JumpIn, Keep, LinkPlayers,
    Play, PointAt, SwapHands, TakePile, action_to_json,
)

EVERY_KIND = [
    Play(2, 17), Draw(1), Keep(0), ChooseColor(3, "red"), Challenge(1), Accept(2),
    CallUno(0), Catch(1, 3), SwapHands(2, 0), JumpIn(3, 40), PointAt(0, 2), TakePile(1),
    LinkPlayers(1, 4, 2),
]


@pytest.mark.parametrize("action", EVERY_KIND, ids=lambda a: type(a).__name__)
def test_an_action_is_a_frozen_value(action):
    values = tuple(getattr(action, name) for name in action.fields)
    assert action.fields[0] == "seat"
    twin = type(action)(*values)
    assert twin == action and twin is not action
    # Hashed as the tuple of its values, as the dataclasses it replaces were: sets and
    # dicts of actions keep their order, so the computers play as before.
    assert hash(action) == hash(values)
    assert pickle.loads(pickle.dumps(action)) == action
    assert copy.copy(action) == action and copy.deepcopy(action) == action
    assert repr(action) == f"{type(action).__name__}(" + ", ".join(
        f"{name}={value!r}" for name, value in zip(action.fields, values)) + ")"
    with pytest.raises(FrozenInstanceError):
        action.seat = 5
    with pytest.raises(FrozenInstanceError):
        del action.seat
    with pytest.raises(AttributeError):
        action.extra = 1        # no instance dict: slots only
    assert action_to_json(action) == {"action": type(action).__name__,
                                      **dict(zip(action.fields, values))}


def test_actions_of_other_kinds_or_values_differ():
    assert Play(0, 5) != JumpIn(0, 5)
    assert Catch(0, 1) != PointAt(0, 1) != SwapHands(0, 1)
    assert Play(0, 5) != Play(0, 6) != Play(1, 6)
    assert Draw(0) != Keep(0)
    assert Play(0, 5) != (0, 5)
    assert len({Play(0, 5), Play(0, 5), JumpIn(0, 5)}) == 2


def test_the_fields_of_each_kind():
    assert Action.fields == ("seat",)
    assert Draw.fields == ("seat",)
    assert Play.fields == JumpIn.fields == ("seat", "card")
    assert Catch.fields == PointAt.fields == SwapHands.fields == ("seat", "target")
    assert ChooseColor.fields == ("seat", "color")
    assert LinkPlayers.fields == ("seat", "first", "second")


def test_a_link_is_stored_lowest_seat_first():
    link = LinkPlayers(1, 4, 2)
    assert (link.first, link.second) == (2, 4)
    assert link == LinkPlayers(1, 2, 4)
    assert pickle.loads(pickle.dumps(link)) == link


def test_a_constructor_takes_exactly_its_values():
    with pytest.raises(TypeError):
        Play(0)
    with pytest.raises(TypeError):
        Draw(0, 1)
    assert Play(seat=1, card=2) == Play(1, 2)
