"""The journal: a line per action, a torn last line dropped, old saves resumed in place,
one writer per match, a player's own file kept where it is."""

from __future__ import annotations

import json
import os
import subprocess
import sys
from pathlib import Path

import pytest
from hypothesis import HealthCheck, given, settings, strategies as st

from uno_tui.saves import MatchLock, MatchLocked, MatchRecorder, MatchStore, SaveFileError, parse_save

from .test_store import (config, journal_save, legacy_envelope, only_save, play_actions,  # noqa: F401
                         recorded_table)


@pytest.fixture
def store(tmp_path) -> MatchStore:
    return MatchStore(tmp_path / "data")


def resumed_table(store: MatchStore, path: Path):
    from uno_tui.app.controller import TableController
    record = store.load(path)
    recorder = MatchRecorder(store, record.config, record)
    match = record.restore()
    recorder.resume(match)
    cfg = record.config
    return TableController(cfg.variant, cfg.seats, target=cfg.target, mode=cfg.mode,
                           rules=cfg.rules, seed=cfg.seed, recorder=recorder, match=match)


def test_each_action_appends_one_short_line_however_long_the_match(store):
    ctl = recorded_table(store)
    path = only_save(store)
    grown = []
    for _ in range(300):
        before = path.stat().st_size
        rounds = ctl.match.round_number
        play_actions(ctl, 1)
        if ctl.match.round_number == rounds and not ctl.game.is_over and path.exists():
            grown.append(path.stat().st_size - before)
    assert ctl.match.round_number >= 2
    # An action is one line of its own: a few dozen bytes, the same in every round.
    assert max(grown) < 120, max(grown)


def test_a_torn_last_line_is_dropped_and_the_match_resumes_before_it(store):
    ctl = recorded_table(store)
    play_actions(ctl, 20)
    path = only_save(store)
    whole = store.load(path)
    data = path.read_bytes()
    last = data.rstrip(b"\n").rfind(b"\n") + 1
    for cut in range(last + 1, len(data)):        # every point inside the last line
        record = parse_save(data[:cut])
        assert record.moves == whole.moves - 1 and record.length == last
    # Played on, the torn part is cut off first: the file is whole lines again.
    ctl.recorder.close()
    path.write_bytes(data[:-5])
    ctl = resumed_table(store, path)
    play_actions(ctl, 3)
    assert store.load(path).restore().to_json() == ctl.match.to_json()
    assert path.read_bytes().endswith(b"\n")


@settings(max_examples=60, deadline=None, suppress_health_check=[HealthCheck.function_scoped_fixture])
@given(cut=st.floats(min_value=0.0, max_value=1.0))
def test_a_journal_cut_anywhere_loads_the_start_of_the_match_or_is_refused(
        tmp_path_factory, journal_save, cut):
    data = journal_save[:int(len(journal_save) * cut)]
    try:
        record = parse_save(data)
    except ValueError as exc:
        assert "\n" not in str(exc)
        # Only a file cut before its first deal is whole is refused.
        assert data.count(b"\n") < 2
        return
    assert record.moves <= parse_save(journal_save).moves


@settings(max_examples=80, deadline=None, suppress_health_check=[HealthCheck.function_scoped_fixture])
@given(data=st.data())
def test_any_line_changed_is_refused_in_one_line_or_loads(tmp_path_factory, journal_save, data):
    lines = journal_save.splitlines(keepends=True)
    index = data.draw(st.integers(0, len(lines) - 1))
    line = lines[index]
    how = data.draw(st.sampled_from(["garbage", "byte", "value", "drop", "twice"]))
    if how == "garbage":
        lines[index] = data.draw(st.binary(max_size=30)).replace(b"\n", b"") + b"\n"
    elif how == "byte":
        at = data.draw(st.integers(0, len(line) - 2))
        lines[index] = line[:at] + bytes([data.draw(st.integers(0, 255))]) + line[at + 1:]
    elif how == "value":
        entry = json.loads(line)
        key = data.draw(st.sampled_from(sorted(entry)))
        entry[key] = data.draw(st.one_of(st.none(), st.integers(), st.text(max_size=4),
                                         st.just([]), st.just({})))
        lines[index] = json.dumps(entry).encode() + b"\n"
    elif how == "drop":
        del lines[index]
    else:
        lines.insert(index, line)
    store = MatchStore(tmp_path_factory.mktemp("line"))
    store.saves.mkdir(parents=True)
    path = store.saves / "match-x.json"
    raw = b"".join(lines)
    path.write_bytes(raw)
    try:
        record = store.load(path)
    except SaveFileError as error:
        assert "\n" not in str(error) and len(str(error)) < 400
        assert error.moved_to.read_bytes() == raw
    else:
        record.restore()


