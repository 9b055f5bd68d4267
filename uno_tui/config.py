"""The play configuration and its limits, shared by the CLI, the app and the server.

Nothing here parses a command line or draws a screen: the CLI, the setup screen and
(later) the server's lobby all build the same :class:`PlayConfig` and check it
against the same limits.
"""

from __future__ import annotations

from dataclasses import dataclass
from typing import Sequence

from .i18n import N_, Translator, translator

__all__ = [
    "SeatSpec", "PlayConfig", "MAX_NAME", "MAX_SEATS", "CPU", "DEFAULT_BOT", "MAX_LOG_LINES",
    "DEFAULT_PACE",
    "MODE_LABELS", "bot_levels", "default_bot_level", "computer_name", "name_computers",
    "MAX_TARGET", "MAX_SEED", "MAX_GAMES", "MAX_THINK_MS", "MAX_WORKERS", "MAX_SESSIONS",
    "SERVE_LIMITS", "ServeLimit", "MAX_HOLD", "MAX_TURN_SECONDS", "player_count_problem",
    "name_cells", "name_problem", "fit_name",
]

#: The widest player name, in terminal cells: 16 letters, or 8 wide characters (kanji,
#: kana: two cells each). The seat list, the prompts and the hand's title are laid out
#: for it; counted in characters, 16 kanji took 32 cells and pushed them out of shape.
MAX_NAME = 16
#: The most seats any variant allows (UNO Party! plays up to 16).
MAX_SEATS = 16
#: The highest target score a match may have (a 500-point match lasts about an hour).
MAX_TARGET = 10_000
#: Seeds are whole numbers from 0 to this (what a 64-bit seed holds).
MAX_SEED = 2**63 - 1
#: The most games (or matches) one ``uno-tui sim`` run plays.
MAX_GAMES = 1_000_000
#: The longest a hard computer may think about one decision, in milliseconds.
MAX_THINK_MS = 60_000
#: The most processes ``uno-tui sim`` runs side by side.
MAX_WORKERS = 64
#: The most SSH sessions one `uno-tui serve` host accepts at once.
MAX_SESSIONS = 1_000
#: The longest a dropped player's seat is held for them (``serve --hold``), in seconds: a day.
MAX_HOLD = 86_400


@dataclass(frozen=True)
class ServeLimit:
    """One of ``uno-tui serve``'s limits: its flag's default and range, and what it limits."""

    default: float
    low: float
    high: float
    #: Seconds (a float on the command line) rather than a count.
    seconds: bool
    help: str


#: ``uno-tui serve``'s limits, as OpenSSH has them (by the ``ServeConfig`` field each
#: sets; the flag is the field's name with dashes). 0 turns a timer off where the range
#: starts at 0.
SERVE_LIMITS: dict[str, ServeLimit] = {
    "max_unauthenticated": ServeLimit(
        100, 1, 10_000, False, N_("connections not logged in yet, in all (MaxStartups)")),
    "max_unauthenticated_per_address": ServeLimit(
        10, 1, 10_000, False, N_("connections not logged in yet from one address")),
    "login_grace": ServeLimit(
        30, 1, 600, True, N_("seconds a connection has to log in (LoginGraceTime)")),
    "login_stall": ServeLimit(
        5, 1, 600, True, N_("seconds a connection may hold a login slot without beginning "
                            "to log in; then, while every slot is taken, a newcomer whose "
                            "client spoke may have its slot")),
    "auth_attempts": ServeLimit(
        6, 1, 100, False, N_("failed logins one connection may make; the next closes it "
                          "(MaxAuthTries)")),
    "failed_logins_per_minute": ServeLimit(
        20, 1, 10_000, False, N_("failed logins from one address in a minute before it is "
                              "refused for the rest of the minute; each failure waits "
                              "longer than the one before")),
    "sessions_per_address": ServeLimit(
        8, 1, 1_000, False, N_("players and spectators connected from one address")),
    "tables_per_person": ServeLimit(
        2, 1, 100, False, N_("open tables one person may have opened")),
    "keys_per_second": ServeLimit(
        30, 1, 1_000, False, N_("keys a terminal may send per second (twice that in a burst); "
                             "the rest are dropped")),
    "lobby_idle": ServeLimit(
        600, 0, 86_400, True, N_("seconds a visitor may stay idle in the lobby before being "
                              "disconnected; 0: never")),
}
#: The longest turn timer ``serve --turn-seconds`` sets, in seconds: an hour.
MAX_TURN_SECONDS = 3_600
#: What a seat's name is on the command line to ask for a computer player.
CPU = "cpu"
#: The computer level a seat gets when none is named.
DEFAULT_BOT = "normal"
#: The table's log keeps this many recent lines (the controller's record and the panel).
MAX_LOG_LINES = 300
#: Seconds between two computer actions at normal pace: slow enough to follow them.
DEFAULT_PACE = 0.6
#: The match modes (``engine.MODES``) as players read them on the setup screen and the table.
#: (English: translated where they are shown.)
MODE_LABELS = {
    "target": N_("To the target"),
    "single": N_("One round"),
    "five-rounds": N_("Five rounds"),
    "lowest": N_("Lowest wins"),
}


