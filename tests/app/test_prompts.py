"""Every decision prompt, by keys and by mouse, from exact positions."""

from __future__ import annotations

import re

from uno_tui.app.prompts import PromptPanel
from uno_tui.app.prompts.question import Option, Question
from uno_tui.app.prompts.registry import describe_action
from uno_tui.app.screens.handoff import HandoffScreen
from uno_tui.app.screens.reveal import RevealScreen
from uno_tui.app.screens.table import TableScreen
from uno_tui.app.widgets.hand import ChipGrid
from uno_tui.engine import DecisionKind, Game, SwapHands
from uno_tui.i18n import translator

from .helpers import (
    FirstBot, GatedBot, PublicCards, asked, assert_no_leak, click, click_option, click_prompt_action,
    make_app, make_controller, panel, press, rigged, settle, shown, take_keyboard, wait_for,
)


def hand_labels(controller, seat):
    return [controller.game.face(c).label for c in controller.game.hands[seat]]


# ------------------------------------------------------------------ colour


async def test_colour_is_named_by_its_initial():
    ctl = rigged("Ann,cpu", hands=[["W", "R5", "B2"], ["G1", "G2", "G3"]], top="B3")
    async with make_app(ctl).run_test() as pilot:
        await settle(pilot)
        await press(pilot, "enter")          # the Wild is picked first: it can be played
        await settle(pilot)
        assert asked(pilot.app) == "color"
        text = await shown(pilot)
        assert "Ann: name a colour" in text and "Green (g)" in text
        # The hand stays in view: a colour is chosen looking at the cards.
        hand = text.split("Ann's hand (2 cards)")[1]
        assert "Red" in hand and "Blue" in hand
        await press(pilot, "g")
        await settle(pilot)
    assert "Ann names Green (G)" in ctl.log
    assert "CPU 1 plays Green 1" in ctl.log


async def test_colour_is_named_by_a_click():
    ctl = rigged("Ann,cpu", hands=[["W", "R5", "B2"], ["G1", "G2", "G3"]], top="B3")
    async with make_app(ctl).run_test() as pilot:
        await settle(pilot)
        await press(pilot, "enter")
        await settle(pilot)
        assert await click_option(pilot, 3)
        await settle(pilot)
    assert "Ann names Blue (B)" in ctl.log


# -------------------------------------------------------------- drawn card


async def test_a_playable_drawn_card_may_be_kept():
    ctl = rigged("Ann,cpu", hands=[["R1", "B2"], ["G1", "G2"]], top="Y9", draw=["Y5"])
    async with make_app(ctl).run_test() as pilot:
        await settle(pilot)
        await press(pilot, "d")
        await settle(pilot)
        assert asked(pilot.app) == "drawn"
        assert "Ann drew Yellow 5" in await shown(pilot)
        await press(pilot, "k")
        await settle(pilot)
    assert "Ann keeps the drawn card" in ctl.log
    assert "Yellow 5" in hand_labels(ctl, 0)


async def test_a_playable_drawn_card_is_played_by_key_or_click():
    for answer in ("key", "click"):
        ctl = rigged("Ann,cpu", hands=[["R1", "B2"], ["G1", "G2"]], top="Y9", draw=["Y5"])
        async with make_app(ctl).run_test() as pilot:
            await settle(pilot)
            assert await click(pilot, "#draw-pile")     # the pile is clickable too
            await settle(pilot)
            if answer == "key":
                await press(pilot, "p")
            else:
                assert await click_option(pilot, 0)
            await settle(pilot)
        assert "Ann plays Yellow 5" in ctl.log, answer


async def test_forced_play_offers_no_keep():
    ctl = rigged("Ann,cpu", hands=[["R1", "B2"], ["G1", "G2"]], top="Y9", draw=["Y5"],
                 rules=("forced-play",))
    async with make_app(ctl).run_test() as pilot:
        await settle(pilot)
        await press(pilot, "d")
        await settle(pilot)
        question = panel(pilot.app).question
        assert asked(pilot.app) == "drawn" and len(question.options) == 1
        await press(pilot, "k")                  # not an option: nothing happens
        await settle(pilot)
        assert panel(pilot.app).question is question
        await press(pilot, "1")
        await settle(pilot)
    assert "Ann plays Yellow 5" in ctl.log


