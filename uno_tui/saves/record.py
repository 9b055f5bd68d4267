"""One match as it is saved: its set-up, its state now, and every round's actions.

A save is a *journal*: JSON text, one object per line, each line ending in a new line,
only ever appended to while the match is played::

    {"format": 2, "kind": "uno-tui-match", "created": ISO time, "config": {...}}
    {"deal": 1, "match": Match.to_json()}      a round was dealt: the match then
    {"action": "Play", "seat": 0, "card": 12}  an action (engine.action_to_json)
    ...
    {"scored": 1, "scores": [0, 17, 0]}        the round was scored
    {"deal": 2, "check": 3735928559}           the next round, dealt as the match deals
    ...                                         it (the check: the deal's CRC-32)
    {"deal": 11, "match": ...}                  every SNAPSHOT_EVERY rounds, the whole match
    {"config": {...}}                           the seats changed (the server's tables)
    {"finished": ISO time}                      the match is over

So the bytes written per action do not grow with the match (a save used to rewrite the
whole match after every action: 3.77 MB at round 400). A ``deal`` line with the match
in it is a snapshot: resuming reads the match from the last one and applies the lines
after it (deals too: the next round is dealt from the match's own shuffle, which the
snapshot holds), so resume time does not grow with the match either. The snapshot is
most of a line's bytes (the shuffles' states): one every SNAPSHOT_EVERY rounds keeps the
file smaller than the old format's, and a deal that is not the match's own next round
(a position played from) always has one. A last line without its new line
(the power went, kill -9 in the middle of a write) is a write cut short: it is dropped
on load, and the match resumes at the action before it.

Replays read the same lines: each round is its deal (``deal``'s ``match.game``) and
the actions after it. Two more lines come from a save of format 1 (one JSON object,
rewritten after every action) turned into a journal when it is resumed:
``{"round": N, "start": Game.to_json()}`` (a round's deal, for replays) and
``{"match": Match.to_json()}`` (a snapshot in the middle of a round). Format 1 files
still load as they are (:func:`parse_save`).
"""

from __future__ import annotations

import json
import zlib
from dataclasses import dataclass, field
from datetime import datetime, timezone
from pathlib import Path
from typing import Any

from ..config import MAX_NAME, MAX_SEATS, MAX_SEED, MAX_TARGET, PlayConfig, SeatSpec, bot_levels
from ..i18n import N_, Phrase, reason
from ..printable import clean_name
from ..engine import (MODES, VARIANTS, Action, EngineError, Match, action_from_json,
                      action_to_json)

__all__ = ["FORMAT", "KIND", "MatchRecord", "RoundRecord", "now", "parse_save",
           "header_line", "deal_line", "next_deal_line", "deal_check", "SNAPSHOT_EVERY",
           "action_line", "scored_line", "config_line",
           "finished_line"]

#: The save format this version writes; it reads this one and every older one.
FORMAT = 2
#: What a save's header (or a format-1 envelope) says it is.
KIND = "uno-tui-match"
#: A deal line holds the whole match once in this many rounds (see the module docstring).
SNAPSHOT_EVERY = 10
#: Line starts the loader looks for without parsing the line (see the writers below:
#: every line is written by them, compact, its first key first).
_DEAL, _SNAPSHOT, _CONFIG = b'{"deal":', b'{"match":', b'{"config":'


def _is_snapshot(line: bytes) -> bool:
    """Whether a journal line holds the whole match (read without parsing it)."""
    return line.startswith(_SNAPSHOT) or (line.startswith(_DEAL) and b',"match":' in line[:40])


def now() -> str:
    """The time now, in UTC, as an ISO 8601 string to the second."""
    return datetime.now(timezone.utc).replace(microsecond=0).isoformat()


def _dumps(value) -> bytes:
    return json.dumps(value, separators=(",", ":")).encode() + b"\n"


# ----------------------------------------------------------------- the lines

def header_line(config: PlayConfig, created: str) -> bytes:
    """A journal's first line."""
    return _dumps({"format": FORMAT, "kind": KIND, "created": created,
                   "config": config_to_json(config)})


