"""Worlds weighed by the opponents' open choices (``Choice``, ``HandBeliefs.likelihood``
and the hard bot's ``_weighed_deal``, a trial its ``_DEALS_PER_WORLD`` turns on): a world
in which the normal heuristics would have made the choice a seat made is kept more often
than one in which they would not."""

from __future__ import annotations

import random

from uno_tui.bots.belief import OFF_HEURISTIC, Belief
from uno_tui.bots.hard import HardBot
from uno_tui.engine import ChooseColor, Face, Game
from uno_tui.engine.determinize import sample_state
from uno_tui.engine.variants import get_variant

from .test_belief import follow, play, started

CLASSIC = get_variant("classic")


def faces(*codes: str) -> list[Face]:
    return [Face.parse(code) for code in codes]


def switched_to_blue() -> tuple[Game, Belief]:
    """Heads-up, red in force on a Red 5: seat 1 plays Blue 5 (it holds more blue than
    red: B5 B3 B7 G2 R8), so the normal heuristics leave blue in force. Seat 0 watches."""
    game = Game.from_position(hands=[["R1", "G7", "Y7", "B2", "Y9"], ["B5", "B3", "B7", "G2", "R8"]],
                              top="R5", current=1)
    belief = started(game)
    play(game, belief, 1, "B5")
    return game, belief


def rebuilt(belief: Belief, seat: int, hand_now: list[Face]) -> dict:
    """``entries`` as a deal gives them: ``hand_now`` dealt to ``seat``'s slots."""
    slots = belief.snapshot().seats[seat].slots[-len(hand_now):]
    return {seat: list(zip(slots, hand_now))}


def test_a_colour_switch_is_explained_by_holding_more_of_the_new_colour():
    game, belief = switched_to_blue()
    beliefs = belief.snapshot()
    (choice,) = beliefs.seats[1].choices
    assert choice.picked == Face.parse("B5") and choice.size == 5 and choice.color == "red"
    # With two more blues than reds the heuristics play Blue 5, as seat 1 did.
    likely = rebuilt(belief, 1, faces("B3", "B7", "G2", "R8"))
    assert beliefs.likelihood(likely, CLASSIC) == 1.0
    # Holding three reds, the heuristics would have stayed in red (R8): less likely.
    unlikely = rebuilt(belief, 1, faces("R3", "R7", "G2", "R8"))
    assert beliefs.likelihood(unlikely, CLASSIC) == OFF_HEURISTIC
    assert beliefs.likelihood(unlikely, CLASSIC, floor=0.5) == 0.5


def test_a_named_colour_is_explained_by_holding_most_of_it():
    game = Game.from_position(hands=[["R1", "G7", "Y7", "B2", "Y9"], ["W", "G3", "G4", "Y2", "R8"]],
                              top="R5", current=1)
    belief = started(game)
    play(game, belief, 1, "W")
    follow(game, belief, ChooseColor(1, "green"))
    beliefs = belief.snapshot()
    assert [c.kind for c in beliefs.seats[1].choices] == ["turn", "color"]
    # The Wild says nothing fitted red or a 5; green named says green is held most.
    assert beliefs.likelihood(rebuilt(belief, 1, faces("G3", "G4", "Y2", "B8")), CLASSIC) == 1.0
    assert beliefs.likelihood(rebuilt(belief, 1, faces("G3", "Y4", "Y2", "B8")), CLASSIC) \
        == OFF_HEURISTIC


def test_the_hand_of_an_older_choice_is_rebuilt_from_the_faces_shed_since():
    game, belief = switched_to_blue()
    play(game, belief, 0, "B2")
    play(game, belief, 1, "B3")       # blue on blue: its hand then was B3 B7 G2 R8
    beliefs = belief.snapshot()
    first, second = beliefs.seats[1].choices
    assert (first.size, second.size) == (5, 4)
    assert [face for _, face in beliefs.seats[1].sheds] == faces("B5", "B3")
    # Now it holds three cards; with two reds among them, 5 cards back it held R R B B
    # and a fifth card: playing Blue 5 then still fits (a tie of blue and red).
    assert beliefs.likelihood(rebuilt(belief, 1, faces("R7", "R8", "G2")), CLASSIC) == 1.0
    # Three reds: then it held three reds and two blues, and would have stayed in red.
    assert beliefs.likelihood(rebuilt(belief, 1, faces("R7", "R8", "R4")), CLASSIC) \
        == OFF_HEURISTIC


def blue_over_red(world: dict, seat: int) -> bool:
    deck = get_variant("classic").build_deck()
    hand = [deck[cid].light for cid in world["hands"][seat]]
    return sum(f.color == "blue" for f in hand) + 1 >= sum(f.color == "red" for f in hand)


def test_the_hard_bot_keeps_more_worlds_that_explain_the_switch():
    game = Game.from_position(hands=[["R1", "G7", "Y7", "B2", "Y9"],
                                     ["B5", "B3", "B7", "G2", "R8", "B1", "Y4", "G6"]],
                              top="R5", current=1)
    belief = started(game)
    play(game, belief, 1, "B5")
    view, beliefs = game.view(0), belief.snapshot()
    plain_rng = random.Random(3)
    plain = [sample_state(view, plain_rng, forced_draws=True, deal_hidden=beliefs.deal)
             for _ in range(400)]
    bot = HardBot(0, random.Random(3))
    weighed = [bot._weighed_deal(view, beliefs, 4) for _ in range(400)]
    plain_misfits = sum(not blue_over_red(w, 1) for w in plain)
    weighed_misfits = sum(not blue_over_red(w, 1) for w in weighed)
    # Dealt from the belief alone (one blue card for the colour left in force) about one
    # world in seven holds more red than blue; weighed, under half as many.
    assert plain_misfits > 25
    assert weighed_misfits < plain_misfits / 2, (plain_misfits, weighed_misfits)


def test_a_flip_of_sides_or_an_unseen_shed_forgets_the_choices():
    game, belief = switched_to_blue()
    seat = belief.snapshot().seats[1]
    assert seat.choices and not seat.forget().choices
    assert not seat.shed(0, None, 99).choices


def test_by_default_the_hard_bot_deals_from_the_belief_alone():
    """The weighing is a trial (``_DEALS_PER_WORLD`` 1): the bot's worlds are then the
    belief's own deals, draw for draw."""
    game, belief = switched_to_blue()
    view, beliefs = game.view(0), belief.snapshot()
    assert beliefs.seats[1].choices
    bot = HardBot(0, random.Random(5))
    plain = random.Random(5)
    for _ in range(5):
        assert bot._sample(view, beliefs) == sample_state(view, plain, forced_draws=True,
                                                          deal_hidden=beliefs.deal)
