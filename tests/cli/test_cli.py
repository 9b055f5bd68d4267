"""The ``uno-tui`` command line: help texts, bad input, and ``uno-tui sim``.

Most tests call ``uno_tui.cli.main`` in-process (fast); one runs ``python -m uno_tui``.
"""

import json
import os
import signal
import subprocess
import sys

import pytest

from uno_tui import cli, sim
from uno_tui.engine import HOUSE_RULES, VARIANTS

SIM_KEYS = {"variant", "players", "games", "rounds", "actions", "actions_per_second", "wins",
            "draws", "violations"}
TIMINGS = {"seconds", "actions_per_second"}


def run(capsys, *args):
    """Run ``uno-tui args`` in-process; return (status, stdout, stderr)."""
    status = cli.main(list(args))
    out, err = capsys.readouterr()
    return status, out, err


def sim_json(capsys, *args) -> dict:
    status, out, err = run(capsys, "sim", "--json", *args)
    assert status == 0, err
    assert out.count("\n") == 1, out   # one JSON object on one line
    return json.loads(out)


# ------------------------------------------------------------------- help

@pytest.mark.parametrize("args, prog", [(["--help"], "uno-tui"), (["sim", "--help"], "uno-tui sim")])
def test_help_exits_zero_with_clear_text(capsys, args, prog):
    with pytest.raises(SystemExit) as exit_info:
        cli.main(args)
    assert exit_info.value.code == 0
    out = capsys.readouterr().out
    assert out.startswith(f"usage: {prog} ")
    for option in ("--variant", "--seed", "--target", "--mode", "--rules", "--players"):
        assert option in out
    for variant in VARIANTS:
        assert variant in out
    for rule in HOUSE_RULES:
        assert rule in out
    assert "example:" in out
    from uno_tui.bots import LEVEL_DESCRIPTIONS
    assert set(LEVEL_DESCRIPTIONS) == {"random", "easy", "normal", "hard"}
    for level, text in LEVEL_DESCRIPTIONS.items():
        assert text and f"  {level}: {text}\n" in out     # one line per level
    # As the setup screen offers them: weakest first, the testing level last.
    shown = [level for level in LEVEL_DESCRIPTIONS if f"  {level}: " in out]
    assert sorted(shown, key=lambda level: out.index(f"  {level}: ")) == [
        "easy", "normal", "hard", "random"]
    if prog == "uno-tui sim":
        for option in ("--games", "--json", "--no-check", "--duplicate"):
            assert option in out


def test_python_dash_m_uno_tui_help():
    done = subprocess.run([sys.executable, "-m", "uno_tui", "--help"],
                          capture_output=True, text=True, timeout=60)
    assert done.returncode == 0, done.stderr
    assert done.stdout.startswith("usage: uno-tui ")
    assert "uno-tui sim --help" in done.stdout.replace("\n", " ").replace("  ", " ")
    assert done.stderr == ""


# -------------------------------------------------------------- bad input