@dataclass(frozen=True)
class SeatSpec:
    """A seat: a human's name, or a computer with its level."""

    name: str
    level: str | None = None   # None: a human seat

    @property
    def is_human(self) -> bool:
        """True for a seat played by a person at the keyboard."""
        return self.level is None


@dataclass(frozen=True)
class PlayConfig:
    """How a match is to start: the variant, the seats, the match mode and house rules."""

    variant: str = "classic"
    seats: tuple[SeatSpec, ...] | None = None   # None: show the setup screen
    seed: int | None = None
    target: int = 500
    mode: str = "target"
    rules: frozenset[str] = frozenset()


def player_count_problem(variant, count: int, tr: Translator | None = None) -> str:
    """What is wrong with ``count`` players for the rule set ``variant`` (whose
    ``check_players`` refused them, in the engine's English), in ``tr``'s words."""
    tr = tr or translator()
    return tr("{variant} takes {low} to {high} players, not {count}",
              variant=tr(variant.label), low=variant.min_players, high=variant.max_players,
              count=count)


def name_cells(name: str) -> int:
    """How many terminal cells ``name`` takes (a kanji or a kana two, a letter one)."""
    from rich.cells import cell_len

    return cell_len(name)


def name_problem(name: str, *, seat: int | None = None) -> tuple[str, dict] | None:
    """None when ``name`` fits in :data:`MAX_NAME` cells; else why not: a message (marked,
    for the caller's translator) and its fields. The caller adds the field ``name``;
    given ``seat``, the message names the seat (``number``) instead."""
    cells = name_cells(name)
    if cells <= MAX_NAME:
        return None
    fields = {"most": MAX_NAME, "half": MAX_NAME // 2}
    if seat is not None:
        fields["number"] = seat
    if cells == len(name):       # letters only: as it was always said
        return (N_("the name of seat {number} is longer than {most} characters") if seat
                is not None else N_("the name {name} is longer than {most} characters")), fields
    return (N_("the name of seat {number} is too long: at most {most} letters, or {half} "
               "wide characters (kanji, kana)") if seat is not None
            else N_("the name {name} is too long: at most {most} letters, or {half} wide "
                    "characters (kanji, kana)")), fields


def fit_name(name: str) -> str:
    """``name`` cut to :data:`MAX_NAME` cells, between characters (for a name nobody
    typed for this game, such as an SSH login)."""
    while name_cells(name) > MAX_NAME:
        name = name[:-1]
    return name.rstrip()


def bot_levels() -> tuple[str, ...]:
    """The computer levels, weakest first."""
    from .bots import BOT_LEVELS
    return tuple(BOT_LEVELS)


def default_bot_level() -> str:
    """The level a computer seat gets when none is named: "normal" if it exists."""
    levels = bot_levels()
    return DEFAULT_BOT if DEFAULT_BOT in levels else levels[-1]


def computer_name(number: int) -> str:
    """The default name of the ``number``-th computer at a table (1-based)."""
    return f"CPU {number}"


def name_computers(seats: Sequence[SeatSpec]) -> tuple[SeatSpec, ...]:
    """``seats`` with every unnamed computer named by :func:`computer_name`.

    Numbers go up from 1 in seat order, skipping any name a seat already has (names
    compare without case), so a person called "CPU 1" and a computer never share a name.
    """
    taken = {seat.name.casefold() for seat in seats if seat.name}
    named = []
    number = 0
    for seat in seats:
        if seat.name:
            named.append(seat)
            continue
        number += 1
        while computer_name(number).casefold() in taken:
            number += 1
        named.append(SeatSpec(computer_name(number), seat.level))
    return tuple(named)