# ----------------------------------------------- challenge, reveal, accept


BLUFF = dict(hands=[["W+4", "R5", "G7"], ["B1", "B2", "B3"]], top="R3")


def test_the_stakes_of_a_challenge_come_from_the_rule_sets_penalty_table():
    from types import SimpleNamespace

    from uno_tui.app.prompts.turn import _challenge_stakes
    from uno_tui.engine import Face, Kind

    def stakes(variant, kind):
        return _challenge_stakes(SimpleNamespace(variant=variant, top=Face(None, kind)),
                                 "Ann", "Bob")

    assert stakes("flip", Kind.WILD_DRAW_TWO) == (
        "A bluff? Challenge: if it was, Ann draws 2 cards; if not, Bob draws 4 cards.")
    assert stakes("flip", Kind.WILD_DRAW_COLOR) == (
        "A bluff? Challenge: if it was, Ann draws cards until the named colour shows; "
        "if not, Bob draws cards until the named colour shows and 2 cards more.")


async def _play_bluff(pilot):
    """Ann (after her handoff) plays a Wild Draw Four while holding red; Bob takes over."""
    await settle(pilot)
    assert isinstance(pilot.app.screen, HandoffScreen)
    await press(pilot, "enter")
    await settle(pilot)
    await press(pilot, "1", "enter")         # after a handoff no card is picked: 1 picks it
    await settle(pilot)
    await press(pilot, "b")
    await take_keyboard(pilot, "Bob")
    assert asked(pilot.app) == "respond"


async def test_a_challenge_shows_the_hand_to_the_challenger_alone():
    ctl = rigged("Ann,Bob", **BLUFF, ids=True)
    public = PublicCards(ctl)
    async with make_app(ctl).run_test() as pilot:
        await _play_bluff(pilot)
        text = await shown(pilot)
        assert "Bob: answer the Wild Draw Four" in text
        assert "Challenge" in text and "Accept: draw 4 cards" in text
        # The stakes, from classic's own penalty table, in names.
        assert panel(pilot.app).question.message.endswith(
            "A bluff? Challenge: if it was, Ann draws 4 cards and takes the card back; "
            "if not, Bob draws 6 cards.")
        assert_no_leak(pilot.app, public)
        await press(pilot, "c")
        await settle(pilot)
        # The challenged hand comes behind its own handoff, even though Bob just acted.
        screen = pilot.app.screen
        assert isinstance(screen, HandoffScreen) and screen.player == "Bob"
        text = " ".join((await shown(pilot)).split())
        assert "Ann's hand is shown to Bob alone" in text
        # Bob has the keyboard: nothing is passed to him, the others look away.
        assert "Only Bob may look" in text and "Pass to" not in text
        assert "I am Bob: show Ann's hand" in text
        await press(pilot, "enter")
        await settle(pilot)
        assert isinstance(pilot.app.screen, RevealScreen)
        text = await shown(pilot)
        assert "Ann's hand, for Bob only" in text
        assert "R 5" in text and "G 7" in text
        assert "Bob challenges Ann and wins: it was a bluff" in text
        await press(pilot, "enter")
        await settle(pilot)
        # Guilty: the card goes back, Ann draws 4 and plays again, after her handoff.
        screen = pilot.app.screen
        assert isinstance(screen, HandoffScreen) and screen.player == "Ann"
        text = " ".join((await shown(pilot)).split())
        assert "Pass to Ann" in text and "I am Ann: show my cards" in text
    assert ctl.game.view(0).seats[0].card_count == 2 + 1 + 4
    assert "Ann's hand is shown to Bob alone" in ctl.log


async def test_accepting_a_draw_four_draws_four():
    ctl = rigged("Ann,Bob", **BLUFF)
    async with make_app(ctl).run_test() as pilot:
        await _play_bluff(pilot)
        await press(pilot, "a")
        await settle(pilot)
    assert "Bob takes the draw" in ctl.log
    assert ctl.game.view(1).seats[1].card_count == 3 + 4