@pytest.mark.parametrize("args, words", [
    (["sim", "--variant", "unoo"], ["--variant", "unknown variant 'unoo'", "classic"]),
    (["--variant", "unoo"], ["--variant", "unknown variant 'unoo'"]),
    (["sim", "--rules", "stacking,bogus"], ["--rules", "unknown house rule 'bogus'", "7-0"]),
    (["--rules", "nope"], ["--rules", "unknown house rule 'nope'"]),
    (["--rules", "catch-window:0"], ["--rules", "catch-window:N", "seconds from 1 to 60"]),
    (["sim", "--rules", "catch-window:soon"], ["--rules", "'catch-window:soon'", "whole number"]),
    (["--rules", "catch-window,catch-window:9"], ["--rules", "choose one catch-window"]),
    (["sim", "--players", "11"], ["--players", "2 to 10", "11"]),
    (["sim", "--players", "1"], ["--players", "2 to 10", "not 1"]),
    (["sim", "--players", "0"], ["--players", "from 1 to 16", "0 is out of range"]),
    (["sim", "--players", "four"], ["--players", "'four'", "whole number"]),
    (["--players", "Ann"], ["--players", "2 to 10", "not 1"]),
    (["--players", ",".join(f"P{i}" for i in range(11))], ["--players", "not 11"]),
    (["sim", "--games", "-3"], ["--games", "-3 is out of range", "from 0 to 1,000,000"]),
    (["sim", "--games", "lots"], ["--games", "'lots'"]),
    (["sim", "--target", "0"], ["--target", "from 1 to 10,000"]),
    (["sim", "--mode", "target", "--target", "99999999999999999999999"],
     ["--target", "out of range", "from 1 to 10,000"]),
    (["sim", "--bots", "hard", "--think-ms", "99999999999999999999"],
     ["--think-ms", "out of range", "from 1 to 60,000"]),
    (["sim", "--think-ms", "0"], ["--think-ms", "from 1 to 60,000"]),
    (["sim", "--workers", "65"], ["--workers", "from 1 to 64"]),
    (["sim", "--players", "17"], ["--players", "from 1 to 16"]),
    (["--seed", "-1"], ["--seed", "from 0 to 9,223,372,036,854,775,807"]),
    (["--seed", "7.5"], ["--seed", "'7.5' is not a whole number"]),
    (["--target", "１２"], ["--target", "not a whole number"]),
    (["sim", "--games", "9" * 4400], ["--games", "(4,400 characters)", "out of range"]),
    (["sim", "--games", "x" * 4400], ["--games", "(4,400 characters)", "not a whole number"]),
    (["--players", "Ann," + "B" * 5000], ["--players", "(5,000 characters)", "longer than 16"]),
    (["--mode", "x" * 300], ["--mode", "invalid choice", "(300 characters)"]),
    (["--variant", "\x1b[2J" * 50], ["--variant", "unknown variant", "(200 characters)"]),
    (["--zz" * 300], ["unrecognized arguments", "(1,200 characters)"]),
    (["sim", "--mode", "best-of-3"], ["--mode", "invalid choice"]),
    (["sim", "--bots", "genius"], ["--bots", "unknown bot level 'genius'"]),
    (["--frobnicate"], ["unrecognized arguments: --frobnicate"]),
    (["serve", "--port", "70000"], ["--port", "from 0 to 65,535"]),
    (["serve", "--max-sessions", "0"], ["--max-sessions", "from 1 to 1,000"]),
    (["serve", "--max-sessions", "9" * 400], ["--max-sessions", "(400 characters)"]),
    (["serve", "--hold", "x" * 400], ["--hold", "(400 characters)", "not a number of seconds"]),
    (["serve", "--hold", "-1"], ["--hold", "from 0 to 86,400"]),
])
def test_bad_input_one_line_naming_the_problem_exit_2(capsys, args, words):
    status, out, err = run(capsys, *args)
    assert status == 2
    assert out == ""
    assert err.count("\n") == 1 and err.endswith("\n"), err
    assert "Traceback" not in err
    prog = f"uno-tui {args[0]}" if args[0] in cli.SUBCOMMANDS else "uno-tui"
    assert err.startswith(f"{prog}: error: ")
    for word in words:
        assert word in err, err
    # A bad value is never echoed whole (the longest line lists the 12 house rules).
    assert len(err) < 320, err
    assert "\x1b" not in err


# ------------------------------------------------------------------- sim

def test_sim_json_prints_one_object_with_the_summary_keys(capsys):
    data = sim_json(capsys, "--players", "3", "--games", "3", "--seed", "4")
    assert SIM_KEYS <= data.keys()
    assert data["variant"] == "classic" and data["players"] == 3
    assert data["games"] == 3 and data["rounds"] == 3
    assert data["actions"] > 0 and data["actions_per_second"] > 0
    assert len(data["wins"]) == 3 and sum(data["wins"]) + data["draws"] == 3
    assert data["violations"] == 0


def test_sim_same_seed_same_output_apart_from_timings(capsys):
    args = ("--players", "3", "--games", "2", "--seed", "11", "--rules", "jump-in,stacking")
    first, second = sim_json(capsys, *args), sim_json(capsys, *args)
    strip = lambda data: {k: v for k, v in data.items() if k not in TIMINGS}   # noqa: E731
    assert strip(first) == strip(second)
    other = sim_json(capsys, "--players", "3", "--games", "2", "--seed", "12",
                     "--rules", "jump-in,stacking")
    assert strip(other) != strip(first)


