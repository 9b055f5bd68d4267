"""Names are printable text wherever they come from: the command line, a save file, the
setup screen, an SSH user name. None of a name's escape sequences or control characters
reaches the terminal."""

from __future__ import annotations

import io
import json
import re
import sys

import pytest
from hypothesis import given, settings, strategies as st
from rich.console import Console
from rich.text import Text

from uno_tui import config as config_module
from uno_tui.cli import parse_play_args
from uno_tui.printable import NAME_LIMIT, UNSAFE, clean_name, printable
from uno_tui.saves.record import config_from_json
from uno_tui.server.session import player_name

from .test_signals import Terminal, saves

# Text that is mostly terminal-control material: escapes, C0, C1, DEL, format characters.
NASTY = st.text(alphabet=st.one_of(
    st.sampled_from(["\x1b", "[", "]", "2", ";", "P", "\x07", "\x9b", "\x9d", "\x9c", "\\",
                     "m", "\x00", "\n", "\t", "\x7f", "\x85", "\u202e", "\u200b", "A", " "]),
    st.characters()), max_size=40)
ANY_TEXT = st.one_of(st.text(max_size=40), NASTY)
#: Rich's own styling sequences (SGR), the only escapes a rendered name may bring.
SGR = re.compile(r"\x1b\[[0-9;]*m")


def test_the_name_limit_is_the_configs():
    assert NAME_LIMIT == config_module.MAX_NAME


@settings(max_examples=400, deadline=None)
@given(ANY_TEXT)
def test_printable_and_clean_name_never_keep_a_control_character(text):
    for made in (printable(text), clean_name(text), clean_name(text, limit=None),
                 player_name(text)):
        assert not UNSAFE & set(made), repr(made)
        assert made.isprintable()
    assert len(clean_name(text)) <= NAME_LIMIT
    assert printable(printable(text)) == printable(text)


@settings(max_examples=300, deadline=None)
@given(ANY_TEXT)
def test_a_name_from_the_command_line_or_a_save_is_printable(text):
    names = []
    try:
        config = parse_play_args(["--players", f"{text.replace(',', '')},cpu"])
    except Exception as exc:          # refused: one line, no control characters in it
        assert not UNSAFE & set(str(exc)), repr(str(exc))
    else:
        names.append(config.seats[0].name)
    seat = {"name": text, "level": None}
    try:
        config = config_from_json({"variant": "classic", "seed": 1, "target": 500,
                                   "mode": "target", "rules": [],
                                   "seats": [seat, {"name": "B", "level": None}]})
    except ValueError as exc:
        assert not UNSAFE & set(str(exc))
    else:
        names.append(config.seats[0].name)
    for name in names:
        assert not UNSAFE & set(name), repr(name)
        # As the table draws it: the bytes carry only Rich's own colour codes.
        out = io.StringIO()
        Console(file=out, force_terminal=True, color_system="truecolor", width=200).print(
            Text(name, style="bold red"), end="")
        assert not UNSAFE & set(SGR.sub("", out.getvalue())), repr(out.getvalue())


@pytest.mark.parametrize("raw, shown", [
    ("A\x1b[31mnn", "Ann"),
    ("\x1b]2;PWNED\x07Eve", "Eve"),
    ("\x1b[2J\x1b[HBob", "Bob"),
    ("Bell\x07", "Bell␇"),
    ("Tab\tbed", "Tab bed"),
    ("evil\u202eusr", "evilusr"),
])
def test_known_attacks_become_plain_names(raw, shown):
    assert parse_play_args(["--players", f"{raw},cpu"]).seats[0].name == shown


def test_a_name_of_nothing_but_escapes_is_refused_in_words():
    with pytest.raises(Exception, match="no printable characters"):
        parse_play_args(["--players", "\x1b[2J,cpu"])


def shown_then_quit(tmp_path, *args: str) -> bytes:
    """Everything ``uno-tui args`` wrote to its terminal until Ann's name showed and the
    players quit (Ctrl+Q, then Enter on the dialog)."""
    term = Terminal(tmp_path, *args)
    try:
        term.wait_for(lambda: b"Ann" in term.output)
        term.type(b"\x11")
        term.read(0.5)
        term.type(b"\r")
        term.finish()
    finally:
        term.close()
    return bytes(term.output)


@pytest.mark.skipif(sys.platform == "win32", reason="POSIX pseudo-terminals")
def test_the_real_app_never_writes_a_names_escapes_to_the_terminal(tmp_path):
    """End to end: a name that would set the title, blank the screen and colour the
    text, from --players and then from a save file (edited to hold the raw name)."""
    attack = "\x1b]2;PWNED\x07A\x1b[31mnn"
    output = shown_then_quit(tmp_path, "--players", f"{attack},\x1b[2J\x1b[HBob,cpu",
                             "--seed", "3")
    assert b"PWNED" not in output and b"\x1b[31mnn" not in output
    assert b"\x1b]2;" not in output
    # The save holds the names as shown; put the raw attack in it, as a hostile file would.
    [path] = saves(tmp_path)
    lines = path.read_bytes().splitlines(keepends=True)
    header = json.loads(lines[0])
    header["config"]["seats"][0]["name"] = attack
    path.write_bytes(json.dumps(header).encode() + b"\n" + b"".join(lines[1:]))
    output = shown_then_quit(tmp_path, "--resume", str(path))
    assert b"PWNED" not in output and b"\x1b]2;" not in output, output[-300:]