def deal_line(match: Match, data: dict | None = None) -> bytes:
    """A round was dealt: the match as it is now (a snapshot resume starts from);
    ``data`` is ``match.to_json()`` if the caller has it already."""
    return _dumps({"deal": match.round_number, "match": data or match.to_json()})


def next_deal_line(match: Match) -> bytes:
    """The match dealt its next round itself (after a scored round): the loader deals it
    again from the match's shuffle; the check says it got the same deal."""
    return _dumps({"deal": match.round_number, "check": deal_check(match)})


def deal_check(match: Match) -> int:
    """The CRC-32 of the round in play as it was dealt (its saved JSON)."""
    return zlib.crc32(_dumps(match.game.to_json()))


def action_line(action: Action) -> bytes:
    """An action applied to the round in play."""
    return _dumps(action_to_json(action))


def scored_line(match: Match) -> bytes:
    """The round in play was scored."""
    return _dumps({"scored": len(match.results), "scores": list(match.scores)})


def config_line(config: PlayConfig) -> bytes:
    """The set-up changed (a seat's name, at the server's tables)."""
    return _dumps({"config": config_to_json(config)})


def finished_line() -> bytes:
    """The match is over."""
    return _dumps({"finished": now()})


@dataclass
class RoundRecord:
    """One round: the game as dealt and the actions applied to it since."""

    number: int
    start: dict
    actions: list[dict] = field(default_factory=list)

    def to_json(self) -> dict:
        """The round as plain JSON values (as a format-1 save held it)."""
        return {"number": self.number, "start": self.start, "actions": self.actions}


@dataclass
class MatchRecord:
    """A match in a save file (see the module docstring for the layout).

    ``match`` is the match as it is now (what a resume plays on) and ``rounds`` every
    round's deal and actions (what a replay steps through). A record read from a
    journal reads its rounds the first time they are asked for: resuming never needs
    them, and a long match has hundreds.
    """

    config: PlayConfig
    match: dict
    created: str = field(default_factory=now)
    updated: str = field(default_factory=now)
    finished: bool = False
    #: The file it lives in (set by the store).
    path: Path | None = field(default=None, compare=False)
    #: The format of the file it was read from (FORMAT for a new one).
    format: int = field(default=FORMAT, compare=False)
    #: How many bytes of the file are whole lines (a torn last line is not counted).
    length: int = field(default=0, compare=False)
    #: How many bytes the file had when it was read (its torn last line too).
    size: int = field(default=0, compare=False)
    #: Actions in the whole match so far ("move N").
    moves: int = field(default=0, compare=False)
    #: The lock on the file while this process plays it (see saves.lock), or None.
    lock: Any = field(default=None, compare=False, repr=False)
    _rounds: list[RoundRecord] | None = field(default=None, compare=False, repr=False)
    _lines: list[bytes] | None = field(default=None, compare=False, repr=False)

    @property
    def rounds(self) -> list[RoundRecord]:
        """Every round's deal and actions; ``ValueError`` if a line of them is corrupt."""
        if self._rounds is None:
            self._rounds = _rounds_of(self._lines or [])
            self._lines = None
        return self._rounds

    @rounds.setter
    def rounds(self, rounds: list[RoundRecord]) -> None:
        self._rounds, self._lines = rounds, None

    def forget_rounds(self) -> None:
        """Let go of the rounds (and of the file's text kept to read them from)."""
        self._rounds = self._lines = None

    # -------------------------------------------------------------- reading

    @property
    def humans(self) -> tuple[str, ...]:
        """The names of the people in the match."""
        return tuple(seat.name for seat in self.config.seats if seat.is_human)

    @property
    def round_number(self) -> int:
        """The round in play (or the last one, once the match is over)."""
        results = self.match.get("results", [])
        return len(results) + (0 if self.match.get("scored") else 1)

    @property
    def scores(self) -> tuple[int, ...]:
        """The totals so far, seat by seat."""
        return tuple(self.match.get("scores", ()))

    def restore(self) -> Match:
        """The match in play, as saved; ``ValueError`` naming the problem if it is corrupt."""
        match = _match_from_json(self.match)
        if match.players != len(self.config.seats) or match.variant != self.config.variant:
            raise ValueError(Phrase("the match in it does not fit its seats or variant"))
        return match

    def journal_lines(self) -> list[bytes]:
        """The whole match as journal lines (to turn a format-1 save into a journal)."""
        lines = [header_line(self.config, self.created)]
        for entry in self.rounds:
            lines.append(_dumps({"round": entry.number, "start": entry.start}))
            lines.extend(_dumps(action) for action in entry.actions)
        lines.append(_dumps({"match": self.match}))
        if self.finished:
            lines.append(finished_line())
        return lines

    @classmethod
    def from_json(cls, data: Any) -> "MatchRecord":
        """Read a format-1 envelope; ``ValueError`` naming the first problem found."""
        _check_kind(data)
        if data["format"] != 1:
            raise ValueError(Phrase("a format {format} save is a journal, not one object",
                                    format=data["format"]))
        config = config_from_json(_get(data, "config", dict))
        match = _get(data, "match", dict)
        rounds = []
        for index, entry in enumerate(_get(data, "rounds", list), start=1):
            if not isinstance(entry, dict):
                raise ValueError(Phrase("round {index} is not an object", index=index))
            number = _get(entry, "number", int)
            if number != index:
                raise ValueError(Phrase("round {index} is numbered {number}", index=index,
                                        number=_clipped(number)))
            rounds.append(RoundRecord(number, _get(entry, "start", dict),
                                      _get(entry, "actions", list)))
        if not rounds:
            raise ValueError(Phrase("it has no rounds (a save has at least the one in play)"))
        record = cls(config=config, match=match, created=_get(data, "created", str),
                     updated=_get(data, "updated", str), finished=_get(data, "finished", bool),
                     format=1, moves=sum(len(r.actions) for r in rounds))
        record.rounds = rounds
        _check_players(config, match)
        return record


