"""The launch benchmark (tests/benchmarks/app_latency.py) runs what ``--only`` names, in
its ``--cpu`` mode too (it ran every scenario there), and has the hot-seat start."""

from __future__ import annotations

import importlib.util
import sys
from pathlib import Path
from types import SimpleNamespace

import pytest

_PATH = Path(__file__).resolve().parents[1] / "benchmarks" / "app_latency.py"


def _benchmark():
    if "app_latency" in sys.modules:
        return sys.modules["app_latency"]
    spec = importlib.util.spec_from_file_location("app_latency", _PATH)
    module = importlib.util.module_from_spec(spec)
    sys.modules.setdefault("app_latency", module)     # its dataclass looks itself up there
    spec.loader.exec_module(module)
    return module


def _args(only: str = "", lang: list[str] = (), against: str | None = None):
    return SimpleNamespace(bare_widgets=23, lang=list(lang), only=only, against=against,
                           python="/here/bin/python", uno_tui="/here/bin/uno-tui")


def _cpu_names(only: str, lang: list[str], against: str | None = None) -> list[str]:
    return [name for name, _ in _benchmark().cpu_launches(_args(only, lang, against))]


def test_cpu_runs_only_the_scenarios_named_and_the_bare_app():
    assert _cpu_names("setup,hotseat", []) == ["bare", "setup", "hotseat"]
    assert _cpu_names("setup,setup-ja", ["ja"]) == ["bare", "setup", "setup-ja"]


def test_cpu_runs_every_scenario_without_only():
    assert _cpu_names("", ["ja"]) == [
        "bare", "setup", "table", "hotseat", "table16", "bare+23", "bare+37",
        "setup-ja", "table-ja", "hotseat-ja", "table16-ja"]


def test_the_hot_seat_start_seats_two_people_on_the_command_line():
    args = dict(_benchmark().cpu_plan(23, []))
    assert args["hotseat"] == ["--players", "Ann,Bob", "--seed", "7"]


def test_an_unknown_scenario_is_refused_with_the_names_there_are():
    with pytest.raises(SystemExit, match="no scenario stup .*setup"):
        _cpu_names("stup", [])


def test_the_latency_scenarios_have_the_hot_seat_start_and_its_handoff():
    plan = {s.name: s for s in _benchmark().scenarios("python", "uno-tui", ("ja",))}
    assert plan["hotseat"].ready == "Pass to Ann"
    assert plan["hotseat"].key == "Enter"
    assert plan["hotseat-ja"].ready != plan["hotseat"].ready


def test_against_runs_each_scenario_in_the_other_build_right_after_this_one():
    assert _cpu_names("setup,hotseat", [], "/base/bin/python") == [
        "bare", "setup", "setup@against", "hotseat", "hotseat@against"]
    launches = dict(_benchmark().cpu_launches(_args("hotseat", [], "/base/bin/python")))
    assert launches["hotseat@against"] == launches["hotseat"]
    plan = _benchmark().latency_plan(_args("setup,setup-ja", ["ja"], "/base/bin/python"))
    commands = {scenario.name: scenario.command for scenario in plan}
    assert list(commands) == ["bare", "setup", "setup@against", "setup-ja", "setup-ja@against"]
    assert commands["setup-ja@against"] == "/base/bin/uno-tui --lang ja"
    assert commands["setup-ja"] == "/here/bin/uno-tui --lang ja"


def test_a_run_in_the_other_build_is_compared_with_this_one():
    twin = _benchmark().twin
    assert twin("setup-ja@against") == "setup-ja"
    assert twin("setup-ja") == "setup"
    assert twin("setup") is None
