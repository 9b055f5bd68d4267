"""An outside rule set as a package (``tests/example_package``, UNO Attack!) installed
with pip plays in ``uno-tui sim`` and in the app, with no change to uno_tui.

pip installs it offline into a temporary ``--target`` directory (its build backend is in
the package: no setuptools, no network). The sim runs in a child process that has the
directory on its path (the entry point is found there); the app test puts it on this
process's path for one test and forgets the rule set afterwards.
"""

from __future__ import annotations

import json
import os
import subprocess
import sys
from pathlib import Path

import pytest

from uno_tui.engine import Game, Play, load_plugins, unregister_variant
from uno_tui.engine.invariants import check_invariants

from uno_tui.app.widgets.hand import ChipGrid

from .helpers import FirstBot, asked, make_app, make_controller, press, settle, shown

PACKAGE = Path(__file__).resolve().parents[1] / "example_package"


@pytest.fixture(scope="module")
def installed(tmp_path_factory) -> Path:
    target = tmp_path_factory.mktemp("site")
    done = subprocess.run(
        [sys.executable, "-m", "pip", "install", "--quiet", "--no-deps", "--no-index",
         "--disable-pip-version-check", "--target", str(target), str(PACKAGE)],
        capture_output=True, text=True, timeout=300)
    assert done.returncode == 0, done.stdout + done.stderr
    assert (target / "uno_attack" / "front.py").is_file()
    return target


def _uno_tui(target: Path, *args: str) -> subprocess.CompletedProcess:
    env = dict(os.environ, PYTHONPATH=str(target))
    return subprocess.run([sys.executable, "-m", "uno_tui", *args], capture_output=True,
                          text=True, env=env, timeout=300)


def test_the_installed_package_plays_in_sim_from_the_cli(installed):
    done = _uno_tui(installed, "sim", "--variant", "attack", "--players", "4", "--games", "12",
                    "--bots", "random,easy,normal,hard", "--think-ms", "5", "--workers", "1",
                    "--json")
    assert done.returncode == 0, done.stderr
    data = json.loads(done.stdout)
    assert data["variant"] == "attack" and data["games"] == 12 and data["violations"] == 0
    listed = _uno_tui(installed, "--help")
    assert "attack" in listed.stdout


def test_without_the_package_the_variant_is_unknown(tmp_path):
    done = _uno_tui(tmp_path, "sim", "--variant", "attack", "--games", "1")
    assert done.returncode == 2 and "unknown variant 'attack'" in done.stderr


@pytest.fixture
def attack(installed):
    sys.path.insert(0, str(installed))
    try:
        load_plugins(again=True)
        yield
    finally:
        unregister_variant("attack")
        sys.path.remove(str(installed))


async def test_the_installed_rule_set_plays_in_the_app_with_its_front_end(attack):
    import uno_attack

    game = Game.from_position("attack", hands=[["WH", "R1", "R7", "G2"], ["B1", "B2"]],
                              top="R3", draw=["Y5", "Y6", "Y7", "Y8", "Y9", "G9"])
    ctl = make_controller("Ann,cpu", variant="attack")
    ctl.use_position(game)
    ctl.bots[1] = FirstBot(1, True)
    hit = next(c for c in game.hands[0] if game.face(c).kind == uno_attack.WILD_HIT)
    async with make_app(ctl).run_test(size=(100, 34)) as pilot:
        await settle(pilot)
        from uno_tui.app.cardtext import short_label
        assert short_label(game.face(hit)) == "Hit"   # the hand's label, from the front end
        # Ann picks the Wild Hit by its number in her hand, plays it, names red (r).
        shown_ids = [c.id for c in pilot.app.table.query_one(ChipGrid).cards]
        await press(pilot, str(shown_ids.index(hit) + 1), "enter")
        await settle(pilot)
        assert asked(pilot.app) == "color"
        await press(pilot, "r")
        await settle(pilot)
        assert game.color == "red" and game.top == game.face(hit)
        text = await shown(pilot)
        rolled = [line for line in ctl.log if " rolls " in line]
        assert rolled and "CPU 1 draws" in rolled[0], ctl.log
        assert "⚄" in text             # the card face's symbol, from the front end
        assert check_invariants(game) == []


async def test_the_installed_rule_sets_own_event_is_told_in_the_log(attack):
    game = Game.from_position("attack", hands=[["RDA", "R1", "R7", "G2"], ["B1", "B2"]],
                              top="R3", draw=["Y5"])
    ctl = make_controller("Ann,cpu", variant="attack")
    ctl.use_position(game)
    discard_all = next(c for c in game.hands[0] if game.face(c).code == "RDA")
    ctl.apply(Play(0, discard_all))
    assert any(line.startswith("Ann discards all: Red 1") for line in ctl.log), ctl.log
    assert [game.face(c).code for c in game.hands[0]] == ["G2"]
    from uno_tui.app.screens.help import rules_markdown
    assert rules_markdown("attack").startswith("# UNO Attack!")