def _check_kind(data: Any) -> None:
    if not isinstance(data, dict):
        raise ValueError(Phrase("it holds {type}, not a saved match", type=_type_words(type(data))))
    if data.get("kind") != KIND:
        raise ValueError(Phrase("it is not an uno-tui match (no \"kind\": \"uno-tui-match\")"))
    version = data.get("format")
    if type(version) is not int:
        raise ValueError(Phrase("it has no format number"))
    if version > FORMAT:
        raise ValueError(Phrase("it was written by a newer uno-tui (format {format}; this one "
                                "reads format {known})", format=version, known=FORMAT))
    if version < 1:
        raise ValueError(Phrase("unknown format {format}", format=version))


def _check_players(config: PlayConfig, match: dict) -> None:
    players = match.get("players")
    if len(config.seats) != players:
        shown = players if type(players) is int else type(players).__name__
        raise ValueError(Phrase("it names {seats} seats for a match of {players} players",
                                seats=len(config.seats), players=shown))


def _match_from_json(data: dict) -> Match:
    try:
        return Match.from_json(data)
    except RecursionError:
        raise ValueError(Phrase("the match in it is nested too deeply")) from None
    except Exception as exc:  # any failure of a corrupt save is one message
        raise ValueError(Phrase("the match in it is corrupt ({problem})",
                                problem=_said(exc))) from None


# ------------------------------------------------------------- reading a file

def parse_save(data: bytes) -> MatchRecord:
    """The match in a save file's bytes (a journal, or a format-1 envelope); ``ValueError``
    naming the first problem found. The match is played from its last snapshot to its
    last whole line, so a record that loads resumes."""
    if not data.strip():
        raise ValueError(Phrase("it is empty"))
    if data.lstrip()[:1] == b"{" and b"\n" in data.strip():
        first = data[:data.index(b"\n")]
        try:
            header = json.loads(first)
        except ValueError:
            header = None
        if isinstance(header, dict) and header.get("format") != 1:
            return _parse_journal(data, header)
    envelope = _json(data, Phrase("it"))   # the file, in "it is not text"
    if isinstance(envelope, dict) and envelope.get("format") != 1:
        _check_kind(envelope)
        raise ValueError(Phrase("it is cut short (it has no whole line after its first)"))
    record = MatchRecord.from_json(envelope)
    record.restore()
    record.length = record.size = len(data)
    return record