def test_an_old_save_still_loads_resumes_in_place_and_replays_the_same(store, journal_save):
    old = store.root / "elsewhere" / "keep-this.json"
    old.parent.mkdir(parents=True)
    envelope = legacy_envelope(journal_save)
    old.write_text(json.dumps(envelope))
    record = store.load(old)
    assert record.format == 1 and record.match == envelope["match"]
    ctl = resumed_table(store, old)
    play_actions(ctl, 4)
    ctl.recorder.flush()
    # The same file, now a journal: the old rounds, then the new actions.
    again = store.load(old)
    assert again.format == 2 and again.restore().to_json() == ctl.match.to_json()
    assert [r.start for r in again.rounds][:len(envelope["rounds"])] == \
        [r["start"] for r in envelope["rounds"]]
    for old_round, new_round in zip(envelope["rounds"], again.rounds):
        assert new_round.actions[:len(old_round["actions"])] == old_round["actions"]
    assert not list(store.root.rglob("saves/*"))   # nothing was moved or copied


@pytest.mark.parametrize("change, words", [
    (lambda e: e.update(rounds=[]), ["no rounds"]),
    (lambda e: e["match"].update(players="A" * 10_000), ["seats for a match of str"]),
])
def test_old_saves_that_could_not_be_played_are_refused_in_a_short_line(
        store, journal_save, change, words):
    envelope = legacy_envelope(journal_save)
    change(envelope)
    path = store.root / "bad.json"
    store.root.mkdir(parents=True)
    path.write_text(json.dumps(envelope))
    with pytest.raises(SaveFileError) as info:
        store.load(path)
    text = str(info.value)
    assert len(text) < 300, text[:300]
    for word in words:
        assert word in text


def test_a_players_own_file_stays_where_it_is_and_the_history_gets_a_copy(store, tmp_path):
    ctl = recorded_table(store, config(mode="single"))
    play_actions(ctl, 5)
    own = tmp_path / "keep-this.json"
    own.write_bytes(only_save(store).read_bytes())
    only_save(store).unlink()
    ctl = resumed_table(store, own)
    while not ctl.match.is_over:
        play_actions(ctl, 1)
    assert own.exists() and store.load(own).finished
    [copy] = store.finished()
    assert copy.read_bytes() == own.read_bytes()
    assert ctl.recorder.problem is None


def test_the_history_gets_its_copy_across_file_systems(tmp_path):
    shm = Path("/dev/shm")
    if not shm.is_dir() or os.stat(shm).st_dev == os.stat(tmp_path).st_dev:
        pytest.skip("no second file system to copy across")
    store = MatchStore(tmp_path / "data")
    ctl = recorded_table(store, config(mode="single"))
    play_actions(ctl, 5)
    own = shm / f"uno-tui-test-{os.getpid()}.json"
    try:
        own.write_bytes(only_save(store).read_bytes())
        only_save(store).unlink()
        ctl = resumed_table(store, own)
        while not ctl.match.is_over:
            play_actions(ctl, 1)
        [copy] = store.finished()
        assert copy.read_bytes() == own.read_bytes() and ctl.recorder.problem is None
    finally:
        own.unlink(missing_ok=True)


def test_a_second_writer_is_refused_and_told_who_holds_the_match(store):
    ctl = recorded_table(store)
    play_actions(ctl, 5)
    path = only_save(store)
    with pytest.raises(MatchLocked) as info:
        resumed_table(store, path)
    assert f"pid {os.getpid()}" in str(info.value)
    assert "open in another uno-tui" in str(info.value)
    # Another process is told the same, with this one's pid.
    probe = ("import sys; from uno_tui.saves import MatchLock, MatchLocked\n"
             "try:\n    MatchLock.acquire(sys.argv[1])\n"
             "except MatchLocked as e:\n    print(e.pid)")
    out = subprocess.run([sys.executable, "-c", probe, str(path)], capture_output=True,
                         text=True, timeout=60)
    assert out.stdout.strip() == str(os.getpid()), out
    ctl.recorder.close()
    MatchLock.acquire(path).release()           # let go: anyone may take it now


