"""Every prompt and label of every rule set, at 80x24: no word is cut (issue 23 found
"…d draws · UNO arm…", "then Bob is to play a ca…", "…for each vot…")."""

from __future__ import annotations

import re

import pytest

from .helpers import make_app, press, rigged, screen_text, settle, take_keyboard

#: Words that end in an ellipsis on purpose (something goes on), in each language:
#: "thinking…", "Ann is playing…"; 考え中… and アンの番… in Japanese.
WHOLE = ("thinking", "playing", "考え中", "の番")
#: A word and the ellipsis right after it (``⋯`` is the one drawn for Japanese: see
#: app/glyphs.py), or after it and a space: what followed a whole word was cut
#: ("1 Accept: draw cards until the named colour shows …" lost its key).
_CUT = re.compile(r"(\w+)( ?)[…⋯]")


def cut_words(text: str, names=()) -> list[str]:
    """The words of ``text`` that an ellipsis cuts short (a word ended by an ellipsis
    that is not one of :data:`WHOLE`), and the words an ellipsis cuts after (``"shows
    …"``). A player's name shortened on its seat is not a sentence cut: a shortened
    ``names`` is let pass."""
    cut = []
    for match in _CUT.finditer(text):
        word, space = match.groups()
        start = text.rfind(" ", 0, match.start()) + 1
        shown = text[start:match.end() - 1]
        if (word.endswith(WHOLE) and not space) or any(name.startswith(shown) for name in names):
            continue
        cut.append(word + space + "…" if space else word)
    return cut


def test_a_cut_word_is_found():
    assert cut_words("Ann: pick a card, Enter plays it, d dr…") == ["dr"]
    assert cut_words("CPU 1 thinking… · Bob is playing…") == []
    assert cut_words("アン：カードを選ぶ、Enterで出…") == ["Enterで出"]
    assert cut_words("CPU 1 考え中… · ボブの番…") == []
    assert cut_words("CPU 1 考え中⋯ · ボブの番⋯ · アン：Enterで出⋯") == ["Enterで出"]
    assert cut_words("1 Accept: draw cards until the named colour shows …") == ["shows …"]
    assert cut_words("CPU 1 thinking …") == ["thinking …"]
    assert cut_words("╭─ CPU … ─╮", names=["CPU 15"]) == []


LONG = "Bartholomew-Jones"[:16]

#: (what it shows, rule set, players, hands, top, rules, keys after the first handoff,
#: and optionally more of the position: UNO Flip's side)
SCENES = [
    ("a turn with UNO! to call and a catch", "classic", f"Ann,{LONG},cpu",
     [["R1", "R2"], ["G1", "G2", "G3"], ["B1"]], "R3", (), ("u",)),
    ("the colour", "classic", f"Ann,{LONG}", [["W", "R5", "B2"], ["G1", "G2"]], "B3", (),
     ("1", "enter")),
    ("a Wild Draw Four to answer", "classic", f"{LONG},Bob",
     [["W+4", "R5", "G7"], ["B1", "B2", "B3"]], "R3", (), ("1", "enter", "r", "enter")),
    ("the 7-0 swap", "classic", f"Ann,{LONG},cpu",
     [["R7", "B1", "B2"], ["G1", "G2", "G3"], ["Y1", "Y2"]], "R3", ("7-0",), ("1", "enter")),
    ("a jump-in claim", "classic", f"Ann,{LONG}", [["G2", "B2"], ["R5", "G3"]], "R5",
     ("jump-in",), ("j",)),
    ("a Point Taken vote", "party", f"Ann,{LONG},cpu,cpu,cpu,cpu",
     [["RPT", "R2", "R3"], ["G1", "G2", "G3"], ["B1", "B2"], ["B3", "B4"], ["Y1", "Y2"],
      ["Y3", "Y4"]], "R5", (), ("1", "enter")),
    ("a Reverse in UNO Party!", "party", "Ann,cpu,cpu,cpu,cpu,cpu",
     [["RR", "R2", "R3"], ["G1", "G2", "G3"], ["B1", "B2"], ["B3", "B4"], ["Y1", "Y2"],
      ["Y3", "Y4"]], "R5", (), ("1", "enter")),
    ("Wild Drawn Together", "party", f"Ann,{LONG},cpu,cpu",
     [["WDT", "R2", "R3"], ["G1", "G2"], ["B1", "B2"], ["Y1", "Y2"]], "R5", (),
     ("1", "enter", "r")),
    ("Wild Pile Up", "party", f"Ann,{LONG},cpu",
     [["WPU", "R2", "R3"], ["G1", "G2"], ["B1", "B2"]], "R5", (), ("1", "enter", "r")),
    ("a speed play", "party", f"Ann,{LONG},cpu", [["G2", "B2"], ["R5", "G3"], ["Y1"]], "R5",
     (), ("j",)),
    ("UNO Flip's table", "flip", f"Ann,{LONG},cpu,cpu",
     [["R1", "R2", "B3"], ["G1", "G2"], ["B1", "B2"], ["Y1", "Y2"]], "R5", (), ()),
    ("a Wild Draw Color to answer", "flip", f"Ann,{LONG}",
     [["B7/W+C", "Y1/U2", "Y2/U3"], ["R5/P3", "G2/T6"]], "R3/P1", (), ("1", "enter", "t", "enter"),
     {"side": 1}),
    ("Pokémon's table", "pokemon", f"Ann,{LONG},cpu",
     [["R1", "R2", "B3"], ["G1", "G2"], ["B1", "B2"]], "R5", (), ()),
]


@pytest.mark.parametrize("lang", ["en", "ja"])
@pytest.mark.parametrize("scene", SCENES, ids=[scene[0] for scene in SCENES])
async def test_no_word_is_cut_at_80x24(scene, lang):
    what, variant, players, hands, top, rules, keys, *position = scene
    ctl = rigged(players, variant=variant, hands=hands, top=top, rules=rules, **dict(*position))
    app = make_app(ctl, lang=lang)
    seen = []
    async with app.run_test(size=(80, 24)) as pilot:
        await settle(pilot)
        seen.append(screen_text(app))
        if ctl.shared_keyboard:
            await take_keyboard(pilot, players.split(",")[0])
            seen.append(screen_text(app))
        for key in keys:
            await press(pilot, key)
            await settle(pilot)
            seen.append(screen_text(app))
    names = ctl.names
    for text in seen:
        assert not cut_words(text, names), f"{what}: cut words {cut_words(text, names)}\n{text}"
