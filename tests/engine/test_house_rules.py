"""Scenario tests for RULES.md §6, the house-rule options (off by default)."""

import pytest

from uno_tui.engine import (
    Accept, Challenge, ChooseColor, ConfigError, Decision, Draw, EventKind as E, Game,
    HOUSE_RULES, JumpIn, Keep, Play, SwapHands,
)

from .support import assert_illegal, card, hand, kinds, of_kind, play, plays


def test_house_rule_names_and_unknown_rule():
    """RULES §6: the options as named on the command line; anything else is refused."""
    assert set(HOUSE_RULES) == {"stacking", "7-0", "jump-in", "forced-play", "draw-to-match",
                                "no-bluffing", "stack-any", "multi-play", "no-action-finish",
                                "deflect", "draw-and-pass", "catch-window"}
    with pytest.raises(ConfigError, match="unknown house rule 'stackin'"):
        Game("classic", 4, seed=1, rules=["stackin"])


# ---------------------------------------------------------------- stacking

def _stack_game(hands, draw=("B1", "B2", "B3", "B4", "B5", "B6", "B7", "B8")):
    return Game.from_position(hands=hands, top="R5", draw=list(draw), rules=["stacking"])


def test_stacking_draw_two_on_draw_two_first_who_cannot_add_draws_total():
    """RULES §6 stacking: +2 on +2; the first player who can't add draws the total."""
    game = _stack_game([["R+2", "R1", "R4"], ["B+2", "G3", "G4"], ["Y4", "Y5"]])
    play(game, 0, "R+2")
    assert game.decision == Decision("respond", 1)
    assert game.view(1).pending_draw == 2
    assert set(game.legal_actions(1)) == {Accept(1), Play(1, card(game, 1, "B+2"))}
    events = play(game, 1, "B+2")
    assert [(e.seat, e.count) for e in of_kind(events, E.DRAW)] == [(2, 4)]
    assert len(game.hands[2]) == 6 and game.pending_draw == 0
    assert game.decision == Decision("turn", 0)


def test_stacking_player_who_can_add_may_accept_the_total():
    """RULES §6 stacking: adding is a choice; accepting draws what has piled up."""
    game = _stack_game([["R+2", "R1", "R4"], ["B+2", "G3", "G4"], ["G+2", "Y5", "Y6"]])
    play(game, 0, "R+2")
    play(game, 1, "B+2")
    assert game.decision == Decision("respond", 2) and game.view(2).pending_draw == 4
    game.apply(Accept(2))
    assert len(game.hands[2]) == 7 and game.decision == Decision("turn", 0)


def test_stacking_wild_draw_four_on_wild_draw_four():
    """RULES §6 stacking: +4 on +4, the total goes to the first who can't add."""
    game = _stack_game([["W+4", "G1", "G2"], ["W+4", "G3", "G4"], ["Y4", "Y5"]])
    play(game, 0, "W+4")
    game.apply(ChooseColor(0, "blue"))
    assert Play(1, card(game, 1, "W+4")) in game.legal_actions(1)
    play(game, 1, "W+4")
    events = game.apply(ChooseColor(1, "green"))
    assert [(e.seat, e.count) for e in of_kind(events, E.DRAW)] == [(2, 8)]
    assert game.color == "green" and game.decision == Decision("turn", 0)


def test_stacking_only_same_kind():
    """RULES §6 stacking: +2 on +2 and +4 on +4, not one on the other."""
    game = _stack_game([["R+2", "R1", "R4"], ["W+4", "G3", "G4"], ["Y4", "Y5"]])
    play(game, 0, "R+2")
    assert len(game.hands[1]) == 5 and game.decision == Decision("turn", 2)
    game = _stack_game([["W+4", "G1", "G2"], ["B+2", "G3", "G4"], ["Y4", "Y5"]])
    play(game, 0, "W+4")
    game.apply(ChooseColor(0, "blue"))
    assert game.decision == Decision("respond", 1)
    assert not any(type(a) is Play for a in game.legal_actions(1))


# -------------------------------------------------------------------- 7-0

def test_seven_swaps_hands_with_chosen_player():
    """RULES §6 7-0: a 7 swaps hands with a chosen player."""
    game = Game.from_position(hands=[["R7", "B1", "B2"], ["G1", "G2"], ["Y1", "Y2", "Y3", "Y4"]],
                              top="R5", rules=["7-0"])
    play(game, 0, "R7")
    assert game.decision == Decision("swap", 0)
    assert set(game.legal_actions(0)) == {SwapHands(0, 1), SwapHands(0, 2)}
    events = game.apply(SwapHands(0, 2))
    assert events[0].kind == E.SWAP and events[0].target == 2
    assert hand(game, 0) == ["Y1", "Y2", "Y3", "Y4"]
    assert hand(game, 2) == ["B1", "B2"]
    assert hand(game, 1) == ["G1", "G2"]
    assert game.decision == Decision("turn", 1)