def test_disk_full_from_the_start_is_said_and_nothing_is_lost_once_it_works(store, monkeypatch):
    real = os.open

    def full(path, flags, *rest):
        if flags & os.O_CREAT:
            raise OSError(28, "No space left on device")
        return real(path, flags, *rest)

    monkeypatch.setattr(os, "open", full)
    ctl = recorded_table(store)
    play_actions(ctl, 6)
    state = ctl.recorder.state()
    assert state.problem == "the match could not be saved: No space left on device"
    assert state.saved_moves == 0 and state.moves > 0 and state.behind
    assert state.where == store.saves
    monkeypatch.undo()
    play_actions(ctl, 1)
    state = ctl.recorder.state()
    assert state.problem is None and not state.behind and state.saved_moves == state.moves
    assert store.load(only_save(store)).restore().to_json() == ctl.match.to_json()


def test_save_elsewhere_writes_the_whole_match_where_it_can(store, tmp_path, monkeypatch):
    ctl = recorded_table(store)
    play_actions(ctl, 4)

    def broken(*_):
        raise OSError(5, "Input/output error")

    monkeypatch.setattr(os, "fsync", broken)
    play_actions(ctl, 3)
    assert ctl.recorder.state().behind
    monkeypatch.undo()
    elsewhere = tmp_path / "elsewhere"
    elsewhere.mkdir()
    path = ctl.recorder.save_elsewhere([tmp_path / "no" / "such", elsewhere])
    assert path.parent == elsewhere
    assert store.load(path).restore().to_json() == ctl.match.to_json()


def test_a_round_the_match_deals_itself_is_a_short_line_checked_on_load(store):
    from uno_tui.saves.record import SNAPSHOT_EVERY
    ctl = recorded_table(store, config(target=10_000))
    while ctl.match.round_number < SNAPSHOT_EVERY + 2:
        play_actions(ctl, 1)
    path = only_save(store)
    lines = path.read_bytes().splitlines(keepends=True)
    deals = [line for line in lines if line.startswith(b'{"deal":')]
    full = [line for line in deals if b'"match":' in line]
    assert len(full) == 2 and len(deals) == SNAPSHOT_EVERY + 2      # rounds 1 and 11
    assert max(len(line) for line in deals if line not in full) < 60
    record = store.load(path)
    assert record.restore().to_json() == ctl.match.to_json()
    assert [r.number for r in record.rounds] == list(range(1, SNAPSHOT_EVERY + 3))
    ctl.recorder.close()
    # A deal that is not the one the match deals (another shuffle) is refused.
    at = next(i for i, line in enumerate(lines) if line.startswith(b'{"deal":2,'))
    entry = json.loads(lines[at])
    entry["check"] += 1
    lines[at] = json.dumps(entry, separators=(",", ":")).encode() + b"\n"
    bad = store.root / "bad.json"
    bad.write_bytes(b"".join(lines[:at + 3]))
    with pytest.raises(SaveFileError, match="not the one the match deals"):
        store.load(bad)


def test_lines_that_come_while_the_disk_is_busy_share_one_write(store, monkeypatch):
    """Under load the background writer does not fsync once per line: what comes while
    a write is on its way goes in the next one, together."""
    import threading
    from uno_tui.app.controller import TableController
    cfg = config()
    recorder = MatchRecorder(store, cfg, background=True)
    ctl = TableController(cfg.variant, cfg.seats, target=cfg.target, seed=cfg.seed,
                          recorder=recorder)
    assert recorder.flush(30)
    disk = threading.Event()
    real = os.fsync

    def slow(fd):
        disk.wait(30)
        real(fd)

    monkeypatch.setattr(os, "fsync", slow)
    writes, pieces = recorder.writer.writes, recorder.writer.pieces
    play_actions(ctl, 20)
    disk.set()
    assert recorder.flush(30)
    lines = recorder.writer.pieces - pieces
    assert lines >= 20 and recorder.writer.writes - writes <= 2     # the held one, then the rest
    assert store.load(only_save(store)).restore().to_json() == ctl.match.to_json()