def test_sim_text_summary_is_readable_and_repeatable(capsys):
    args = ("sim", "--players", "2", "--games", "2", "--seed", "5", "--variant", "pokemon")
    status, out, err = run(capsys, *args)
    assert status == 0 and "Traceback" not in err
    assert out.startswith("pokemon, 2 players, 2 games")
    assert "invariant violations: 0" in out
    status, again, _ = run(capsys, *args)
    timing = lambda text: [line for line in text.splitlines() if "actions/s" not in line]  # noqa: E731
    assert timing(again) == timing(out)


def test_sim_duplicate_plays_each_deal_per_rotation_and_summarises_by_level(capsys):
    data = sim_json(capsys, "--duplicate", "--players", "2", "--bots", "normal,easy",
                    "--games", "3", "--seed", "4", "--no-check")
    assert data["duplicate"] is True and data["deals"] == 3 and data["games"] == 6
    for level in ("normal", "easy"):
        entry = data["by_level"][level]
        low, high = entry["win_rate_ci"]
        assert low <= entry["win_rate"] <= high
        assert entry["seats"] == 1
    status, out, _ = run(capsys, "sim", "--duplicate", "--players", "2", "--bots", "normal,easy",
                         "--games", "3", "--seed", "4", "--no-check")
    assert status == 0
    assert "3 duplicate deals x 2 seat rotations" in out
    assert "by level, over 3 deals (95% CI):" in out
    assert "points per round" in out


def test_sim_target_mode_plays_matches(capsys):
    data = sim_json(capsys, "--mode", "target", "--target", "50", "--players", "3",
                    "--games", "2", "--seed", "4")
    assert data["mode"] == "target" and data["games"] == 2
    assert data["rounds"] >= 2
    assert sum(data["wins"]) + data["draws"] == 2 and data["violations"] == 0


def test_sim_target_alone_plays_matches(capsys):
    data = sim_json(capsys, "--target", "50", "--players", "3", "--games", "1", "--seed", "4")
    assert data["mode"] == "target"


def test_sim_five_rounds_mode_plays_five_rounds_per_match(capsys):
    data = sim_json(capsys, "--mode", "five-rounds", "--players", "2", "--games", "1",
                    "--seed", "4", "--no-check")
    assert data["games"] == 1 and data["rounds"] == 5


#: A seed per rule set whose random round with every house rule is a few thousand actions
#: (random bots with every rule on can play a round of 50,000 actions: a minute of checks).
SHORT_ROUND_SEEDS = {"classic": 2, "pokemon": 2, "flip": 8, "party": 2}


def test_sim_every_variant_and_house_rules(capsys):
    for variant in VARIANTS:
        # Each variant with every house rule it accepts (Flip refuses 7-0: it has no zeros),
        # but not two that conflict.
        rules = sorted(VARIANTS[variant].usable_rules(HOUSE_RULES))
        data = sim_json(capsys, "--variant", variant, "--players", "3", "--games", "1",
                        "--seed", str(SHORT_ROUND_SEEDS.get(variant, 1)),
                        "--rules", ",".join(rules))
        assert data["variant"] == variant and data["violations"] == 0


def test_sim_zero_games(capsys):
    data = sim_json(capsys, "--games", "0", "--players", "2")
    assert data["games"] == 0 and data["actions"] == 0 and data["wins"] == [0, 0]


def test_sim_exit_status_is_nonzero_when_an_invariant_fails(capsys, monkeypatch):
    monkeypatch.setattr(sim, "check_invariants", lambda game: ["a card is in two places"])
    status, out, err = run(capsys, "sim", "--json", "--players", "2", "--games", "1",
                           "--seed", "3")
    assert status == 1
    data = json.loads(out)
    assert data["violations"] > 0
    assert "a card is in two places" in " ".join(data["violation_messages"])


# ------------------------------------------------------- pipes and terminals

def test_sim_into_a_closed_pipe_ends_quietly():
    """``uno-tui sim ... | head -1``: the reader has gone before the summary is written."""
    read_end, write_end = os.pipe()
    os.close(read_end)
    try:
        done = subprocess.run([sys.executable, "-m", "uno_tui", "sim", "--games", "1",
                               "--players", "2"], stdout=write_end, stderr=subprocess.PIPE,
                              text=True, timeout=60)
    finally:
        os.close(write_end)
    assert done.stderr == ""
    assert done.returncode == 128 + signal.SIGPIPE


