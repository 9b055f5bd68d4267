"""The hot-seat flow as plain code: who has the keyboard, when it is handed on, what shows."""

from __future__ import annotations

import pytest

from uno_tui.app.hotseat import Ask, Away, Computers, Handoff, HotSeat, RoundOver
from uno_tui.engine import Draw, Play

from .helpers import rigged


def after_computers(flow):
    """The next step once the computers have done all they want to (as the table does)."""
    for _ in range(20):
        step = flow.next_step()
        if step != Computers():
            return step
        flow.ctl.bot_step()
    raise AssertionError("the computers never stopped")


def two_people_and_a_computer(**position):
    ctl = rigged("Ann,cpu,Bob", **position)
    return ctl, HotSeat(ctl)


def test_one_person_keeps_the_keyboard_and_never_gets_a_handoff():
    ctl = rigged("Ann,cpu", hands=[["R1", "R2"], ["G1", "G2"]], top="R3")
    flow = HotSeat(ctl)
    assert not flow.shared and flow.viewer == 0
    assert flow.next_step() == Ask(0, "turn")
    ctl.apply(Play(0, ctl.game.hands[0][0]))
    assert flow.next_step() == Computers()
    assert flow.viewer == 0                  # nobody else at the keyboard: the hand stays


def test_people_sharing_a_keyboard_get_a_handoff_and_hands_hide_for_computers():
    ctl, flow = two_people_and_a_computer(hands=[["R1", "R2"], ["R4", "G2"], ["B1", "B2"]],
                                          top="R3")
    step = flow.next_step()
    assert step == Handoff(0, "Ann is to play a card or draw.")
    assert flow.viewer is None
    flow.handed(0)
    assert flow.viewer == 0 and flow.next_step() == Ask(0, "turn")
    ctl.apply(Play(0, ctl.game.hands[0][0]))
    assert flow.next_step() == Computers() and flow.viewer is None
    assert after_computers(flow) == Handoff(2, "Bob is to play a card or draw.")


def test_no_handoff_when_the_same_person_acts_again_with_only_computers_between():
    ctl = rigged("Ann,cpu,Bob", hands=[["R1", "R2", "R7"], ["R4", "G2"], ["B1", "B2"]],
                 top="R3", current=1)
    # Reverse order of play so that after CPU 1 comes Ann again.
    game = ctl.game
    game.direction = -1
    flow = HotSeat(ctl)
    flow.handed(0)
    assert flow.next_step() == Computers() and flow.viewer is None
    assert after_computers(flow) == Ask(0, "turn") and flow.viewer == 0
    assert game.decision.seat == 0


def test_a_terminal_holds_only_its_seats_and_waits_for_the_others():
    ctl = rigged("Ann,cpu,Bob", hands=[["R1", "R2"], ["G1", "G2"], ["B1", "B2"]], top="R3",
                 current=2)
    flow = HotSeat(ctl, held={0})
    assert not flow.shared and flow.viewer == 0
    assert flow.next_step() == Away(2)
    assert flow.viewer == 0
    with pytest.raises(ValueError):
        HotSeat(ctl, held={1})                   # a computer's seat is nobody's keyboard


def test_an_unplayable_drawn_card_is_shown_before_the_keyboard_moves_on():
    ctl = rigged("Ann,cpu,Bob", hands=[["G5"], ["G1", "G2"], ["B1", "B2"]], top="R3",
                 draw=["Y9"])
    flow = HotSeat(ctl)
    flow.handed(0)
    ctl.apply(Draw(0))
    assert flow.drawn_notice(0, Draw(0), ctl.last_events_for(0)) == \
        "Ann drew Yellow 9: it can't be played now."
    # The public events never name it.
    assert all(not e.cards for e in ctl.last_events if e.kind == "draw")


def test_a_playable_drawn_card_needs_no_notice():
    ctl = rigged("Ann,cpu,Bob", hands=[["G5"], ["G1", "G2"], ["B1", "B2"]], top="R3",
                 draw=["R9"])
    flow = HotSeat(ctl)
    flow.handed(0)
    ctl.apply(Draw(0))
    assert flow.drawn_notice(0, Draw(0), ctl.last_events_for(0)) == ""
    assert flow.next_step() == Ask(0, "drawn")


def test_the_round_over_hides_every_hand():
    ctl = rigged("Ann,cpu,Bob", hands=[["R1"], ["G1", "G2"], ["B1", "B2"]], top="R3")
    flow = HotSeat(ctl)
    flow.handed(0)
    ctl.apply(Play(0, ctl.game.hands[0][0]))
    assert flow.next_step() == RoundOver() and flow.viewer is None
    flow.new_round()
    assert flow.holder is None


def test_point_taken_votes_are_asked_of_each_person_behind_their_own_handoff():
    ctl = rigged("Ann,cpu,Bob", variant="party",
                 hands=[["RPT", "R2", "R3"], ["G1", "G2"], ["B1", "B2"]], top="R5")
    flow = HotSeat(ctl)
    flow.handed(0)
    ctl.apply(Play(0, ctl.game.hands[0][0]))      # Point Taken: every seat votes
    seen = []
    for _ in range(10):
        step = flow.next_step()
        if isinstance(step, Handoff):
            seen.append(("handoff", step.seat))
            flow.handed(step.seat)
            continue
        if isinstance(step, Computers):
            ctl.bot_step()
            continue
        if isinstance(step, Ask) and step.kind == "point":
            seen.append(("vote", step.seat))
            vote = next(a for a in ctl.own_actions(step.seat))
            ctl.apply(vote)
            continue
        break
    voters = [seat for what, seat in seen if what == "vote"]
    assert sorted(voters) == [0, 2]
    # Bob votes only after taking the keyboard himself.
    assert seen.index(("handoff", 2)) < seen.index(("vote", 2))


def test_the_seats_a_terminal_holds_may_change_and_are_read_afresh():
    ctl = rigged("Ann,cpu,Bob", hands=[["R1", "R2"], ["G1", "G2"], ["B1", "B2"]], top="R3",
                 current=2)
    flow = HotSeat(ctl, held={0})
    assert flow.next_step() == Away(2)
    flow.held = {0, 2}                     # Bob sits down at this terminal too
    assert flow.shared and flow.next_step() == Handoff(2, "Bob is to play a card or draw.")


def test_whoever_claims_a_play_out_of_turn_has_the_keyboard_and_the_next_person_gets_it_back():
    ctl = rigged("Ann,cpu,Bob", hands=[["R5", "G2"], ["G1", "G2"], ["B1", "B2"]], top="R5",
                 current=2, rules=("jump-in",))
    flow = HotSeat(ctl)
    flow.handed(2)
    assert flow.viewer == 2
    flow.hide()
    flow.claimed(0)                  # Ann took the keyboard: her hand needs no showing
    assert flow.holder == 0 and flow.viewer is None
    # She backed out: Bob, still to play, gets the keyboard back through a handoff.
    assert flow.next_step() == Handoff(2, "Bob is to play a card or draw.")
    with pytest.raises(ValueError):
        flow.claimed(1)              # a computer's seat is nobody's keyboard


def test_one_person_claiming_out_of_turn_keeps_their_hand_in_view():
    ctl = rigged("Ann,cpu", hands=[["R5", "G2"], ["G1", "G2"]], top="R5", current=1,
                 rules=("jump-in",))
    flow = HotSeat(ctl)
    flow.claimed(0)
    assert flow.viewer == 0