async def test_stacking_offers_the_matching_card():
    ctl = rigged("Ann,cpu", hands=[["R+2", "B5", "B6"], ["R+2", "G1", "G2"]], top="R3",
                 current=1, rules=("stacking",))
    async with make_app(ctl).run_test() as pilot:
        await settle(pilot)
        assert asked(pilot.app) == "respond"
        assert [o.label for o in panel(pilot.app).question.options] == [
            "Accept: draw 2 cards", "Stack Red Draw Two"]
        await press(pilot, "down", "enter")      # arrows and Enter
        await settle(pilot)
    assert "Ann plays Red Draw Two" in ctl.log
    # CPU 1 can't add to the stack, so it draws the total at once.
    assert "CPU 1 draws 4 cards" in ctl.log
    assert ctl.game.view(1).seats[1].card_count == 2 + 4


# -------------------------------------------------------------- 7-0 swap


async def test_seven_swaps_hands_with_the_chosen_player():
    ctl = rigged("Ann,cpu,cpu", hands=[["R7", "B1", "B2"], ["G1", "G2", "G3"], ["Y1", "Y2"]],
                 top="R3", rules=("7-0",))
    async with make_app(ctl).run_test() as pilot:
        await settle(pilot)
        await press(pilot, "enter")
        await settle(pilot)
        assert asked(pilot.app) == "swap"
        assert [o.label for o in panel(pilot.app).question.options] == [
            "CPU 1 (3 cards)", "CPU 2 (2 cards)"]
        assert "3 CPU 2 (2 cards)" in await shown(pilot)   # the seat's own number
        await press(pilot, "3")
        await settle(pilot)
    assert "Ann swaps hands with CPU 2" in ctl.log


async def test_after_a_reverse_the_seven_swap_lists_players_in_seat_order():
    ctl = rigged("Ann,cpu,cpu,cpu", direction=-1, rules=("7-0",), top="R3",
                 hands=[["R7", "B1", "B2"], ["G1", "G2", "G3"], ["Y1", "Y2"], ["G4"]])
    async with make_app(ctl).run_test() as pilot:
        await settle(pilot)
        await press(pilot, "enter")
        await settle(pilot)
        assert asked(pilot.app) == "swap"
        assert [(o.number, o.label) for o in panel(pilot.app).question.options] == [
            (2, "CPU 1 (3 cards)"), (3, "CPU 2 (2 cards)"), (4, "CPU 3 (1 card)")]


async def test_seven_swap_target_by_click():
    ctl = rigged("Ann,cpu,cpu", hands=[["R7", "B1", "B2"], ["G1", "G2", "G3"], ["Y1", "Y2"]],
                 top="R3", rules=("7-0",))
    async with make_app(ctl).run_test() as pilot:
        await settle(pilot)
        await press(pilot, "enter")
        await settle(pilot)
        assert await click_option(pilot, 0)
        await settle(pilot)
    assert "Ann swaps hands with CPU 1" in ctl.log


# --------------------------------------------------------------- jump in


async def test_jumping_in_goes_through_the_claimers_gate():
    ctl = rigged("Ann,Bob", hands=[["R5", "B1"], ["G1", "G2"]], top="R5", current=1,
                 rules=("jump-in",), ids=True)
    public = PublicCards(ctl)
    async with make_app(ctl).run_test() as pilot:
        await settle(pilot)
        await press(pilot, "enter")              # Bob's handoff
        await settle(pilot)
        assert "j Jump in" in await shown(pilot)
        await press(pilot, "j")
        await settle(pilot)
        # Whoever pressed j says who they are; Bob's hand is gone meanwhile.
        assert asked(pilot.app) == "claim" and pilot.app.table.viewer is None
        assert [o.label for o in panel(pilot.app).question.options] == ["I am Ann"]
        assert "Jump in on Red 5" in await shown(pilot)
        await press(pilot, "1")
        await settle(pilot)
        # The gate: only Ann may look; then her hand shows with the choice.
        screen = pilot.app.screen
        assert isinstance(screen, HandoffScreen) and screen.player == "Ann"
        assert "Only Ann may look" in await shown(pilot)
        assert_no_leak(pilot.app, public)
        await press(pilot, "enter")
        await settle(pilot)
        assert isinstance(pilot.app.screen, TableScreen)
        assert asked(pilot.app) == "claim" and pilot.app.table.viewer == 0
        assert [o.label for o in panel(pilot.app).question.options] == ["Play Red 5"]
        assert_no_leak(pilot.app, public)
        await press(pilot, "1")
        await settle(pilot)
        # Ann had the keyboard: Bob, who plays next, gets it back through a handoff.
        screen = pilot.app.screen
        assert isinstance(screen, HandoffScreen) and screen.player == "Bob"
    # The out-of-turn play and its card are one line, in the house rule's words.
    told = [line for line in ctl.log if line.startswith("Ann ") and "Red 5" in line]
    assert len(told) == 1 and re.fullmatch(r"Ann jumps in with Red 5#\d+!", told[0]), told


