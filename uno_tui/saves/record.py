"""One match as it is saved: its set-up, its state now, and every round's actions.

The file is one JSON object, the *envelope*::

    {"format": 1, "kind": "uno-tui-match", "created": ISO time, "updated": ISO time,
     "finished": false, "config": {variant, seats, seed, target, mode, rules},
     "match": Match.to_json(),
     "rounds": [{"number": 1, "start": Game.to_json() at the deal, "actions": [...]}, ...]}

``match`` is what a resume loads; ``rounds`` is what a replay steps through (each
round's deal and the actions applied to it, in order).
"""

from __future__ import annotations

import json
from dataclasses import dataclass, field
from datetime import datetime, timezone
from pathlib import Path
from typing import Any

from ..config import MAX_NAME, MAX_SEATS, MAX_SEED, MAX_TARGET, PlayConfig, SeatSpec, bot_levels
from ..printable import clean_name
from ..engine import MODES, VARIANTS, Action, Match, action_to_json

__all__ = ["FORMAT", "KIND", "MatchRecord", "RoundRecord", "now"]

#: The save format this version writes and reads; a file with a higher one is refused.
FORMAT = 1
#: What the envelope's "kind" says.
KIND = "uno-tui-match"


def now() -> str:
    """The time now, in UTC, as an ISO 8601 string to the second."""
    return datetime.now(timezone.utc).replace(microsecond=0).isoformat()


@dataclass
class RoundRecord:
    """One round: the game as dealt and the actions applied to it since."""

    number: int
    start: dict | None
    actions: list[dict] | None = field(default_factory=list)
    # JSON text kept between saves, so a save encodes only what is new: the deal once,
    # each action once, and a round that is over not at all.
    _start_text: str | None = field(default=None, repr=False, compare=False)
    _action_texts: list[str] = field(default_factory=list, repr=False, compare=False)
    _text: str | None = field(default=None, repr=False, compare=False)

    def to_json(self) -> dict:
        """The round as plain JSON values."""
        if self.start is None:   # closed: only its text is kept
            return json.loads(self._text)
        return {"number": self.number, "start": self.start, "actions": self.actions}

    def text(self) -> str:
        """The round as JSON text (what :meth:`to_json` gives, encoded)."""
        if self._text is not None:
            return self._text
        if self._start_text is None:
            self._start_text = _dumps(self.start)
        texts = self._action_texts
        texts.extend(_dumps(action) for action in self.actions[len(texts):])
        return (f'{{"number":{self.number},"start":{self._start_text},'
                f'"actions":[{",".join(texts)}]}}')

    def close(self) -> None:
        """The round is over: its text will not change any more, and is all that is kept
        (the decoded deal and actions take ten times the room, for every round of a
        long match)."""
        self._text = self.text()
        self._action_texts = []
        self._start_text = None
        self.start = self.actions = None


def _commas(texts: list[str]) -> list[str]:
    """``texts`` with "," between them."""
    joined = []
    for text in texts:
        if joined:
            joined.append(",")
        joined.append(text)
    return joined


def _dumps(value) -> str:
    return json.dumps(value, separators=(",", ":"))