def test_a_swap_into_one_card_cannot_be_caught():
    """RULES §6 7-0 (decision): hands that change by a swap were not played down to one
    card, so a player left holding one card counts as having called UNO."""
    game = Game.from_position(hands=[["R7", "B1"], ["G1"], ["Y1", "Y2", "Y3"]],
                              top="R5", rules=["7-0"])
    play(game, 0, "R7")
    assert game.uno_window == 0
    game.apply(SwapHands(0, 1))
    assert hand(game, 0) == ["G1"] and hand(game, 1) == ["B1"]
    assert game.uno_window is None
    assert game.called == {0, 1}
    assert not [a for s in range(3) for a in game.legal_actions(s) if type(a).__name__ == "Catch"]
    assert all(info.called_uno for info in game.view(2).seats[:2])


def test_zero_rotates_all_hands_in_direction_of_play():
    """RULES §6 7-0: a 0 rotates all hands in the direction of play."""
    hands = [["R0", "B1", "B2"], ["G1", "G2"], ["Y1", "Y2", "Y3"], ["R8", "R9"]]
    game = Game.from_position(hands=hands, top="R5", rules=["7-0"])
    events = play(game, 0, "R0")
    assert E.ROTATE in kinds(events)
    assert [hand(game, s) for s in range(4)] == [["R8", "R9"], ["B1", "B2"], ["G1", "G2"],
                                                 ["Y1", "Y2", "Y3"]]
    assert game.decision == Decision("turn", 1)
    # Counter-clockwise: hands pass the other way.
    game = Game.from_position(hands=hands, top="R5", rules=["7-0"], direction=-1)
    play(game, 0, "R0")
    assert [hand(game, s) for s in range(4)] == [["G1", "G2"], ["Y1", "Y2", "Y3"],
                                                 ["R8", "R9"], ["B1", "B2"]]
    assert game.decision == Decision("turn", 3)


def test_seven_and_zero_are_plain_numbers_without_the_rule():
    """RULES §6: options are off by default."""
    game = Game.from_position(hands=[["R7", "R0", "B2"], ["G1", "G2"], ["Y1", "Y2"]], top="R5")
    play(game, 0, "R7")
    assert game.decision == Decision("turn", 1) and hand(game, 1) == ["G1", "G2"]
    assert_illegal(game, SwapHands(0, 1))


# ---------------------------------------------------------------- jump-in

def _jump_game(rules=("jump-in",), top="R5", seat2=("R5", "B5", "R6"), color=None):
    return Game.from_position(
        hands=[["R1", "R2", "G3"], ["G1", "G2"], list(seat2), ["Y1", "Y2"]],
        top=top, color=color, rules=list(rules))


def test_jump_in_identical_colour_and_number_only():
    """RULES §6 jump-in: a card identical in colour and symbol, played out of turn."""
    game = _jump_game()
    jumps = [a for a in game.legal_actions(2) if type(a) is JumpIn]
    assert jumps == [JumpIn(2, card(game, 2, "R5"))]
    assert_illegal(game, JumpIn(2, card(game, 2, "B5")), "identical")
    assert not any(type(a) is JumpIn for a in game.legal_actions(1))


def test_jump_in_play_continues_after_the_jumper():
    """RULES §6 jump-in: play continues from the player after the jumper."""
    game = _jump_game()
    events = game.apply(JumpIn(2, card(game, 2, "R5")))
    assert kinds(events)[:2] == [E.JUMP_IN, E.PLAY]
    assert game.top.code == "R5" and hand(game, 2) == ["B5", "R6"]
    assert game.decision == Decision("turn", 3)


def test_jump_in_with_action_card_takes_effect_from_the_jumper():
    """RULES §6 jump-in: identical symbol cards too; the card works from the jumper."""
    game = _jump_game(top="BS", seat2=("BS", "B9", "R6"))
    game.apply(JumpIn(2, card(game, 2, "BS")))
    assert game.decision == Decision("turn", 0)   # seat 3 skipped


def test_jump_in_not_with_wilds():
    """RULES §6 jump-in: not wilds."""
    game = _jump_game(top="W", color="red", seat2=("W", "R5", "B1"))
    assert not any(type(a) is JumpIn for s in range(4) for a in game.legal_actions(s))