async def test_jumping_in_without_a_matching_card_tells_the_claimer_alone_and_changes_nothing():
    ctl = rigged("Ann,Bob", hands=[["R6", "B1"], ["G1", "G2"]], top="R5", current=1,
                 rules=("jump-in",))
    public = PublicCards(ctl)
    async with make_app(ctl).run_test() as pilot:
        await settle(pilot)
        await press(pilot, "enter", "j")
        await settle(pilot)
        await press(pilot, "1")                  # "I am Ann": she has the keyboard now
        await settle(pilot)
        # The same gate as when she holds the card: nobody looking on can tell.
        assert isinstance(pilot.app.screen, HandoffScreen)
        await press(pilot, "enter")
        await settle(pilot)
        # Said to Ann alone, her hand in view.
        assert isinstance(pilot.app.screen, TableScreen)
        assert asked(pilot.app) == "notice" and pilot.app.table.viewer == 0
        question = panel(pilot.app).question
        assert question.title == "Ann: no jump in" and question.title in await shown(pilot)
        assert question.message.startswith("Ann holds no card identical to Red 5, so nothing "
                                           "is played")
        assert question.message.endswith("The keyboard goes back to Bob.")
        assert_no_leak(pilot.app, public)
        await press(pilot, "enter")
        await take_keyboard(pilot, "Bob")
        assert pilot.app.table.viewer == 1 and pilot.app.table.awaiting_turn
    assert ctl.game.decision == (DecisionKind.TURN, 1)
    assert not any("jumps in" in line for line in ctl.log)


async def test_backing_out_of_a_claim_brings_the_hand_back_without_a_handoff():
    ctl = rigged("Ann,Bob", hands=[["R5", "B1"], ["G1", "G2"]], top="R5", current=1,
                 rules=("jump-in",))
    async with make_app(ctl).run_test() as pilot:
        await settle(pilot)
        await press(pilot, "enter", "j")
        await settle(pilot)
        assert pilot.app.table.viewer is None
        await press(pilot, "escape")
        await settle(pilot)
        assert isinstance(pilot.app.screen, TableScreen)
        assert pilot.app.table.viewer == 1 and pilot.app.table.awaiting_turn
    assert not any("jumps in" in line for line in ctl.log)


# ------------------------------------------------------------- UNO, catch


async def test_catch_names_who_forgot_and_works_by_key():
    ctl = rigged("Ann,cpu", hands=[["B1", "B2", "B3"], ["R1", "R2"]], top="R3", current=1,
                 calls_uno=False)
    async with make_app(ctl).run_test() as pilot:
        await settle(pilot)
        text = await shown(pilot)
        assert "Catch! CPU 1 forgot UNO (c)" in text
        assert "c Catch!" in text
        await press(pilot, "c")
        await settle(pilot)
        assert "Catch!" not in await shown(pilot)
    assert "Ann catches CPU 1, who forgot to call UNO" in ctl.log
    assert ctl.game.view(0).seats[1].card_count == 3


async def test_catch_by_click():
    ctl = rigged("Ann,cpu", hands=[["B1", "B2", "B3"], ["R1", "R2"]], top="R3", current=1,
                 calls_uno=False)
    async with make_app(ctl).run_test() as pilot:
        await settle(pilot)
        assert await click_prompt_action(pilot, "Catch!")
        await settle(pilot)
    assert "Ann catches CPU 1, who forgot to call UNO" in ctl.log


