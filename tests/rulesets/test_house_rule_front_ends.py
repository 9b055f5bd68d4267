"""House rules bring their front end as rule sets do: their log lines, headlines,
prompts and out-of-turn words live with the house rule (built-ins:
``uno_tui/rulesets/house/frontend/``), found through ``app.frontends`` (the house rule's
``front_end``), so an outside package's house rule brings its own words and prompt."""

from __future__ import annotations

import ast
from pathlib import Path

import pytest

import uno_tui
from uno_tui.app import frontends
from uno_tui.app.moments import headline
from uno_tui.app.narration import Narrator
from uno_tui.app.prompts import prompter_for
from uno_tui.app.prompts.windows import out_of_turn_sentence
from uno_tui.engine import DecisionKind, Event, EventKind, Game, Play, house_rule

from ..app.helpers import (asked, make_app, panel, press, rigged, screen_text, settle,
                           shown)
from . import outside_house_rule as five

NAMES = ("Ann", "Bob", "Cy")
APP = Path(uno_tui.__file__).parent / "app"


def _narrator() -> Narrator:
    return Narrator(NAMES, face_of=lambda card: None)


def test_each_built_in_house_rule_with_words_of_its_own_names_its_front_end():
    for rule, module in (("7-0", "seven_o"), ("jump-in", "jump_in"), ("deflect", "deflect"),
                         ("catch-window", "catch_window")):
        assert house_rule(rule).front_end == f"uno_tui.rulesets.house.frontend.{module}"
        assert frontends.house_rule_front_end(rule) is not None, frontends.front_end_problems()
    assert not [problem for problem in frontends.front_end_problems() if "uno_tui" in problem]


def test_seven_o_brings_its_log_lines_headline_and_swap_prompt():
    front = frontends.house_rule_front_end("7-0")
    assert set(front.tellers) == {EventKind.SWAP, EventKind.ROTATE}
    assert set(front.moments) == {EventKind.SWAP}
    assert set(front.prompts) == {DecisionKind.SWAP}
    assert prompter_for(DecisionKind.SWAP) is front.prompts[DecisionKind.SWAP]
    # The English lines as they always read.
    narrator = _narrator()
    assert narrator.line(Event(EventKind.SWAP, 0, target=2)) == "Ann swaps hands with Cy"
    assert narrator.line(Event(EventKind.ROTATE, None, detail="counter-clockwise")) == \
        "Every hand passes on counter-clockwise"
    assert narrator.line(Event(EventKind.ROTATE, None)) == \
        "Every hand passes on in the direction of play"
    assert headline(Event(EventKind.SWAP, 1, target=0), NAMES) == "Bob swaps hands with Ann"


def test_deflect_brings_its_log_line():
    front = frontends.house_rule_front_end("deflect")
    assert set(front.tellers) == {EventKind.DEFLECT}
    assert set(front.prompts) == {"deflected"}
    assert set(front.prompt_wraps) == {DecisionKind.RESPOND}
    assert _narrator().line(Event(EventKind.DEFLECT, 0, target=1, count=4)) == \
        "Ann deflects the draw of 4 on to Bob"


def test_the_out_of_turn_words_come_from_the_front_end_that_brings_the_play():
    assert "Jump in" in frontends.house_rule_front_end("jump-in").out_of_turn
    assert "Speed play" in frontends.front_end("party").out_of_turn
    assert out_of_turn_sentence("Jump in", "who") == "Jump in on {card}: who are you?"
    assert out_of_turn_sentence("Speed play", "claims") == "{name} claims a speed play on {card}."
    # A play nobody brings words for still reads: the key's own words.
    assert out_of_turn_sentence("Hop in", "which") == "Hop in: {card}"


def _names_in(path: Path) -> set[str]:
    tree = ast.parse(path.read_text(encoding="utf-8"))
    found = set()
    for node in ast.walk(tree):
        if isinstance(node, ast.Attribute):
            found.add(node.attr)
        elif isinstance(node, ast.Name):
            found.add(node.id)
        elif isinstance(node, ast.Constant) and isinstance(node.value, str):
            found.add(node.value)
    return found


@pytest.mark.parametrize("path", ["narration.py", "moments.py", "prompts"])
def test_no_house_rules_own_words_are_left_in_the_apps_shared_code(path):
    """The events, decisions and actions only one house rule has (7-0's swap and
    rotation, deflect's deflect) and its out-of-turn play's words are not named there."""
    own = {"SWAP", "ROTATE", "DEFLECT", "SwapHands", "Jump in", "Speed play"}
    target = APP / path
    files = sorted(target.rglob("*.py")) if target.is_dir() else [target]
    named = {f"{file.relative_to(APP)}: {name}" for file in files
             for name in _names_in(file) & own}
    assert named == set()


# ------------------------------------------------------- an outside package's house rule

@pytest.fixture
def five_swap():
    with five.registered() as rule:
        yield rule


def test_an_outside_house_rules_front_end_is_found_through_the_registry(five_swap):
    front = frontends.house_rule_front_end("five-swap")
    assert front is not None, frontends.front_end_problems()
    assert _narrator().line(Event(five.SWAPPED, 0, target=1)) == \
        "Ann hands a whole hand to Bob (five swap)"
    assert headline(Event(five.SWAPPED, 2, target=0), NAMES) == \
        "Five swap! Cy and Ann trade hands"
    assert prompter_for(five.PICK) is front.prompts[five.PICK]
    assert out_of_turn_sentence("Five in", "none") == "{name}: no five"


