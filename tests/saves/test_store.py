"""Save files: what the autosave writes, resuming it, history, and bad files set aside."""

from __future__ import annotations

import json
import os
import threading

import pytest
from hypothesis import HealthCheck, given, settings, strategies as st

from uno_tui.app.controller import TableController
from uno_tui.config import PlayConfig, SeatSpec
from uno_tui.engine import Game, action_from_json
from uno_tui.saves import FORMAT, MatchRecorder, MatchStore, SaveFileError
from uno_tui.saves.journal import Journal

SEATS = (SeatSpec("Ann"), SeatSpec("CPU 1", "easy"), SeatSpec("CPU 2", "normal"))


def config(**changes) -> PlayConfig:
    values = dict(variant="classic", seats=SEATS, seed=5, target=500, mode="target")
    values.update(changes)
    return PlayConfig(**values)


def recorded_table(store: MatchStore, cfg: PlayConfig | None = None) -> TableController:
    cfg = cfg or config()
    return TableController(cfg.variant, cfg.seats, target=cfg.target, mode=cfg.mode,
                           rules=cfg.rules, seed=cfg.seed, recorder=MatchRecorder(store, cfg))


def play_actions(ctl: TableController, count: int) -> None:
    """Let every seat (the person too) play as a computer for ``count`` actions or rounds' ends."""
    from uno_tui.bots import make_bot
    import random
    person = make_bot("easy", 0, random.Random(1))
    for _ in range(count):
        if ctl.game.is_over:
            ctl.finish_round()
            if ctl.match.is_over:
                return
            ctl.next_round()
            continue
        if ctl.decider == 0:
            ctl.apply(person.choose(ctl.view(0), ctl.legal(0)))
        elif not ctl.bot_step():
            ctl.apply(person.choose(ctl.view(ctl.decider), ctl.legal(ctl.decider)))


@pytest.fixture
def store(tmp_path) -> MatchStore:
    return MatchStore(tmp_path)


def only_save(store: MatchStore):
    files = list(store.saves.glob("*.json"))
    assert len(files) == 1, files
    return files[0]


def test_every_action_is_saved_and_the_save_resumes_the_same_match(store):
    ctl = recorded_table(store)
    for _ in range(30):
        play_actions(ctl, 7)
        record = store.load(only_save(store))
        assert record.restore().to_json() == ctl.match.to_json()
        assert record.config == config()
    header = json.loads(only_save(store).read_bytes().splitlines()[0])
    assert header["format"] == FORMAT and header["kind"] == "uno-tui-match"
    assert not list(store.saves.glob(".*"))   # no temporary files left behind


def test_each_rounds_deal_and_actions_replay_to_the_saved_game(store):
    ctl = recorded_table(store)
    play_actions(ctl, 400)
    record = store.load(next(iter(store.saves.glob("*.json")), None) or store.finished()[0])
    assert len(record.rounds) >= 2
    for entry in record.rounds:
        game = Game.from_json(entry.start)
        for action in entry.actions:
            game.apply(action_from_json(action))
        if entry is record.rounds[-1]:
            assert game.to_json() == record.match["game"]
        else:
            assert game.is_over


def test_a_finished_match_moves_to_the_history(store):
    ctl = recorded_table(store, config(mode="single"))
    while not ctl.match.is_over:
        play_actions(ctl, 1)
    assert store.unfinished() == []
    [path] = store.finished()
    assert store.load(path).finished


def test_play_again_starts_a_new_file(store):
    ctl = recorded_table(store, config(mode="single"))
    while not ctl.match.is_over:
        play_actions(ctl, 1)
    ctl.restart()
    play_actions(ctl, 3)
    assert len(store.unfinished()) == 1 and len(store.finished()) == 1


def test_unfinished_lists_newest_first_with_what_the_setup_screen_shows(store):
    first = recorded_table(store)
    play_actions(first, 5)
    second = recorded_table(store, config(variant="pokemon", seed=9))
    play_actions(second, 5)
    old = first.recorder.record.path
    os.utime(old, (978307200, 978307200))     # saved in 2001
    summaries = store.unfinished()
    assert [s.variant for s in summaries] == ["pokemon", "classic"]
    summary = next(s for s in summaries if s.variant == "pokemon")
    assert summary.names == ("Ann", "CPU 1", "CPU 2") and summary.humans == 1
    assert summary.round_number == 1 and summary.scores == (0, 0, 0)