async def test_no_catch_is_offered_after_uno_was_called():
    ctl = rigged("Ann,cpu", hands=[["B1", "B2", "B3"], ["R1", "R2"]], top="R3", current=1,
                 calls_uno=True)
    async with make_app(ctl).run_test() as pilot:
        await settle(pilot)
        assert "Catch!" not in await shown(pilot)
        await press(pilot, "c")
        await settle(pilot)
    assert "CPU 1 calls UNO!" in ctl.log
    assert not any("catches" in line for line in ctl.log)
    assert ctl.game.view(0).seats[1].card_count == 1


async def test_uno_called_with_the_card_is_safe():
    ctl = rigged("Ann,cpu", hands=[["R1", "R2"], ["G1", "G2", "G3"]], top="R3")
    async with make_app(ctl).run_test() as pilot:
        await settle(pilot)
        assert "u UNO!" in await shown(pilot)
        await press(pilot, "u")
        text = await shown(pilot)
        # In words, not jargon ("UNO armed", issue 23).
        assert "UNO! goes with the card" in text and "armed" not in text
        await press(pilot, "enter")
        await settle(pilot)
    played = ctl.log.index("Ann plays Red 1")
    assert ctl.log[played + 1] == "Ann calls UNO!"


async def test_uno_called_late_by_click_before_anyone_catches():
    ctl = rigged("Ann,cpu", hands=[["R1", "R2"], ["G1", "G2", "G3"]], top="R3")
    # The computer thinks until the test lets it: Ann remembers UNO meanwhile.
    bot = ctl.bots[1] = GatedBot(1)
    async with make_app(ctl).run_test() as pilot:
        try:
            await settle(pilot)
            await press(pilot, "enter")
            await wait_for(pilot, bot.thinking.is_set, "the computer to start thinking")
            assert ctl.log[-1] == "Ann plays Red 1"
            assert "UNO! for Ann (u)" in await shown(pilot)
            assert await click_prompt_action(pilot, "UNO!")
            assert ctl.log[-1] == "Ann calls UNO!"
            assert "UNO! for Ann" not in await shown(pilot)
            # The move it chose before the call is not made on the changed table:
            # it thinks again, and plays on.
            bot.release()
            await settle(pilot)
        finally:
            bot.release()
    assert bot.asked == 2
    called = ctl.log.index("Ann calls UNO!")
    assert ctl.log[called + 1:] == ["CPU 1 plays Green 1"]
    assert not any("catches" in line for line in ctl.log)


# ------------------------------------------------------- unplayable cards


async def test_an_unplayable_card_is_marked_and_explained_and_changes_nothing():
    ctl = rigged("Ann,cpu", hands=[["B1", "R2"], ["G1"]], top="R3")
    async with make_app(ctl).run_test() as pilot:
        await settle(pilot)
        before = (ctl.game.decision, list(ctl.game.hands[0]), list(ctl.log))
        grid = pilot.app.table.query_one(ChipGrid)
        assert grid.cursor == 1         # one person: the turn starts on a playable card
        text = await shown(pilot)
        lines = text.split("\n")
        row = next(n for n, line in enumerate(lines) if "╎   Blue  ╎" in line)
        assert "no┘" in lines[row + 1]                # marked in its lower border
        await press(pilot, "1", "enter")
        await settle(pilot)
        message = "✗ Blue 1 does not match Red 3 (the colour in play is Red)."
        assert message in await shown(pilot)
        assert (ctl.game.decision, list(ctl.game.hands[0]), list(ctl.log)) == before
        assert await click(pilot, ChipGrid, offset=grid.chip_offset(0))
        await settle(pilot)
        assert message in await shown(pilot)
        assert (ctl.game.decision, list(ctl.game.hands[0]), list(ctl.log)) == before
        assert await click(pilot, ChipGrid, offset=grid.chip_offset(1))
        await settle(pilot)
    assert "Ann plays Red 2" in ctl.log


# --------------------------------------------------- a decision with no prompt


async def test_a_decision_without_its_own_prompt_lists_the_legal_actions(monkeypatch):
    ctl = rigged("Ann,cpu", hands=[["R1", "B2"], ["G1", "G2"]], top="R3")
    # As a future variant's decision would: a kind the table has no prompt for.
    monkeypatch.setattr(type(ctl), "decision_kind", property(
        lambda self: "mystery" if self.decider == 0 else self.game.decision.kind))
    async with make_app(ctl).run_test() as pilot:
        await settle(pilot)
        assert asked(pilot.app) == "mystery"
        assert [o.label for o in panel(pilot.app).question.options] == ["Play Red 1", "Draw"]
        assert describe_action(SwapHands(0, 1), ctl.names, ctl.game.face) == "Swap hands CPU 1"
        await press(pilot, "1")
        await settle(pilot)
    assert "Ann plays Red 1" in ctl.log


