#!/usr/bin/env python3
"""Bytes written to the terminal when a prompt opens and closes (what an SSH link carries).

Runs the app headless and renders every frame it would send, as a truecolor terminal
receives it, counting the bytes between a key press and the screen at rest:

    python tests/benchmarks/prompt_bytes.py
    python tests/benchmarks/prompt_bytes.py --lang ja     # also in Japanese, with ratios

Situations (Ann against a computer, rigged so the same prompt opens every run):
  cursor move    Right moves the picked card
  open colour    Enter plays a Wild: the card lands (hand, pile, seats) and the colour
                 prompt opens above the hand
  close colour   g names Green: the prompt closes and the computer plays
  prompt alone   the same colour question opened and closed with nothing else changing
                 (what the prompt itself costs)
  respond        a computer's Draw Two with stacking on: its move and the answer prompt;
                 then Accept (the prompt closes, Ann draws)
  cursor CPU     the process's CPU time per cursor move (Right, then the screen at rest),
                 over 40 moves: the keypress's cost, which load changes far less than
                 the wall-clock latency of app_latency.py

Run by hand; it is not collected by pytest.
"""

from __future__ import annotations

import argparse
import asyncio
import io
import sys
import time
from pathlib import Path

from rich.console import Console
from textual._compositor import CompositorUpdate

sys.path.insert(0, str(Path(__file__).resolve().parents[1]))

from app.helpers import make_app, press, quiet, rigged, settle  # noqa: E402
from uno_tui.app.prompts import Option, Question  # noqa: E402
from uno_tui.i18n import translator  # noqa: E402


def counting(app) -> list[int]:
    """Wrap the app's display so that each frame's terminal bytes are recorded."""
    frames: list[int] = []
    display = app._display

    def counted(screen, renderable) -> None:
        display(screen, renderable)
        if isinstance(renderable, CompositorUpdate) and not app._batch_count:
            width, height = app.size
            console = Console(width=width, height=height, file=io.StringIO(),
                              force_terminal=True, color_system="truecolor",
                              legacy_windows=False)
            frames.append(len(renderable.render_segments(console).encode("utf-8")))

    app._display = counted
    return frames


async def measure(size: tuple[int, int], lang: str = "en") -> dict[str, int]:
    results = {}
    tr = translator(lang)
    ctl = rigged("Ann,cpu", hands=[["W", "R5", "B2", "YS", "G+2"], ["G1", "G2", "G3"]],
                 top="B3")
    app = make_app(ctl, lang=lang)
    async with app.run_test(size=size) as pilot:
        frames = counting(app)
        await settle(pilot)
        moves = 40
        started = time.process_time()
        for _ in range(moves):
            await press(pilot, "right")
            await settle(pilot)
        results["cursor CPU (µs per move)"] = round((time.process_time() - started)
                                                    / moves * 1e6)
        for label, keys in (("cursor move", ("right",)), ("cursor back", ("left",)),
                            ("open colour", ("enter",)), ("close colour", ("g",))):
            frames.clear()
            await press(pilot, *keys)
            await settle(pilot)
            results[label] = sum(frames)
        await settle(pilot)
        table = app.table
        # The card's and the colours' names in the language measured, as the game
        # words them (in English words, the Japanese prompt measured a shorter line).
        question = Question(tr("{name}: name a colour", name="Ann"),
                            tr("{card} is down. Which colour now? Your hand is below.",
                               card=tr("Wild")),
                            [Option(tr(name), name, name[0].lower()) for name in
                             ("Red", "Yellow", "Green", "Blue")])
        frames.clear()
        answer = asyncio.ensure_future(table.ask(question))
        await quiet(pilot)
        results["prompt alone: open"] = sum(frames)
        frames.clear()
        await press(pilot, "g")
        await answer
        await table._close_panel()
        await quiet(pilot)
        results["prompt alone: close"] = sum(frames)
    ctl = rigged("Ann,cpu", hands=[["R+2", "B5", "B6"], ["R+2", "G1", "G2"]], top="R3",
                 current=1, rules=("stacking",))
    app = make_app(ctl, lang=lang)
    async with app.run_test(size=size) as pilot:
        frames = counting(app)
        frames.clear()
        await settle(pilot)
        results["computer action + open respond"] = sum(frames)
        frames.clear()
        await press(pilot, "a")
        await settle(pilot)
        results["close respond"] = sum(frames)
    return results


def main() -> None:
    parser = argparse.ArgumentParser(description=__doc__,
                                     formatter_class=argparse.RawDescriptionHelpFormatter)
    parser.add_argument("--lang", help="also measure in this language (e.g. ja): the same "
                        "situations, each beside English with the ratio")
    args = parser.parse_args()
    for size in ((80, 24), (120, 40)):
        results = asyncio.run(measure(size))
        other = asyncio.run(measure(size, args.lang)) if args.lang else None
        print(f"{size[0]}x{size[1]}:" + (f"  (en, {args.lang}, {args.lang}/en)" if other else ""))
        for label, count in results.items():
            unit = "µs" if "CPU" in label else "bytes"
            line = f"  {label:32} {count:7,d} {unit:5}"
            if other is not None:
                line += f"  {other[label]:7,d} {unit:5}  {other[label] / max(1, count):5.2f}"
            print(line)


if __name__ == "__main__":
    main()