def test_a_failing_disk_never_stops_the_game(store, monkeypatch):
    ctl = recorded_table(store)
    problems = []
    ctl.recorder.on_problem = problems.append

    def full(*_):
        raise OSError(28, "No space left on device")

    monkeypatch.setattr(os, "fsync", full)
    play_actions(ctl, 5)
    assert ctl.recorder.problem == "the match could not be saved: No space left on device"
    assert problems == [ctl.recorder.problem]   # said once, not at every action
    monkeypatch.undo()
    play_actions(ctl, 1)
    assert ctl.recorder.problem is None
    assert store.load(only_save(store)).restore().to_json() == ctl.match.to_json()


def test_a_failed_write_leaves_the_file_as_it_was(store, monkeypatch):
    """A write that fails half way (or whose fsync fails) is cut off again: the file
    never ends in half a line that the next append would glue to the next one."""
    ctl = recorded_table(store)
    play_actions(ctl, 3)
    path = only_save(store)
    before = path.read_bytes()
    written = os.pwrite

    def half_then_full(fd, data, offset):
        written(fd, bytes(data[:len(data) // 2]), offset)
        raise OSError(28, "No space left on device")

    monkeypatch.setattr(os, "pwrite", half_then_full)
    play_actions(ctl, 2)
    assert path.read_bytes() == before
    assert ctl.recorder.problem == "the match could not be saved: No space left on device"
    monkeypatch.undo()
    play_actions(ctl, 1)         # the lines kept are written with the next one
    assert ctl.recorder.problem is None
    assert store.load(path).restore().to_json() == ctl.match.to_json()


# ------------------------------------------------------------ bad files

@pytest.fixture(scope="module")
def journal_save(tmp_path_factory) -> bytes:
    store = MatchStore(tmp_path_factory.mktemp("good"))
    ctl = recorded_table(store)
    play_actions(ctl, 60)
    return only_save(store).read_bytes()


def legacy_envelope(data: bytes) -> dict:
    """The format-1 save (one JSON object) of the match in the journal ``data``."""
    from uno_tui.saves import parse_save
    from uno_tui.saves.record import config_to_json
    record = parse_save(data)
    return {"format": 1, "kind": "uno-tui-match", "created": record.created,
            "updated": record.updated, "finished": record.finished,
            "config": config_to_json(record.config), "match": record.match,
            "rounds": [entry.to_json() for entry in record.rounds]}


@pytest.fixture(scope="module")
def good_save(journal_save) -> bytes:
    """A save as uno-tui wrote them before the journal (format 1): they still load."""
    return json.dumps(legacy_envelope(journal_save)).encode()


def assert_refused_and_kept(store: MatchStore, data: bytes, *words: str) -> SaveFileError:
    path = store.saves / "match-bad.json"
    store.saves.mkdir(parents=True, exist_ok=True)
    path.write_bytes(data)
    with pytest.raises(SaveFileError) as info:
        store.load(path)
    error = info.value
    text = str(error)
    assert "\n" not in text and len(text) < 400, text
    assert str(path) in text
    for word in words:
        assert word in text, text
    assert not path.exists()
    assert error.moved_to is not None and error.moved_to.read_bytes() == data
    assert str(error.moved_to) in text
    return error


def mutate(good: bytes, change) -> bytes:
    envelope = json.loads(good)
    change(envelope)
    return json.dumps(envelope).encode()


@pytest.mark.parametrize("change, words", [
    (lambda e: e.update(format=FORMAT + 1), ["newer uno-tui", f"format {FORMAT + 1}"]),
    (lambda e: e.update(format="1"), ["no format number"]),
    (lambda e: e.pop("kind"), ["not an uno-tui match"]),
    (lambda e: e.pop("match"), ["'match' entry is missing"]),
    (lambda e: e.pop("config"), ["'config' entry is missing"]),
    (lambda e: e.update(rounds={}), ["'rounds' entry is dict, not list"]),
    (lambda e: e["config"].update(target=10**30), ["target"]),
    (lambda e: e["config"].update(target=10**300), ["target", "301 characters"]),
    (lambda e: e["rounds"][0].update(number=10**300), ["round 1 is numbered"]),
    (lambda e: e["config"].update(seed=-4), ["seed"]),
    (lambda e: e["config"].update(variant="x" * 5000), ["unknown variant"]),
    (lambda e: e["config"]["seats"][0].update(name=7), ["'name' entry is int"]),
    (lambda e: e["config"]["seats"].pop(), ["seats for a match of 3"]),
    (lambda e: e["match"].update(players="3"), ["match"]),
    (lambda e: e["match"].update(scores=None), ["the match in it is corrupt"]),
    (lambda e: e["match"]["game"].update(hands=[[10**40]] * 3), ["corrupt"]),
    (lambda e: e["match"]["game"].clear(), ["corrupt"]),
    (lambda e: e["match"].update(rng=[3, [1e308], None]), ["corrupt"]),
    (lambda e: e.update(finished="yes"), ["'finished' entry is str"]),
    (lambda e: e["rounds"][0].update(number=2), ["numbered 2"]),
])
def test_a_damaged_save_gets_one_line_and_is_kept(store, good_save, change, words):
    assert_refused_and_kept(store, mutate(good_save, change), *words)


@pytest.mark.parametrize("data, words", [
    (b"", ["empty"]),
    (b"\xff\xfe\x00garbage", ["not text"]),
    (b"[1, 2, 3]", ["holds list"]),
    (b"[" * 100_000 + b"]" * 100_000, ["nested too deeply"]),
    (b'{"format": ' + b"9" * 5000 + b"}", ["can't read"]),
    (b"null", ["holds NoneType"]),
])
def test_files_that_are_not_saves(store, data, words):
    assert_refused_and_kept(store, data, *words)


@settings(max_examples=40, deadline=None, suppress_health_check=[HealthCheck.function_scoped_fixture])
@given(cut=st.floats(min_value=0.0, max_value=0.999))
def test_a_truncated_save_is_refused_and_kept(tmp_path_factory, good_save, cut):
    store = MatchStore(tmp_path_factory.mktemp("cut"))
    data = good_save[:int(len(good_save) * cut)]
    error = assert_refused_and_kept(store, data)
    assert "cut short" in error.problem or "empty" in error.problem


@settings(max_examples=60, deadline=None, suppress_health_check=[HealthCheck.function_scoped_fixture])
@given(data=st.data())
def test_any_value_anywhere_is_refused_or_loads(tmp_path_factory, good_save, data):
    """Replace one value somewhere in a good save by something else: the load either
    works or raises SaveFileError (never anything else), and a refused file is kept."""
    envelope = json.loads(good_save)
    node, path = envelope, []
    while isinstance(node, (dict, list)) and node and data.draw(st.booleans()):
        key = data.draw(st.sampled_from(sorted(node) if isinstance(node, dict)
                                        else range(len(node))))
        path.append((node, key))
        node = node[key]
    if not path:
        return
    parent, key = path[-1]
    parent[key] = data.draw(st.one_of(
        st.none(), st.booleans(), st.integers(), st.floats(allow_nan=False), st.text(max_size=5),
        st.just([]), st.just({}), st.just(10**300), st.just(-1)))
    store = MatchStore(tmp_path_factory.mktemp("any"))
    store.saves.mkdir(parents=True)
    file = store.saves / "match-x.json"
    raw = json.dumps(envelope).encode()
    file.write_bytes(raw)
    try:
        store.load(file)
    except SaveFileError as error:
        assert error.moved_to.read_bytes() == raw
        assert "\n" not in str(error)


def test_unfinished_sets_bad_files_aside_and_says_so(store, good_save):
    store.saves.mkdir(parents=True)
    (store.saves / "match-good.json").write_bytes(good_save)
    (store.saves / "match-cut.json").write_bytes(good_save[:100])
    (store.saves / ".match-good.json.abc.tmp").write_bytes(good_save[:10])  # a write cut short
    summaries = store.unfinished()
    assert [s.path.name for s in summaries] == ["match-good.json"]
    [problem] = store.problems
    assert "match-cut.json" in str(problem) and "cut short" in str(problem)
    assert (store.saves / ".match-good.json.abc.tmp").exists()
    assert [p.name.split(".json")[0] for p in store.damaged.iterdir()] == ["match-cut"]


def test_unfinished_with_a_limit_reads_only_the_newest_files(store, good_save):
    """The setup screen asks for the newest few: older files are counted, never read
    (a history of hundreds of saves made its first frame wait for all of them)."""
    store.saves.mkdir(parents=True)
    names = ["match-a.json", "match-b.json", "match-c.json", "match-d.json"]
    for age, name in enumerate(names):
        path = store.saves / name
        path.write_bytes(good_save)
        os.utime(path, (1_000_000 - age * 100, 1_000_000 - age * 100))   # a is the newest
    (store.saves / "match-old-cut.json").write_bytes(good_save[:100])
    os.utime(store.saves / "match-old-cut.json", (1, 1))
    summaries = store.unfinished(limit=2)
    assert [s.path.name for s in summaries] == ["match-a.json", "match-b.json"]
    assert store.problems == [] and (store.saves / "match-old-cut.json").exists()
    assert store.count_unfinished() == 5
    assert store.latest_unfinished().path.name == "match-a.json"
    # Without a limit every file is read, and the bad one is set aside.
    assert len(store.unfinished()) == 4 and len(store.problems) == 1


# ------------------------------------------------------- background writer

def test_saves_in_the_background_are_on_disk_after_flush(store):
    cfg = config()
    recorder = MatchRecorder(store, cfg, background=True)
    ctl = TableController(cfg.variant, cfg.seats, target=cfg.target, seed=cfg.seed,
                          recorder=recorder)
    for _ in range(10):
        play_actions(ctl, 13)
        assert recorder.flush(10)
        assert store.load(only_save(store)).restore().to_json() == ctl.match.to_json()


def test_a_new_match_gets_its_file_after_the_last_ones_lines_however_slow_the_disk(
        store, monkeypatch):
    """A new match ("play again") while the last match's lines are still on their way to
    a slow disk: those lines all reach the last match's file, and the new match's file is
    made only after them, by the one writer. (The recorder waited 5 s for the disk, on
    the server's event loop, then closed the file under the write and started a second
    writer beside the first: the lines were lost, and a late write could make the old
    file the new match's.)"""
    cfg = config()
    recorder = MatchRecorder(store, cfg, background=True)
    ctl = TableController(cfg.variant, cfg.seats, target=cfg.target, seed=cfg.seed,
                          recorder=recorder)
    assert recorder.flush(10)
    first = only_save(store)
    disk, held = threading.Event(), threading.Event()
    events = []
    write, create = Journal.write, Journal.create.__func__

    def slow_write(journal, data):
        if journal.path == first:
            events.append("first written to")
            held.set()
            disk.wait(30)
        write(journal, data)
        if journal.path == first:
            events.append("first written")

    def watched_create(cls, path, data):
        events.append("second made")
        return create(cls, path, data)

    monkeypatch.setattr(Journal, "write", slow_write)
    monkeypatch.setattr(Journal, "create", classmethod(watched_create))
    play_actions(ctl, 5)
    assert held.wait(10)
    last_match = ctl.match.to_json()
    ctl.restart()                           # a new match: a file of its own
    assert "second made" not in events      # not beside the write on its way
    disk.set()
    assert recorder.flush(30)
    assert events == ["first written to", "first written", "second made"]
    second = recorder.record.path
    assert second != first and sorted(store.saves.glob("*.json")) == sorted([first, second])
    assert store.load(first).restore().to_json() == last_match
    assert store.load(second).restore().to_json() == ctl.match.to_json()
    recorder.close()


def test_a_failing_disk_in_the_background_is_reported_not_raised(store, monkeypatch):
    cfg = config()
    problems = []
    recorder = MatchRecorder(store, cfg, background=True, on_problem=problems.append)
    ctl = TableController(cfg.variant, cfg.seats, target=cfg.target, seed=cfg.seed,
                          recorder=recorder)
    recorder.flush()

    def broken(*_):
        raise OSError(5, "Input/output error")

    monkeypatch.setattr(os, "fsync", broken)
    play_actions(ctl, 3)
    recorder.flush()
    assert problems == ["the match could not be saved: Input/output error"]
    monkeypatch.undo()
    play_actions(ctl, 2)
    recorder.flush()
    assert recorder.problem is None
    assert store.load(only_save(store)).restore().to_json() == ctl.match.to_json()


def test_a_history_file_removed_while_listed_is_sorted_last_not_raised(store, monkeypatch):
    ctl = recorded_table(store, config(mode="single"))
    while not ctl.match.is_over:
        play_actions(ctl, 1)
    [kept] = store.finished()
    gone = store.history / "gone-since-listed.json"
    listed = MatchStore._files
    monkeypatch.setattr(MatchStore, "_files", staticmethod(
        lambda folder: listed(folder) + ([gone] if folder == store.history else [])))
    assert store.finished() == [kept, gone]