async def test_the_table_hides_every_hand_until_a_handoff():
    ctl = rigged("Ann,Bob", hands=[["R1", "B2"], ["G1", "G2"]], top="R3")
    async with make_app(ctl).run_test() as pilot:
        await settle(pilot)
        screen = pilot.app.screen
        assert isinstance(screen, HandoffScreen)
        text = await shown(pilot)
        assert "Pass to Ann" in text and "Press Enter when only Ann is looking" in text
        assert "#" not in text
        await press(pilot, "enter")
        await settle(pilot)
        assert isinstance(pilot.app.screen, TableScreen)
        assert "Ann's hand (2 cards)" in await shown(pilot)


# ------------------------------------------------------------- fixes from play


async def test_greninjas_second_colour_prompt_says_what_happened():
    ctl = make_controller("Ann,cpu", variant="pokemon")
    ctl.use_position(Game.from_position("pokemon", hands=[["GRENINJA", "R5"], ["B1", "B2"]],
                                        top="R3", draw=["Y7", "G2", "B9"]))
    for seat in list(ctl.bots):
        ctl.bots[seat] = FirstBot(seat)
    async with make_app(ctl).run_test() as pilot:
        await settle(pilot)
        await press(pilot, "1", "enter")
        await settle(pilot)
        assert asked(pilot.app) == "color" and "Ann: name a colour" in await shown(pilot)
        await press(pilot, "g")                       # CPU 1 draws until a green card
        await settle(pilot)
        assert asked(pilot.app) == "color"
        text = await shown(pilot)
        assert "Ann: name the colour again" in text
        assert "CPU 1 drew" in text and "until a Green card showed" in text
        await press(pilot, "r")
        await settle(pilot)
    assert ctl.log.count("Ann names Red (R)") == 1


async def test_the_colour_prompt_says_what_a_snorlax_or_greninja_colour_does():
    for card, words in (("SNORLAX", "Snorlax: CPU 1 draws 3, then discards every card of the "
                                    "colour you name, and is skipped."),
                        ("GRENINJA", "Greninja: CPU 1 draws until a card of the colour you "
                                     "name shows, and is skipped; then you name the colour")):
        ctl = make_controller("Ann,cpu,cpu", variant="pokemon")
        ctl.use_position(Game.from_position("pokemon", hands=[[card, "R5"], ["B1", "B2"],
                                                              ["B3", "B4"]],
                                            top="R3", draw=["Y7", "G2", "B9"]))
        for seat in list(ctl.bots):
            ctl.bots[seat] = FirstBot(seat)
        async with make_app(ctl).run_test(size=(120, 40)) as pilot:
            await settle(pilot)
            await press(pilot, "1", "enter")
            await settle(pilot)
            await shown(pilot)
            text = " ".join(panel(pilot.app).render().plain.split())
            assert asked(pilot.app) == "color" and "Ann: name a colour" in text
            assert words in text, text
    # A plain wild's colour does nothing more: no such line.
    ctl = rigged("Ann,cpu", hands=[["W", "R5"], ["B1", "B2"]], top="R3")
    async with make_app(ctl).run_test(size=(120, 40)) as pilot:
        await settle(pilot)
        await press(pilot, "1", "enter")
        await settle(pilot)
        await shown(pilot)
        text = panel(pilot.app).render().plain
        assert "Ann: name a colour" in text and "draws" not in text


async def test_a_person_sees_the_unplayable_card_they_drew_before_the_next_handoff():
    ctl = rigged("Ann,Bob", hands=[["G5", "G6"], ["B1", "B2"]], top="R3", draw=["Y9"])
    async with make_app(ctl).run_test() as pilot:
        await settle(pilot)
        await press(pilot, "enter")                   # Ann's handoff
        await settle(pilot)
        await press(pilot, "d")
        await settle(pilot)
        assert asked(pilot.app) == "notice"
        text = await shown(pilot)
        assert "Ann drew Yellow 9: it can't be played now." in text
        assert "Ann's hand (3 cards)" in text
        await press(pilot, "enter")
        await settle(pilot)
        screen = pilot.app.screen
        assert isinstance(screen, HandoffScreen) and screen.player == "Bob"