def test_jump_in_off_by_default():
    """RULES §6: options are off by default."""
    game = _jump_game(rules=())
    assert not any(type(a) is JumpIn for s in range(4) for a in game.legal_actions(s))
    assert_illegal(game, JumpIn(2, card(game, 2, "R5")), "not allowed")


# ------------------------------------------------------------- forced play

def test_forced_play_playable_drawn_card_must_be_played():
    """RULES §6 forced play: a playable drawn card is played."""
    game = Game.from_position(hands=[["B1", "B2"], ["G1", "G2"]], top="R5", draw=["R9"],
                              rules=["forced-play"])
    game.apply(Draw(0))
    drawn = card(game, 0, "R9")
    assert game.legal_actions(0) == [Play(0, drawn)]
    assert_illegal(game, Keep(0))
    game.apply(Play(0, drawn))
    assert game.top.code == "R9"


def test_forced_play_unplayable_drawn_card_is_kept():
    """RULES §6 forced play: only a playable drawn card is forced."""
    game = Game.from_position(hands=[["B1", "B2"], ["G1", "G2"]], top="R5", draw=["Y9"],
                              rules=["forced-play"])
    game.apply(Draw(0))
    assert game.decision == Decision("turn", 1)


# ----------------------------------------------------------- draw to match

def test_draw_to_match_keeps_drawing_until_playable():
    """RULES §6 draw to match: keep drawing until a playable card is drawn."""
    game = Game.from_position(hands=[["B1", "B2"], ["G1", "G2"]], top="R5",
                              draw=["Y1", "G7", "B8", "R9", "Y2"], rules=["draw-to-match"])
    events = game.apply(Draw(0))
    assert sum(e.count for e in of_kind(events, E.DRAW)) == 4
    assert hand(game, 0) == ["B1", "B2", "B8", "G7", "R9", "Y1"]
    assert game.decision == Decision("drawn", 0)
    assert set(game.legal_actions(0)) == {Play(0, card(game, 0, "R9")), Keep(0)}


def test_draw_to_match_stops_when_nothing_is_left():
    """RULES §6 draw to match, with RULES §1's exhausted piles: draw what exists."""
    game = Game.from_position(hands=[["B1", "B2"], ["G1", "G2"]], top="R5",
                              draw=["Y1", "G7"], leftover="out", rules=["draw-to-match"])
    game.apply(Draw(0))
    assert hand(game, 0) == ["B1", "B2", "G7", "Y1"]
    assert game.decision == Decision("turn", 1)


def test_draw_to_match_with_forced_play():
    """RULES §6: the two options combine: draw until playable, then play it."""
    game = Game.from_position(hands=[["B1", "B2"], ["G1", "G2"]], top="R5",
                              draw=["Y1", "W"], rules=["draw-to-match", "forced-play"])
    game.apply(Draw(0))
    assert game.legal_actions(0) == [Play(0, card(game, 0, "W"))]


# ------------------------------------------------------------- no bluffing

def test_no_bluffing_wild_draw_four_not_offered_when_holding_the_colour():
    """RULES §6 no bluffing: a WD4 can only be played legally."""
    game = Game.from_position(hands=[["W+4", "R1", "B2"], ["G1"]], top="R5",
                              rules=["no-bluffing"])
    assert plays(game, 0) == ["R1"]
    assert_illegal(game, Play(0, card(game, 0, "W+4")), "no Red card")
    game = Game.from_position(hands=[["W+4", "B1", "B2"], ["G1"]], top="R5",
                              rules=["no-bluffing"])
    assert plays(game, 0) == ["W+4"]


def test_no_bluffing_wild_draw_four_cannot_be_challenged():
    """RULES §6 no bluffing: wild draw cards can't be challenged: the next player draws."""
    game = Game.from_position(hands=[["W+4", "B1", "B2"], ["G1", "G2"], ["Y1", "Y2"]],
                              top="R5", draw=["Y3", "Y4", "Y5", "Y6"], rules=["no-bluffing"])
    play(game, 0, "W+4")
    events = game.apply(ChooseColor(0, "blue"))
    assert not any(type(a) is Challenge for a in game.legal_actions(1))
    assert [(e.seat, e.count) for e in of_kind(events, E.DRAW)] == [(1, 4)]
    assert game.decision == Decision("turn", 2)


def test_house_rules_combine_on_one_table():
    """RULES §6: every option at once (but draw-and-pass, which forced-play excludes) still
    plays by the rules above."""
    rules = [r for r in HOUSE_RULES if r != "draw-and-pass"]
    game = Game("classic", 5, seed=11, rules=rules)
    assert game.rules == frozenset(rules)
    assert game.legal_actions(game.decision.seat)
