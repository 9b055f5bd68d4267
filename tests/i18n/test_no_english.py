"""No English word reaches a Japanese player's screen (issue 25's scan).

Random games of every rule set (a few seeds, two people and two computers at one
keyboard, a bounded number of answers each) are played in ``ja`` headless; every
screen on the way (the handoff, the table, each prompt, the round's result, the help)
and every line of the log is read, and each word in Latin letters that is not a
player's name or one of :data:`ALLOWED` is reported with where it was seen.
"""

from __future__ import annotations

import re
from collections import defaultdict

import pytest

from uno_tui.app.widgets.log import GameLog

from ..app.helpers import answer_by_keys, make_controller, make_app, press, screen_text, settle

#: Words in Latin letters a Japanese screen may show, and why.
ALLOWED = {
    "UNO": "the game's name and the call, as the Japanese rules write it (UNO！)",
    "uno-tui": "the program's name",
    "tui": "the program's name (uno-tui, split at its hyphen)",
    "Enter": "a key's name, as printed on the keyboard",
    "Esc": "a key's name, as printed on the keyboard",
    "Backspace": "a key's name, as printed on the keyboard",
    "PgUp": "a key's name, as printed on the keyboard",
    "PgDn": "a key's name, as printed on the keyboard",
    "Tab": "a key's name, as printed on the keyboard",
    "esc": "a key's name, as the footer writes it",
    "RYGB": "the light side's colour initials, as on the cards (UNO Flip's side widget)",
    "PTOU": "the dark side's colour initials, as on the cards (UNO Flip's side widget)",
    "Ann": "the example player's name in the rules pages",
    "Bob": "the example player's name in the rules pages",
    "CPU": "the computers' names (CPU 1, CPU 2) are names, like any player's",
}
#: Two or more Latin letters in a row (one letter is a key or a card's colour initial:
#: R/Y/G/B and the dark side's letters stay Latin, see the help's legend).
_WORD = re.compile(r"[A-Za-z][A-Za-z'’-]*[A-Za-z]")

PLAYERS = "アン,ボブ,cpu,cpu"
NAMES = ("アン", "ボブ", "CPU")
#: (rule set, house rules, seed): each rule set with the prompts it can ask (Party has
#: the most: two deals).
GAMES = [
    ("classic", ("7-0", "jump-in", "stacking"), 1),
    ("pokemon", (), 1),
    ("flip", (), 1),
    ("party", (), 1),
    ("party", (), 2),
]
#: Answers given per game (each a turn, a question, a handoff or a result).
ANSWERS = 30


def english_words(text: str) -> list[str]:
    """The words of ``text`` in Latin letters that a Japanese screen must not show."""
    return [word for word in _WORD.findall(text)
            if word not in ALLOWED and not any(word in name for name in NAMES)]


def test_an_english_word_is_found_and_an_allowed_one_is_not():
    assert english_words("アンの番：Red 5を出す") == ["Red"]
    assert english_words("UNO! (u) · Enterで出す · R 5 · CPU 1") == []


async def _read_a_game(variant: str, rules: tuple[str, ...], seed: int,
                       found: dict[str, set[str]]) -> None:
    """Play ``variant`` in Japanese; every line with an English word goes into ``found``
    (the line -> where it was seen)."""
    ctl = make_controller(PLAYERS, seed=seed, variant=variant, rules=rules, ids=False)
    app = make_app(ctl, lang="ja")

    def look(where: str, text: str) -> None:
        for line in text.splitlines():
            words = english_words(line)
            if words:
                shown = " ".join(line.strip(" │║█╭╮╰╯─").split())
                found[shown].add(f"{variant} seed {seed}, {where}: {', '.join(words)}")

    async with app.run_test(size=(120, 40)) as pilot:
        await settle(pilot)
        for step in range(ANSWERS):
            await settle(pilot)
            screen = app.screen
            look(type(screen).__name__, screen_text(app))
            if step == 3:
                await press(pilot, "question_mark")
                look("help", screen_text(app))
                await press(pilot, "escape")
                await settle(pilot)
            if not app.is_running:
                break
            kind = await answer_by_keys(pilot)
            if kind == "match-result":
                break
        log = app.table.query_one(GameLog) if app.table is not None else None
        # Every entry as the log shows it (an entry is kept as a phrase, worded when drawn).
        for line in log.entries if log is not None else ():
            look("log", app.tr.words(line))


@pytest.mark.parametrize("variant, rules, seed", GAMES,
                         ids=[f"{variant}-{seed}" for variant, _, seed in GAMES])
async def test_no_english_word_reaches_a_japanese_screen(variant, rules, seed):
    # One game a test, so the suite's processes share the games out.
    found: dict[str, set[str]] = defaultdict(set)
    await _read_a_game(variant, rules, seed, found)
    words = {word for line in found for word in english_words(line)}
    report = [f"{line}    [{sorted(places)[0]}]" for line, places in sorted(found.items())]
    assert not found, (f"{len(words)} English words on {len(found)} lines of Japanese "
                       "screens:\n" + "\n".join(report))
