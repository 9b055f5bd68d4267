"""Matches: rounds played to a target score, and the scoring modes."""

from __future__ import annotations

import random
from dataclasses import dataclass
from typing import Iterable

from ..i18n import Phrase
from . import saves
from .errors import ConfigError, IllegalActionError, SaveDataError, corruption, shown
from .game import Game
from .registry import get_variant

__all__ = ["MODES", "RoundResult", "Match"]

#: Match modes by name, with a description for help texts.
MODES = {
    "target": "the round winner scores the cards left in the other hands; first to the target wins",
    "single": "one round; whoever goes out wins",
    "five-rounds": "Japanese rule: 5 rounds; the winner scores the others' cards, each other "
                   "player scores minus their own; highest total wins",
    "lowest": "every player scores the cards left in their own hand; when someone reaches the "
              "target, the lowest total wins",
}
FIVE_ROUNDS = 5


@dataclass(frozen=True)
class RoundResult:
    """How one round ended and what it did to the scores."""

    number: int
    winner: int | None
    hand_points: tuple[int, ...]
    gained: tuple[int, ...]
    totals: tuple[int, ...]


class Match:
    """Rounds of one variant until the mode's end condition.

    ``game`` is the round in play. When it is over, call :meth:`finish_round`,
    then :meth:`next_round` unless :attr:`is_over`.
    """

    def __init__(self, variant: str = "classic", players: int = 4, *, target: int = 500,
                 mode: str = "target", rules: Iterable[str] = (), seed: int | None = None) -> None:
        if mode not in MODES:
            raise ConfigError(f"unknown match mode {mode!r} (known: {', '.join(MODES)})")
        if isinstance(target, bool) or not isinstance(target, int) or target < 1:
            raise ConfigError(f"the target score must be a whole number of at least 1, not {target!r}")
        get_variant(variant)
        if seed is not None and (isinstance(seed, bool) or not isinstance(seed, (int, str))):
            raise ConfigError(f"the seed must be a whole number or text, not {seed!r}")
        self.variant = variant
        self.players = players
        self.target = target
        self.mode = mode
        self.seed = seed
        self._rng = random.Random(seed)
        self.results: list[RoundResult] = []
        self.round_scored = False
        # The first round checks the players and the house rules.
        self.game = self._new_game(dealer=None, rules=rules)
        self.rules = self.game.rules
        self.scores = [0] * players

    def _new_game(self, dealer: int | None, cards=None, rules=None) -> Game:
        return Game(self.variant, self.players, seed=self._rng.randrange(2**63),
                    rules=self.rules if rules is None else rules, dealer=dealer, cards=cards)

    @property
    def round_number(self) -> int:
        """1 for the first round, and so on."""
        return len(self.results) + (0 if self.round_scored else 1)

    def finish_round(self) -> RoundResult:
        """Score the finished round. Raises if the round is still being played."""
        game = self.game
        if not game.is_over:
            raise IllegalActionError("the round is still being played")
        if self.round_scored:
            raise IllegalActionError(f"round {len(self.results)} has already been scored: "
                                     "start the next round first")
        hands = tuple(game.hand_points(s) for s in range(self.players))
        winner = game.winner
        gained = [0] * self.players
        if winner is not None:
            if self.mode == "lowest":
                gained = list(hands)
            else:
                gained[winner] = game.round_points()
                if self.mode == "five-rounds":
                    for seat in range(self.players):
                        if seat != winner:
                            gained[seat] = -hands[seat]
        for seat, points in enumerate(gained):
            self.scores[seat] += points
        result = RoundResult(len(self.results) + 1, winner, hands, tuple(gained), tuple(self.scores))
        self.results.append(result)
        self.round_scored = True
        return result

    @property
    def is_over(self) -> bool:
        """True when the match has been decided (after the last round is scored)."""
        if not self.results:
            return False
        if self.mode == "single":
            return True
        if self.mode == "five-rounds":
            return len(self.results) >= FIVE_ROUNDS
        return max(self.scores) >= self.target

    @property
    def winners(self) -> tuple[int, ...]:
        """The seats that won the match (more than one on a tie); empty while it goes on."""
        if not self.is_over:
            return ()
        if self.mode == "single":
            winner = self.results[-1].winner
            return () if winner is None else (winner,)
        best = min(self.scores) if self.mode == "lowest" else max(self.scores)
        return tuple(s for s, score in enumerate(self.scores) if score == best)

    def next_round(self) -> Game:
        """Start the next round; the last round's winner deals (or the next dealer, if none won)."""
        if not self.round_scored:
            raise IllegalActionError("finish and score the current round first")
        if self.is_over:
            raise IllegalActionError("the match is over")
        last = self.game
        dealer = last.winner if last.winner is not None else (last.dealer + 1) % self.players
        # The same physical cards: a two-sided deck keeps its pairing for the whole match.
        self.game = self._new_game(dealer, cards=last.cards)
        self.round_scored = False
        return self.game

    def replace_round(self, game: Game) -> None:
        """Play the round in play from ``game`` instead (e.g. ``Game.from_position``).

        ``game`` takes the place of the current round, under the same round number. If
        that round had been scored, its result and the points it gave are taken back:
        the result was of a round nobody plays any more, and a match that says it scored
        a round still in play is one no save or mirror can restore.
        """
        if game.players != self.players:
            raise IllegalActionError(f"the position has {game.players} seats, "
                                     f"the match has {self.players}")
        if self.round_scored:
            taken_back = self.results.pop()
            for seat, points in enumerate(taken_back.gained):
                self.scores[seat] -= points
            self.round_scored = False
        self.game = game

    def to_json(self) -> dict:
        """The match as plain JSON values."""
        return {
            "variant": self.variant, "players": self.players, "target": self.target,
            "mode": self.mode, "rules": sorted(self.rules), "seed": self.seed,
            "scores": list(self.scores),
            "results": [[r.number, r.winner, list(r.hand_points), list(r.gained), list(r.totals)]
                        for r in self.results],
            "scored": self.round_scored,
            "game": self.game.to_json(),
            "rng": saves.rng_to_json(self._rng),
        }

    @classmethod
    def from_json(cls, data: dict) -> "Match":
        """Restore a match saved with :meth:`to_json`; :class:`SaveDataError` if it is corrupt."""
        if not isinstance(data, dict):
            raise SaveDataError(Phrase("the saved match is not a JSON object"))
        try:
            match = cls.__new__(cls)
            match.variant = data["variant"]
            get_variant(match.variant)
            match.players = saves.check_int(data["players"], "players", 1)
            match.target = saves.check_int(data["target"], "the target score", 1)
            match.mode = data["mode"]
            if match.mode not in MODES:
                raise ValueError(Phrase("unknown mode {mode}", mode=shown(match.mode)))
            if not isinstance(data["rules"], list) or not all(isinstance(r, str) for r in data["rules"]):
                raise ValueError(Phrase("rules must be a list of house-rule names"))
            match.rules = frozenset(data["rules"])
            match.seed = data["seed"]
            scores = data["scores"]
            if not isinstance(scores, list) or len(scores) != match.players:
                raise ValueError(Phrase("expected {count} scores", count=match.players))
            match.scores = [saves.check_int(s, Phrase("a score")) for s in scores]
            match.results = [cls._result_from_json(r, match.players) for r in data["results"]]
            if type(data["scored"]) is not bool:
                raise ValueError(Phrase("scored must be true or false"))
            match.round_scored = data["scored"]
            match._rng = saves.rng_from_json(data["rng"])
            game = data["game"]
        except ConfigError as exc:
            raise SaveDataError(Phrase("the saved match has a bad set-up: {problem}",
                                       problem=corruption(exc))) from None
        except (KeyError, TypeError, ValueError, IndexError, OverflowError) as exc:
            raise SaveDataError(Phrase("the saved match is corrupt ({problem})",
                                       problem=corruption(exc))) from None
        match.game = Game.from_json(game)
        if (match.game.variant.name, match.game.players, match.game.rules) != (
                match.variant, match.players, match.rules):
            raise SaveDataError(Phrase("the saved match's round is not of the match's variant, "
                                       "players and house rules"))
        if match.round_scored and not match.game.is_over:
            raise SaveDataError(Phrase("the saved match scored a round that is still being "
                                       "played"))
        return match

    @staticmethod
    def _result_from_json(data, players: int) -> RoundResult:
        number, winner, hands, gained, totals = data
        if winner is not None and (type(winner) is not int or not 0 <= winner < players):
            raise ValueError(Phrase("{value} is not a seat", value=shown(winner)))
        rows = []
        for row in (hands, gained, totals):
            if not isinstance(row, list) or len(row) != players:
                raise ValueError(Phrase("a round result needs {count} numbers per row",
                                        count=players))
            rows.append(tuple(saves.check_int(v, Phrase("a round's points")) for v in row))
        return RoundResult(saves.check_int(number, Phrase("a round number"), 1), winner, *rows)