@pytest.mark.parametrize("stdin", [subprocess.DEVNULL, "closed"])
def test_play_without_a_terminal_says_so_and_exits_2(tmp_path, stdin):
    command = [sys.executable, "-m", "uno_tui", "--players", "Ann,cpu"]
    if stdin == "closed":
        command = ["sh", "-c", 'exec "$@" <&-', "sh", *command]
        stdin = None
    done = subprocess.run(command, stdin=stdin, capture_output=True, text=True, timeout=60,
                          env={**os.environ, "XDG_DATA_HOME": str(tmp_path)})
    assert done.returncode == 2
    assert done.stdout == ""
    assert done.stderr.count("\n") == 1
    assert "standard input is not a terminal" in done.stderr
    assert not list(tmp_path.rglob("*crash*"))


def test_a_person_called_like_a_computer_keeps_a_name_of_their_own():
    config = cli.parse_play_args(["--players", "CPU 1,cpu,cpu 3,cpu:easy"])
    names = [seat.name for seat in config.seats]
    assert names == ["CPU 1", "CPU 2", "cpu 3", "CPU 4"]
    assert [seat.level for seat in config.seats] == [None, "normal", None, "easy"]


def test_serve_help_says_how_to_host_and_every_range(capsys):
    with pytest.raises(SystemExit) as exit_info:
        cli.main(["serve", "--help"])
    assert exit_info.value.code == 0
    out = " ".join(capsys.readouterr().out.split())
    assert out.startswith("usage: uno-tui serve ")
    for text in ("--host", "--port", "--authorized-keys", "--max-sessions", "0 to 65,535",
                 "1 to 1,000", "ssh -p"):
        assert text in out, text


def test_every_number_flag_says_its_range_in_help(capsys):
    for args, ranges in ((["--help"], ["1 to 10,000"]),
                         (["sim", "--help"], ["1 to 10,000", "1 to 60,000", "1 to 64",
                                              "0 to 1,000,000", "2 to 16"])):
        with pytest.raises(SystemExit):
            cli.main(args)
        out = " ".join(capsys.readouterr().out.split())
        for text in ranges:
            assert text in out, text


# ---------------------------------------------------------------- resume

def test_resume_without_saves_says_so(tmp_path, capsys):
    status, out, err = run(capsys, "--resume", "--data-dir", str(tmp_path))
    assert status == 2 and out == ""
    assert err == f"uno-tui: error: no unfinished match to resume in {tmp_path / 'saves'}\n"


@pytest.mark.parametrize("content, words", [
    (b'{"format": 1, "kind": "uno-tui-match", "crea', ["cut short"]),
    (b'{"format": 3, "kind": "uno-tui-match"}', ["newer uno-tui", "format 3"]),
    (b'{"format": 1, "kind": "uno-tui-match", "config": {}, "match": {}}', ["'variant' entry"]),
])
def test_resume_a_bad_file_one_line_exit_2_and_the_file_left_where_it_is(tmp_path, capsys,
                                                                         content, words):
    # The player's own file (it may be anything: `--resume notes.txt` by mistake) is never
    # moved or changed.
    path = tmp_path / "mine.json"
    path.write_bytes(content)
    status, out, err = run(capsys, "--resume", str(path), "--data-dir", str(tmp_path / "data"))
    assert status == 2 and out == ""
    assert err.count("\n") == 1 and "Traceback" not in err
    assert err.startswith(f"uno-tui: error: the save {path} can't be used: ")
    for word in words:
        assert word in err
    assert path.read_bytes() == content and "moved" not in err
    assert not (tmp_path / "data" / "damaged").exists()


def test_resume_a_bad_file_of_the_saves_folder_sets_it_aside(tmp_path, capsys):
    content = b'{"format": 1, "kind": "uno-tui-match", "crea'
    path = tmp_path / "data" / "saves" / "match-cut.json"
    path.parent.mkdir(parents=True)
    path.write_bytes(content)
    status, _, err = run(capsys, "--resume", str(path), "--data-dir", str(tmp_path / "data"))
    assert status == 2 and "cut short" in err
    assert not path.exists()
    [kept] = (tmp_path / "data" / "damaged").iterdir()
    assert kept.read_bytes() == content and str(kept) in err