async def test_no_handoff_when_the_same_person_plays_again_after_computers():
    ctl = rigged("Ann,Bob,cpu", hands=[["RS", "R2", "R7"], ["B1", "B2"], ["R4", "G2"]],
                 top="R3")
    async with make_app(ctl).run_test() as pilot:
        await settle(pilot)
        screen = pilot.app.screen
        assert isinstance(screen, HandoffScreen) and screen.player == "Ann"
        await press(pilot, "enter", "1", "enter")     # Red Skip: Bob is skipped, CPU 1 plays
        await settle(pilot)
        assert "CPU 1 plays Red 4" in ctl.log
        # Ann still has the keyboard: her hand shows again, no handoff.
        assert isinstance(pilot.app.screen, TableScreen)
        assert pilot.app.table.viewer == 0 and pilot.app.table.awaiting_turn
        assert "Ann's hand (2 cards)" in await shown(pilot)


async def test_after_a_handoff_no_card_is_picked_so_a_second_enter_plays_nothing():
    ctl = rigged("Ann,Bob", hands=[["R1", "R2"], ["B1", "B2"]], top="R3")
    async with make_app(ctl).run_test() as pilot:
        await settle(pilot)
        await press(pilot, "enter")                   # takes the keyboard
        await settle(pilot)
        await press(pilot, "enter")                   # a second Enter: no card is picked
        await settle(pilot)
        assert "Pick a card first" in await shown(pilot)
        assert ctl.game.hands[0] and len(ctl.game.hands[0]) == 2
        await press(pilot, "right", "enter")
        await settle(pilot)
    assert "Ann plays Red 1" in ctl.log


async def test_a_long_question_in_few_rows_keeps_its_options_and_keys_in_view():
    """At 16 seats on 80x24 the panel has 9 rows: the message gives way, never the keys
    that reach the second page (they were cut off: 'page 1/2 (PgUp/PgDn)' never showed)."""
    from textual.app import App

    names = ["Bob"] + [f"CPU {n}" for n in range(1, 15)]
    question = Question("Ann: point at whom?", "CPU 14 played Point Taken. " + "Words. " * 30,
                        [Option(name, name) for name in names])

    class PanelApp(App[None]):
        CSS = "PromptPanel { height: auto; } PromptPanel.-open { border-top: solid $accent; }"
        tr = translator()          # the panel's words, as UnoApp gives them

        def compose(self):
            yield PromptPanel(question)

    app = PanelApp()
    async with app.run_test(size=(53, 24)) as pilot:
        box = app.query_one(PromptPanel)
        box.styles.max_height = 9
        await pilot.pause()
        text = box.render().plain
        assert box.region.height == 9
        assert len(text.splitlines()) == 8, text            # under its top border
        assert "1 Bob" in text and "9 CPU 8" in text and "page 1/2 (PgUp/PgDn)" in text
        assert text.splitlines()[1].startswith("CPU 14 played") and "…" in text
        # A click still lands on the option drawn there.
        assert box.option_offset(2) is not None


async def test_a_question_taken_back_before_it_is_asked_is_never_shown():
    # A server table dealt afresh takes back the open question; when that comes between
    # the prompt's start and its first question, the question about the game that is
    # gone must not open (it used to, and the turn of the new game never came).
    from uno_tui.app.prompts.windows import notice

    app = make_app(rigged("Ann,cpu", hands=[["W", "R5"], ["G1", "G2"]], top="B3"))
    async with app.run_test(size=(80, 24)) as pilot:
        await settle(pilot)
        screen = app.screen
        answers = []

        async def prompt():
            answers.append(await screen.ask(notice("Old game", "about a game that is gone")))
            return None

        screen._run_prompt(prompt)
        screen.withdraw_question()     # before the prompt's worker has run
        await settle(pilot)
        assert answers == [None]
        assert not screen.query_one(PromptPanel).is_open
        assert screen.awaiting_turn    # the flow went on to Ann's turn in the game as it is