def _json(raw: bytes, what: str, line: int | None = None):
    where = Phrase(" (line {line})", line=line) if line is not None else ""
    try:
        text = raw.decode("utf-8")
    except UnicodeDecodeError:
        raise ValueError(Phrase("{what} is not text (not UTF-8){where}", what=what,
                                where=where)) from None
    try:
        return json.loads(text)
    except RecursionError:
        raise ValueError(Phrase("{what} is nested too deeply to be a save{where}", what=what,
                                where=where)) from None
    except json.JSONDecodeError as exc:
        if line is not None:
            raise ValueError(Phrase("line {line} is not complete JSON (corrupt at column "
                                    "{column})", line=line, column=exc.colno)) from None
        raise ValueError(Phrase("it is not complete JSON (cut short or corrupt at line {line}, "
                                "column {column})", line=exc.lineno, column=exc.colno)) from None
    except ValueError as exc:   # e.g. a number with more digits than Python reads
        raise ValueError(Phrase("{what} holds a value JSON can't read ({problem}){where}",
                                what=what, problem=_short(exc, 60), where=where)) from None


def _parse_journal(data: bytes, header: dict) -> MatchRecord:
    _check_kind(header)
    lines = data.split(b"\n")
    torn = lines.pop()              # after the last new line: empty, or a write cut short
    length = len(data) - len(torn)
    config = config_from_json(_get(header, "config", dict))
    # The match is read from the last snapshot on; the lines before it are only read
    # (lazily) for a replay, except the set-up changes, which are few.
    last = None
    for index in range(len(lines) - 1, 0, -1):
        line = lines[index]
        if _is_snapshot(line):
            last = index
            break
    if last is None:
        if torn:
            raise ValueError(Phrase("it is cut short before its first deal is whole"))
        raise ValueError(Phrase("it has no deal (a save has at least the round in play)"))
    for index in range(1, last):
        if lines[index].startswith(_CONFIG):
            config = _config_entry(_entry(lines[index], index + 1), index + 1)
    snapshot = _entry(lines[last], last + 1)
    match_data = snapshot.get("match")
    if not isinstance(match_data, dict):
        raise ValueError(Phrase("line {number} has no match in it", number=last + 1))
    match = _match_from_json(match_data)
    if match.players != len(config.seats) or match.variant != config.variant:
        raise ValueError(Phrase("the match in it does not fit its seats or variant"))
    finished = False
    for index in range(last + 1, len(lines)):
        number = index + 1
        entry = _entry(lines[index], number)
        if finished:
            raise ValueError(Phrase("line {number} comes after the match finished", number=number))
        if "action" in entry:
            _apply(match, entry, number)
        elif "deal" in entry:
            _deal(match, entry, number)
        elif "scored" in entry:
            _score(match, entry, number)
        elif "config" in entry:
            config = _config_entry(entry, number)
        elif "finished" in entry:
            finished = True
        else:
            raise ValueError(Phrase("line {number} is not a journal entry", number=number))
    moves = data.count(b'\n{"action":', 0, length)
    record = MatchRecord(config=config, match=match.to_json(),
                         created=_get(header, "created", str), finished=finished,
                         format=header["format"], length=length, size=len(data), moves=moves)
    if match.players != len(config.seats):
        raise ValueError(Phrase("the seats changed to a number the match does not have"))
    record._lines = lines
    return record


def _entry(raw: bytes, number: int) -> dict:
    entry = _json(raw, Phrase("line {number}", number=number), number)
    if not isinstance(entry, dict):
        raise ValueError(Phrase("line {number} holds {type}, not an entry", number=number,
                                type=_type_words(type(entry))))
    return entry