def test_resume_keeps_its_own_players(tmp_path, capsys):
    status, _, err = run(capsys, "--resume", "--players", "Ann,cpu", "--data-dir", str(tmp_path))
    assert status == 2 and "leave out --players" in err


def test_data_dir_that_cannot_be_made(tmp_path, capsys):
    blocker = tmp_path / "file"
    blocker.write_text("")
    status, _, err = run(capsys, "--resume", "--data-dir", str(blocker / "sub"))
    assert status == 2 and err.count("\n") == 1 and "argument --data-dir: can't use" in err
    assert "a folder on its path is a file" in err
    status, _, err = run(capsys, "--resume", "--data-dir", str(blocker))
    assert status == 2 and err.count("\n") == 1 and err.endswith(
        "it is a file, not a folder (see 'uno-tui --help')\n")


@pytest.mark.parametrize("folder, words", [
    ("", ["--data-dir: can't use ''", "name is empty"]),
    ("~nosuchuser-of-uno/x", ["there is no user 'nosuchuser-of-uno'"]),
])
def test_data_dir_names_that_can_not_be_folders(capsys, folder, words):
    status, out, err = run(capsys, "--resume", "--data-dir", folder)
    assert status == 2 and out == "" and err.count("\n") == 1 and "Traceback" not in err
    for word in words:
        assert word in err


def test_a_data_folder_from_xdg_data_home_that_is_a_file_is_named(tmp_path, capsys, monkeypatch):
    blocker = tmp_path / "file"
    blocker.write_text("")
    monkeypatch.setenv("XDG_DATA_HOME", str(blocker))
    status, _, err = run(capsys, "--resume")
    assert status == 2 and "None" not in err and "argument --data-dir" not in err
    assert f"the data folder {blocker / 'uno-tui'} can't be used: a folder on its path is a file" in err
    assert "XDG_DATA_HOME" in err


def test_a_command_that_fails_makes_no_folders(tmp_path, capsys):
    folder = tmp_path / "new" / "a" / "b"
    status, _, err = run(capsys, "--resume", "--data-dir", str(folder))
    assert status == 2 and "no unfinished match" in err
    assert not (tmp_path / "new").exists()


def test_sim_into_a_full_disk_says_so(tmp_path):
    if not os.path.exists("/dev/full"):
        pytest.skip("no /dev/full")
    with open("/dev/full", "w") as full:
        done = subprocess.run([sys.executable, "-m", "uno_tui", "sim", "--games", "3"],
                              stdout=full, stderr=subprocess.PIPE, text=True, timeout=120)
    assert done.returncode == 1 and "Traceback" not in done.stderr
    assert done.stderr == ("uno-tui sim: error: the results could not be written: "
                           "No space left on device\n")


def test_sim_with_standard_output_closed_says_so():
    done = subprocess.run([sys.executable, "-c", "import os, sys; os.close(1); "
                           "os.execv(sys.executable, [sys.executable, '-m', 'uno_tui', 'sim', "
                           "'--games', '1'])"], stderr=subprocess.PIPE, text=True, timeout=120)
    assert done.returncode == 2 and "standard output is closed" in done.stderr


def _saved_match(tmp_path):
    from uno_tui.saves import MatchStore
    from tests.saves.test_store import config, only_save, play_actions, recorded_table
    store = MatchStore(tmp_path / "data")
    ctl = recorded_table(store, config())
    play_actions(ctl, 5)
    return ctl, only_save(store)


def test_a_second_resume_of_a_match_in_play_says_who_has_it_and_exits_2(tmp_path, capsys):
    ctl, path = _saved_match(tmp_path)      # this process plays it
    before = path.read_bytes()
    status, out, err = run(capsys, "--resume", str(path), "--data-dir", str(tmp_path / "data"))
    assert status == 2 and out == "" and err.count("\n") == 1
    assert f"open in another uno-tui, pid {os.getpid()}" in err
    status, _, err = run(capsys, "--resume", "--data-dir", str(tmp_path / "data"))
    assert status == 2 and f"pid {os.getpid()}" in err
    assert path.read_bytes() == before
    ctl.recorder.close()
