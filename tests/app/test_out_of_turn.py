"""Out-of-turn decisions at a shared keyboard (speed play, jump-in, catch): claim, the
handoff gate to the named person, then the choice; nothing private before the gate.

Issue 23: Bob's speed play showed "Bob: speed play on Red 6 ... 1 Play Red 6" at once,
with no gate, and a different notice when Bob held no such card: whoever had the
keyboard learnt whether Bob held the card.
"""

from __future__ import annotations

from uno_tui.app.screens.handoff import HandoffScreen
from uno_tui.app.screens.table import TableScreen

from .helpers import (
    PublicCards, asked, assert_no_leak, check_every_frame, make_app, panel, press, rigged,
    screen_text, settle, take_keyboard,
)


async def _frames_until_the_gate_is_passed(bob_hand: list[str], variant: str, rules=()):
    """Ann's turn; Bob claims the out-of-turn play. Every screen's text from the key to
    the gate (inclusive), what shows after it, and the frame checks' failures."""
    ctl = rigged("Ann,Bob,Cid", variant=variant, rules=rules,
                 hands=[["G2", "B2", "Y7"], bob_hand, ["Y1", "Y2"]], top="R5")
    public = PublicCards(ctl)
    app = make_app(ctl)
    texts = []
    async with app.run_test(size=(80, 24)) as pilot:
        await take_keyboard(pilot, "Ann")
        failures = check_every_frame(app, lambda app: assert_no_leak(app, public))
        await press(pilot, "j")
        await settle(pilot)
        texts.append(screen_text(app))
        assert asked(app) == "claim" and app.table.viewer is None
        await press(pilot, "2")                       # "I am Bob": seat 2
        await settle(pilot)
        gate = app.screen
        assert isinstance(gate, HandoffScreen) and gate.player == "Bob", screen_text(app)
        assert app.table.viewer is None
        texts.append(screen_text(app))
        await press(pilot, "enter")
        await settle(pilot)
        assert isinstance(app.screen, TableScreen) and app.table.viewer == 1
        after = screen_text(app)
        answer = panel(app).question
        await press(pilot, "1")
        await settle(pilot)
        # Bob had the keyboard: Ann, whose turn it still is (or who plays next), gets it
        # back through a handoff.
        assert isinstance(app.screen, HandoffScreen), screen_text(app)
    return texts, after, answer, failures, ctl


async def test_a_speed_play_claim_goes_through_a_gate_and_shows_the_same_whatever_bob_holds():
    holds, after_holds, question, failures, ctl = await _frames_until_the_gate_is_passed(
        ["R5", "G3"], "party")
    assert not failures, failures[0]
    assert question.title == "Bob: speed play on Red 5"
    assert any(line.startswith("Bob makes a speed play with Red 5") for line in ctl.log)
    lacks, after_lacks, notice, failures, ctl = await _frames_until_the_gate_is_passed(
        ["R6", "G3"], "party")
    assert not failures, failures[0]
    assert notice.title == "Bob: no speed play"
    assert not any("speed play" in line for line in ctl.log)
    # Until the gate is passed, nobody looking on can tell the two apart.
    assert holds == lacks
    assert "Only Bob may look" in holds[1] and "Bob claims a speed play on Red 5." in holds[1]
    assert "Bob's hand (2 cards)" in after_holds and "Bob's hand (2 cards)" in after_lacks


async def test_a_jump_in_claim_goes_through_the_same_gate():
    holds, *_ = await _frames_until_the_gate_is_passed(["R5", "G3"], "classic", ("jump-in",))
    lacks, *_ = await _frames_until_the_gate_is_passed(["R6", "G3"], "classic", ("jump-in",))
    assert holds == lacks
    assert "Bob claims a jump in on Red 5." in holds[1]


async def test_a_catch_at_a_shared_keyboard_names_the_catcher_with_every_hand_hidden():
    ctl = rigged("Ann,Bob,cpu", hands=[["B1", "B2", "B3"], ["G1", "G4"], ["R1", "R2"]],
                 top="R3", current=2, calls_uno=False, ids=True)
    public = PublicCards(ctl)
    app = make_app(ctl)
    async with app.run_test(size=(80, 24)) as pilot:
        await take_keyboard(pilot, "Ann")       # CPU 1 played down to one card, no UNO
        failures = check_every_frame(app, lambda app: assert_no_leak(app, public))
        assert "Catch! CPU 1 forgot UNO (c)" in screen_text(app)
        await press(pilot, "c")
        await settle(pilot)
        assert asked(app) == "claim" and app.table.viewer is None
        assert [o.label for o in panel(app).question.options] == ["I am Ann", "I am Bob"]
        await press(pilot, "2")                 # Bob catches it
        await settle(pilot)
        # Bob had the keyboard: it goes back to Ann through a handoff.
        assert isinstance(app.screen, HandoffScreen) and app.screen.player == "Ann"
    assert not failures, failures[0]
    assert "Bob catches CPU 1, who forgot to call UNO" in ctl.log