@dataclass
class MatchRecord:
    """A match in a save file (see the module docstring for the layout)."""

    config: PlayConfig
    match: dict
    rounds: list[RoundRecord] = field(default_factory=list)
    created: str = field(default_factory=now)
    updated: str = field(default_factory=now)
    finished: bool = False
    #: The file it lives in (set by the store on the first save).
    path: Path | None = field(default=None, compare=False)

    # -------------------------------------------------------------- writing

    def record(self, match: Match, action: Action) -> None:
        """``action`` was applied to ``match``'s round in play."""
        self.rounds[-1].actions.append(action_to_json(action))
        self.match = match.to_json()

    def start_round(self, match: Match) -> None:
        """``match`` has dealt a new round."""
        if self.rounds:
            self.rounds[-1].close()
        self.rounds.append(RoundRecord(match.round_number, match.game.to_json()))
        self.match = match.to_json()

    def text(self) -> str:
        """The whole envelope as JSON text (rounds that are over are not encoded again)."""
        return "".join(self.parts())

    def parts(self) -> tuple[str, ...]:
        """The envelope's text in pieces, in order: the rounds that are over are the same
        string objects every time, so neither a save's cost on the caller's side nor its
        memory grows with the match (a writer writes the pieces one by one)."""
        self.updated = now()
        head = _dumps({
            "format": FORMAT, "kind": KIND, "created": self.created, "updated": self.updated,
            "finished": self.finished, "config": config_to_json(self.config),
            "match": self.match,
        })
        rounds = [r.text() for r in self.rounds]
        return (head[:-1], ',"rounds":[', *_commas(rounds), "]}")

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
        try:
            match = Match.from_json(self.match)
        except RecursionError:
            raise ValueError("the match in it is nested too deeply") from None
        except Exception as exc:  # any failure of a corrupt save is one message
            raise ValueError(f"the match in it is corrupt ({_short(exc)})") from None
        if match.players != len(self.config.seats) or match.variant != self.config.variant:
            raise ValueError("the match in it does not fit its seats or variant")
        return match

    @classmethod
    def from_json(cls, data: Any) -> "MatchRecord":
        """Read an envelope; ``ValueError`` naming the first problem found."""
        if not isinstance(data, dict):
            raise ValueError(f"it holds {type(data).__name__}, not a saved match")
        if data.get("kind") != KIND:
            raise ValueError("it is not an uno-tui match (no \"kind\": \"uno-tui-match\")")
        version = data.get("format")
        if type(version) is not int:
            raise ValueError("it has no format number")
        if version > FORMAT:
            raise ValueError(f"it was written by a newer uno-tui (format {version}; "
                             f"this one reads format {FORMAT})")
        if version < 1:
            raise ValueError(f"unknown format {version}")
        config = config_from_json(_get(data, "config", dict))
        match = _get(data, "match", dict)
        rounds = []
        for index, entry in enumerate(_get(data, "rounds", list), start=1):
            if not isinstance(entry, dict):
                raise ValueError(f"round {index} is not an object")
            number = _get(entry, "number", int)
            if number != index:
                raise ValueError(f"round {index} is numbered {number}")
            rounds.append(RoundRecord(number, _get(entry, "start", dict),
                                      _get(entry, "actions", list)))
        record = cls(config=config, match=match, rounds=rounds,
                     created=_get(data, "created", str), updated=_get(data, "updated", str),
                     finished=_get(data, "finished", bool))
        if len(config.seats) != match.get("players"):
            raise ValueError(f"it names {len(config.seats)} seats for a match of "
                             f"{match.get('players')!r} players")
        return record


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
        raise ValueError(f"unknown variant {variant[:32]!r}")
    mode = _get(data, "mode", str)
    if mode not in MODES:
        raise ValueError(f"unknown match mode {mode[:32]!r}")
    target = _get(data, "target", int)
    if not 1 <= target <= MAX_TARGET:
        raise ValueError(f"the target {target} is not from 1 to {MAX_TARGET}")
    seed = data.get("seed")
    if seed is not None and (type(seed) is not int or not 0 <= seed <= MAX_SEED):
        raise ValueError("the seed is not a whole number from 0 to 2**63-1")
    rules = _get(data, "rules", list)
    if not all(isinstance(rule, str) for rule in rules):
        raise ValueError("a house rule is not a name")
    seats = []
    levels = bot_levels()
    for number, seat in enumerate(_get(data, "seats", list), start=1):
        if not isinstance(seat, dict):
            raise ValueError(f"seat {number} is not an object")
        # A save is data from anywhere: its names are made printable before any
        # screen shows them (an escape sequence in one would drive the terminal).
        name = clean_name(_get(seat, "name", str), limit=None)
        level = seat.get("level")
        if not name or len(name) > MAX_NAME:
            raise ValueError(f"seat {number} has no printable name or one longer than {MAX_NAME}")
        if level is not None and level not in levels:
            raise ValueError(f"seat {number} has an unknown computer level")
        seats.append(SeatSpec(name, level))
    if not 2 <= len(seats) <= MAX_SEATS:
        raise ValueError(f"it has {len(seats)} seats")
    return PlayConfig(variant=variant, seats=tuple(seats), seed=seed, target=target,
                      mode=mode, rules=frozenset(rules))


def _get(data: dict, key: str, kind: type):
    """``data[key]``, which must be a ``kind``; ``ValueError`` naming the key otherwise."""
    if key not in data:
        raise ValueError(f"the {key!r} entry is missing")
    value = data[key]
    # bool is an int to Python, but not to a save file.
    if type(value) is not kind:
        raise ValueError(f"the {key!r} entry is {type(value).__name__}, not {kind.__name__}")
    return value


def _short(error: BaseException, limit: int = 120) -> str:
    """An error's text, cut to ``limit`` characters (a corrupt file's text can be huge)."""
    text = " ".join(str(error).split()) or type(error).__name__
    return text if len(text) <= limit else text[:limit] + "..."
