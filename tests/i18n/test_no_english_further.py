"""The English-word scan reaches further (issue 25): the lobby, a server table played
over SSH and the replay, each read in Japanese at 80x24 and scanned frame after frame
for words in Latin letters (what may stay Latin: ``test_no_english.ALLOWED``, and the
data these screens show, listed below)."""

from __future__ import annotations

import asyncio
import re

from uno_tui.app.app import UnoApp
from uno_tui.app.replay import Replay
from uno_tui.app.screens.match_result import MatchResultDialog
from uno_tui.config import PlayConfig, SeatSpec
from uno_tui.saves import MatchStore

from ..app.helpers import press, screen_text, settle
from ..app.test_replay import play_match
from ..server.support import Client, serving, wait_until
from .test_no_english import english_words

#: Latin words the server's screens show as data, and why.
SERVER_DATA = {
    "English": "the language's own name, on the key that switches to it (l: English)",
    "ssh": "the command to type to come back (ssh -l 'NAME+TOKEN' …)",
}
#: Latin words the replay shows: keys' names, as printed on the keyboard.
REPLAY_KEYS = {"Home": "a key's name (Home: the deal)", "End": "a key's name (End: the end)"}
#: A login a visitor types to come back: their name and a token of random letters.
_LOGIN = re.compile(r"'[^']*'|\S+\+[a-z2-9]{8}")


def server_english(text: str) -> list[str]:
    return [word for word in english_words(_LOGIN.sub(" ", text)) if word not in SERVER_DATA]


async def test_the_lobby_and_a_server_table_over_ssh_read_no_english(tmp_path):
    async with serving(tmp_path) as host:
        ann = Client(host, "アン")
        await ann.connect(size=(80, 24), env={"LANG": "ja_JP.UTF-8"})
        await wait_until(lambda: ann.app is not None and "ようこそ" in ann.text(), "the lobby")
        seen = {"lobby": ann.text()}
        ann.keys("p")                              # plays now: a seat at a new table
        await ann.at_table()
        for step in range(400):
            await asyncio.sleep(0.05)
            text = ann.text()
            seen[f"table {step}"] = text
            if isinstance(ann.app.screen, MatchResultDialog):
                break                                  # the match's result
            ann.keys("d" if step % 2 else "\r")   # draw, or play the card picked
        else:
            raise AssertionError("the match did not end")
        await asyncio.sleep(0.2)
        seen["the match's result"] = ann.text()
        await ann.close()
    found = {where: server_english(text) for where, text in seen.items()}
    assert {where: words for where, words in found.items() if words} == {}, found


async def test_the_replay_reads_no_english_step_by_step(tmp_path):
    store = MatchStore(tmp_path)
    seats = (SeatSpec("アン"), SeatSpec("CPU 1", "normal"), SeatSpec("CPU 2", "normal"),
             SeatSpec("CPU 3", "normal"))
    play_match(store, seats=seats, target=100)
    replay = Replay(store.load(store.finished()[0]))
    app = UnoApp(PlayConfig(), steady=True, replay=replay, lang="ja")
    found = {}
    async with app.run_test(size=(80, 24)) as pilot:
        await settle(pilot)
        for step in range(40):
            words = [w for w in english_words(screen_text(app)) if w not in REPLAY_KEYS]
            if words:
                found[step] = words
            await press(pilot, "right" if step < 30 else "pagedown")
        await press(pilot, "end")
        words = [w for w in english_words(screen_text(app)) if w not in REPLAY_KEYS]
        if words:
            found["end"] = words
    assert found == {}
