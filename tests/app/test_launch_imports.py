"""What the launch imports: Rich's Markdown (markdown-it, Pygments: ~50 ms) waits for
the help screen, which is the only screen that needs it, and so do importlib.resources
and the zipfile its readers import (~6 ms: the rules pages are package data); a classic
table imports no other rule set's front end, and compiles no pattern it does not use."""

from __future__ import annotations

import functools
import subprocess
import sys
import textwrap

#: Built and shown in a fresh interpreter: the table of a match (one person, one
#: computer, as ``uno-tui --players Ann,cpu`` starts it), then the help screen.
_SCRIPT = textwrap.dedent("""
    import asyncio, sys

    from uno_tui.app.app import UnoApp
    from uno_tui.app.controller import TableController
    from uno_tui.config import SeatSpec

    LAZY = ("rich.markdown", "markdown_it", "pygments", "importlib.resources", "zipfile")

    async def main():
        controller = TableController("classic", (SeatSpec("Ann"), SeatSpec("cpu", "normal")),
                                     seed=3)
        app = UnoApp(pace=0.0, steady=True, controller=controller)
        async with app.run_test(size=(80, 24)) as pilot:
            for _ in range(200):
                await pilot.pause()
                if getattr(app.screen, "is_table", False) and app.table.state is not None:
                    break
            print("table:", app.table.is_attached,
                  sorted(name for name in LAZY if name in sys.modules))
            from uno_tui import cli
            from uno_tui.app.widgets import card
            print("patterns:", card._name_joints.cache_info().currsize,
                  cli._argparse_patterns.cache_info().currsize)
            print("front ends:", " ".join(sorted(
                name for name in sys.modules
                if name.startswith("uno_tui.rulesets") and name.endswith(".frontend"))))
            await pilot.press("question_mark")
            for _ in range(200):
                await pilot.pause()
                if type(app.screen).__name__ == "HelpScreen":
                    break
            print("help:", type(app.screen).__name__,
                  all(name in sys.modules for name in ("rich.markdown", "importlib.resources")))

    asyncio.run(main())
""")


@functools.cache
def _shown() -> list[str]:
    """What the script printed (run once for the tests below)."""
    done = subprocess.run([sys.executable, "-c", _SCRIPT], capture_output=True, text=True,
                          timeout=120)
    assert done.returncode == 0, done.stderr
    return done.stdout.splitlines()


def test_the_table_is_shown_without_rich_markdown_which_the_help_screen_imports():
    lines = _shown()
    assert "table: True []" in lines, lines
    assert "help: HelpScreen True" in lines, lines


def test_a_classic_table_imports_the_front_end_of_classic_alone():
    # The others' (UNO Party!'s prompts and widgets among them) waited for nothing: ~5 ms
    # of the launch.
    assert "front ends: uno_tui.rulesets.classic.frontend" in _shown(), _shown()


def test_an_english_table_compiles_neither_japanese_name_breaks_nor_argparse_patterns():
    # Compiled at import, they were ~2.5 ms and ~1 ms of every launch.
    assert "patterns: 0 0" in _shown(), _shown()


#: The setup screen shown in a fresh interpreter, as ``uno-tui`` starts it.
_SETUP_SCRIPT = textwrap.dedent("""
    import asyncio, sys

    from uno_tui.app.app import UnoApp

    async def main():
        app = UnoApp()
        async with app.run_test(size=(80, 24)) as pilot:
            await pilot.pause()
            print("screen:", type(app.screen).__name__)
            print("loaded:", " ".join(sorted(name for name in TABLE_ONLY if name in sys.modules)))

    TABLE_ONLY = ("uno_tui.app.controller", "uno_tui.app.narration", "uno_tui.app.cardtext")
    asyncio.run(main())
""")


def test_the_setup_screen_is_shown_without_the_tables_controller_and_narration():
    # The match's machinery (the controller, its narrator and the card texts) waits for
    # the first table: ~20 million instructions of the setup screen's launch.
    done = subprocess.run([sys.executable, "-c", _SETUP_SCRIPT], capture_output=True,
                          text=True, timeout=120)
    assert done.returncode == 0, done.stderr
    assert done.stdout.splitlines() == ["screen: SetupScreen", "loaded: "], done.stdout