async def test_an_outside_house_rules_prompt_log_and_headline_play_in_the_app(five_swap):
    ctl = rigged("Ann,cpu,cpu", hands=[["R5", "B1", "B2"], ["G1", "G2", "G3"], ["Y1", "Y2"]],
                 top="R3", rules=("five-swap",))
    game = ctl.game
    async with make_app(ctl).run_test() as pilot:
        await settle(pilot)
        await press(pilot, "enter")
        await settle(pilot)
        assert asked(pilot.app) == five.PICK
        assert [o.label for o in panel(pilot.app).question.options] == [
            "Give it to CPU 1", "Give it to CPU 2"]
        assert "Ann: whose hand do you want?" in await shown(pilot)
        await press(pilot, "3")
        await settle(pilot)
    assert "Ann hands a whole hand to CPU 2 (five swap)" in ctl.log
    assert sorted(game.face(c).code for c in game.hands[2]) == ["B1", "B2"]


def test_a_house_rules_front_end_that_fails_to_load_is_told_and_the_rule_still_plays():
    from dataclasses import replace

    from uno_tui.engine import register_house_rule, unregister_house_rule
    broken = replace(five.RULE, name="five-swap-broken", front_end="tests.rulesets.no_such_module")
    register_house_rule(broken)
    try:
        assert frontends.house_rule_front_end("five-swap-broken") is None
        assert any("five-swap-broken" in problem and "no_such_module" in problem
                   for problem in frontends.front_end_problems())
        game = Game.from_position("classic", hands=[["R5", "B1"], ["G1", "G2"]], top="R3",
                                  rules=("five-swap-broken",))
        game.apply(Play(0, game.hands[0][0]))
        assert game.decision.kind == five.PICK
    finally:
        unregister_house_rule("five-swap-broken")


# ------------------------------------------------------- deflect's own prompts

async def test_a_seat_that_can_deflect_a_draw_two_is_asked_in_deflects_own_words():
    # CPU 2 plays a Red Draw Two on Ann, who holds a Red Skip and a Red Reverse.
    ctl = rigged("Ann,cpu,cpu", hands=[["RS", "RR", "B5"], ["Y1", "Y2", "Y3"], ["R+2", "G1", "G2"]],
                 top="R3", current=2, rules=("deflect",))
    async with make_app(ctl).run_test() as pilot:
        await settle(pilot)
        assert asked(pilot.app) == DecisionKind.RESPOND
        question = panel(pilot.app).question
        assert question.title == "Ann: take the draw or send it on"
        assert question.message == ("CPU 2 played Red Draw Two on Ann. A Skip sends the draw "
                                    "on to CPU 1; a Reverse sends it back to CPU 2.")
        assert [o.label for o in question.options] == [
            "Accept: draw 2 cards", "Send it on to CPU 1 with Red Skip",
            "Send it back to CPU 2 with Red Reverse"]
        await press(pilot, "2")
        await settle(pilot)
    assert "Ann deflects the draw of 2 on to CPU 1" in ctl.log
    assert ctl.game.view(0).seats[1].card_count == 3 + 2


async def test_a_draw_sent_on_to_a_seat_that_can_send_it_again_says_so():
    # CPU 1's Red Draw Two on CPU 2, who sends it on with a Red Skip to Ann (a Reverse).
    ctl = rigged("Ann,cpu,cpu", hands=[["RR", "B5"], ["R+2", "G1", "G2"], ["RS", "Y1", "Y2"]],
                 top="R3", current=1, rules=("deflect",))
    async with make_app(ctl).run_test() as pilot:
        await settle(pilot)
        assert asked(pilot.app) == "deflected"
        question = panel(pilot.app).question
        assert question.title == "Ann: take the draw or send it on again"
        assert question.message.startswith("CPU 2 sent the draw on to Ann with Red Skip.")
        assert [o.label for o in question.options] == [
            "Accept: draw 2 cards", "Send it back to CPU 2 with Red Reverse"]
        await press(pilot, "a")
        await settle(pilot)
    assert "Ann takes the draw" in ctl.log


async def test_deflects_question_is_not_cut_at_80x24():
    ctl = rigged("Ann,cpu,cpu", hands=[["RS", "RR", "B5"], ["Y1", "Y2", "Y3"], ["R+2", "G1", "G2"]],
                 top="R3", current=2, rules=("deflect",))
    async with make_app(ctl).run_test(size=(80, 24)) as pilot:
        await settle(pilot)
        text = screen_text(pilot.app)
        for line in ("Ann: take the draw or send it on", "Send it on to CPU 1 with Red Skip",
                     "Send it back to CPU 2 with Red Reverse"):
            assert line in text
        assert "…" not in text


async def test_with_nothing_to_deflect_with_the_draw_two_is_answered_as_ever():
    ctl = rigged("Ann,cpu,cpu", hands=[["BS", "B5", "R+2"], ["Y1", "Y2", "Y3"], ["R+2", "G1"]],
                 top="R3", current=2, rules=("deflect", "stacking"))
    async with make_app(ctl).run_test() as pilot:
        await settle(pilot)
        question = panel(pilot.app).question
        assert question.title == "Ann: answer the Red Draw Two"
        assert [o.label for o in question.options] == [
            "Accept: draw 2 cards", "Stack Red Draw Two"]


async def test_deflects_prompt_reads_japanese():
    ctl = rigged("Ann,cpu,cpu", hands=[["RS", "B5"], ["Y1", "Y2", "Y3"], ["R+2", "G1", "G2"]],
                 top="R3", current=2, rules=("deflect",))
    async with make_app(ctl, lang="ja").run_test() as pilot:
        await settle(pilot)
        question = panel(pilot.app).question
        assert question.title == "Ann：引くか、かわすか"
        assert [o.label for o in question.options][1] == "赤のスキップでCPU 1へかわす"