def _config_entry(entry: dict, number: int) -> PlayConfig:
    try:
        return config_from_json(_get(entry, "config", dict))
    except ValueError as exc:
        raise ValueError(Phrase("line {number}: {problem}", number=number,
                                problem=reason(exc))) from None


def _apply(match: Match, entry: dict, number: int) -> None:
    try:
        if match.round_scored:
            raise ValueError(Phrase("the round is over"))
        match.game.apply(action_from_json(entry))
    except (EngineError, ValueError) as exc:
        raise ValueError(Phrase("the action on line {number} can't be played ({problem})",
                                number=number, problem=_said(exc))) from None
    except Exception as exc:   # a corrupt action the engine trips on is one message too
        raise ValueError(Phrase("the action on line {number} is corrupt ({problem})",
                                number=number, problem=_said(exc))) from None


def _deal(match: Match, entry: dict, number: int) -> None:
    """A deal line without the match: deal the next round as the match does, and check it."""
    try:
        match.next_round()
    except EngineError as exc:
        raise ValueError(Phrase("line {number} deals a round that can't be dealt ({problem})",
                                number=number, problem=_said(exc))) from None
    except Exception as exc:   # a corrupt match the engine trips on is one message too
        raise ValueError(Phrase("the deal on line {number} is corrupt ({problem})",
                                number=number, problem=_said(exc))) from None
    if entry.get("deal") != match.round_number or entry.get("check") != deal_check(match):
        raise ValueError(Phrase("the deal on line {number} is not the one the match deals",
                                number=number))


def _score(match: Match, entry: dict, number: int) -> None:
    try:
        match.finish_round()
    except EngineError as exc:
        raise ValueError(Phrase("line {number} scores a round that can't be scored ({problem})",
                                number=number, problem=_said(exc))) from None
    if entry.get("scores") != match.scores:
        raise ValueError(Phrase("line {number} has other scores than its round gives",
                                number=number))


def _rounds_of(lines: list[bytes]) -> list[RoundRecord]:
    """The rounds of a journal's lines (the header first): every line is read and the
    match played through, since a deal without a snapshot is dealt again from it."""
    rounds: list[RoundRecord] = []
    match: Match | None = None
    for index in range(1, len(lines)):
        number = index + 1
        entry = _entry(lines[index], number)
        if "action" in entry:
            if not rounds:
                raise ValueError(Phrase("the action on line {number} comes before any deal",
                                        number=number))
            rounds[-1].actions.append(entry)
            if match is not None:
                _apply(match, entry, number)
        elif "scored" in entry:
            if match is not None:
                _score(match, entry, number)
        elif "match" in entry:
            if not isinstance(entry["match"], dict):
                raise ValueError(Phrase("line {number} has no match in it", number=number))
            match = _match_from_json(entry["match"])
            if "deal" in entry:
                _new_round(rounds, entry["deal"], entry["match"].get("game"), number)
        elif "deal" in entry:
            if match is None:
                raise ValueError(Phrase("the deal on line {number} comes before any match",
                                        number=number))
            _deal(match, entry, number)
            _new_round(rounds, entry["deal"], match.game.to_json(), number)
        elif "round" in entry:          # a format-1 save's round, turned into a journal
            _new_round(rounds, entry["round"], entry.get("start"), number)
    return rounds


def _new_round(rounds: list[RoundRecord], round_number, start, line: int) -> None:
    if type(round_number) is not int or not isinstance(start, dict):
        raise ValueError(Phrase("the deal on line {number} is corrupt", number=line))
    if rounds and rounds[-1].number == round_number:
        rounds.pop()            # the round was dealt again (a position played from)
    rounds.append(RoundRecord(round_number, start))


def config_to_json(config: PlayConfig) -> dict:
    """A :class:`PlayConfig` as plain JSON values."""
    return {
        "variant": config.variant, "seed": config.seed, "target": config.target,
        "mode": config.mode, "rules": sorted(config.rules),
        "seats": [{"name": seat.name, "level": seat.level} for seat in config.seats or ()],
    }


def config_from_json(data: dict) -> PlayConfig:
    """The :class:`PlayConfig` of a save; ``ValueError`` when a value is out of place."""
    variant = _get(data, "variant", str)
    if variant not in VARIANTS:
        raise ValueError(Phrase("unknown variant {name}", name=repr(variant[:32])))
    mode = _get(data, "mode", str)
    if mode not in MODES:
        raise ValueError(Phrase("unknown match mode {name}", name=repr(mode[:32])))
    target = _get(data, "target", int)
    if not 1 <= target <= MAX_TARGET:
        raise ValueError(Phrase("the target {target} is not from 1 to {most}",
                                target=_clipped(target), most=MAX_TARGET))
    seed = data.get("seed")
    if seed is not None and (type(seed) is not int or not 0 <= seed <= MAX_SEED):
        raise ValueError(Phrase("the seed is not a whole number from 0 to 2**63-1"))
    rules = _get(data, "rules", list)
    if not all(isinstance(rule, str) for rule in rules):
        raise ValueError(Phrase("a house rule is not a name"))
    seats = []
    levels = bot_levels()
    for number, seat in enumerate(_get(data, "seats", list), start=1):
        if not isinstance(seat, dict):
            raise ValueError(Phrase("seat {number} is not an object", number=number))
        # A save is data from anywhere: its names are made printable before any
        # screen shows them (an escape sequence in one would drive the terminal).
        name = clean_name(_get(seat, "name", str), limit=None)
        level = seat.get("level")
        # Characters, not cells: a save from before names were measured in cells may
        # hold a name of up to 16 kanji, and the table cuts such a name where it is drawn.
        if not name or len(name) > MAX_NAME:
            raise ValueError(Phrase("seat {number} has no printable name or one longer than "
                                    "{most}", number=number, most=MAX_NAME))
        if level is not None and level not in levels:
            raise ValueError(Phrase("seat {number} has an unknown computer level", number=number))
        seats.append(SeatSpec(name, level))
    if not 2 <= len(seats) <= MAX_SEATS:
        raise ValueError(Phrase("it has {count} seats", count=len(seats)))
    return PlayConfig(variant=variant, seats=tuple(seats), seed=seed, target=target,
                      mode=mode, rules=frozenset(rules))


#: The JSON values' Python types, by the names a save's problems call them (English as
#: Python names them, the reader's language's words where shown).
_TYPE_WORDS = {dict: N_("dict"), list: N_("list"), str: N_("str"), int: N_("int"),
               float: N_("float"), bool: N_("bool"), type(None): N_("NoneType")}


def _type_words(kind: type) -> str:
    """The name of the type ``kind`` as a phrase (in the reader's words when shown)."""
    name = _TYPE_WORDS.get(kind)
    return Phrase(name) if name is not None else kind.__name__


def _get(data: dict, key: str, kind: type):
    """``data[key]``, which must be a ``kind``; ``ValueError`` naming the key otherwise."""
    if key not in data:
        raise ValueError(Phrase("the {key} entry is missing", key=repr(key)))
    value = data[key]
    # bool is an int to Python, but not to a save file.
    if type(value) is not kind:
        raise ValueError(Phrase("the {key} entry is {type}, not {kind}", key=repr(key),
                                type=_type_words(type(value)), kind=_type_words(kind)))
    return value


def _clipped(value, limit: int = 24) -> str:
    """A value of a save for a message: at most ``limit`` characters of it (a corrupt
    file can hold a number of a thousand digits)."""
    text = repr(value)
    return text if len(text) <= limit else f"{text[:limit]}... ({len(text):,} characters)"


def _said(error: BaseException) -> str:
    """What ``error`` says: the phrase it was raised with (the engine's and the checks
    here: read in the reader's words), else its text, cut short."""
    said = reason(error)
    return said if isinstance(said, Phrase) else _short(error)


def _short(error: BaseException, limit: int = 120) -> str:
    """An error's text, cut to ``limit`` characters (a corrupt file's text can be huge)."""
    text = " ".join(str(error).split()) or type(error).__name__
    return text if len(text) <= limit else text[:limit] + "..."
