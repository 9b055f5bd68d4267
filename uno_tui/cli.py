"""Command line: ``uno-tui`` (play, the default), ``uno-tui sim``, ``uno-tui replay`` and
``uno-tui serve``.

Bad input gets one line naming the problem and exit status 2, never a traceback.
"""

from __future__ import annotations

import argparse
import json
import os
import re
import signal
import sys
from typing import Sequence

from .config import (
    CPU, MAX_GAMES, MAX_HOLD, MAX_SESSIONS, MAX_NAME, MAX_SEATS, MAX_SEED, MAX_TARGET, MAX_THINK_MS, MAX_WORKERS,
    MAX_TURN_SECONDS, SERVE_LIMITS, PlayConfig, SeatSpec, bot_levels, default_bot_level, name_computers,
)
from .printable import clean_name
from .engine import (
    HOUSE_RULES, MODES, PRESETS, VARIANTS, ConfigError, EngineError, expand_rules, get_variant,
    load_plugins, plugin_problems,
)
from .engine.registry import PRESET_PREFIX
from .i18n import LANGUAGES, LanguageError, choose_language, parse_language
from .preferences import Preferences

__all__ = ["main", "parse_play_args", "UsageError"]


class UsageError(Exception):
    """A bad command line, reported as one line with exit status 2."""


class SaveProblem(Exception):
    """A save that can't be used (or none to use), reported as one line with exit status 2."""


class _Parser(argparse.ArgumentParser):
    def error(self, message: str):  # argparse calls this for bad flags
        # argparse repeats bad values whole (an unknown choice, unrecognised arguments):
        # keep the message to one short line whatever was typed.
        message = re.sub(r"""[^\s'"]{%d,}""" % (SHOWN_CHARS + 8), lambda m: _shorten(m.group()), message)
        raise UsageError("".join(c if c.isprintable() else repr(c)[1:-1]
                                 for c in " ".join(message.split())))


class _Formatter(argparse.HelpFormatter):
    """Wraps each line of a description or epilog on its own, keeping its indent (the
    level list keeps its lines)."""

    def _fill_text(self, text: str, width: int, indent: str) -> str:
        fill = super()._fill_text
        return "\n".join(fill(line, width, indent + " " * (len(line) - len(line.lstrip())))
                         for line in text.splitlines())


def _levels_epilog(example: str) -> str:
    """The computer levels, one line each, then ``example``."""
    from .bots import LEVEL_DESCRIPTIONS
    lines = ["computer levels:"] + [f"  {level}: {text}" for level, text in LEVEL_DESCRIPTIONS.items()]
    return "\n".join(lines + [example])


def _variant(text: str) -> str:
    # Installed packages' rule sets count too (entry points, loaded on first need).
    if text not in VARIANTS and (not load_plugins() or text not in VARIANTS):
        problems = "".join(f"; {clip(p)}" for p in plugin_problems())
        raise argparse.ArgumentTypeError(
            f"unknown variant {clip(text)} (known: {', '.join(VARIANTS)}){problems}")
    return text


def _language(text: str) -> str:
    try:
        return parse_language(text)
    except LanguageError as exc:
        raise argparse.ArgumentTypeError(str(exc).replace(repr(text), clip(text))) from None


def _language_option(parser: argparse.ArgumentParser) -> None:
    known = ", ".join(f"{code} ({name})" for code, name in LANGUAGES.items())
    parser.add_argument("--lang", type=_language, default=None, metavar="LANG",
                        help=f"the language of the game's words: {known} (default: the "
                             "locale's, from LC_ALL, LC_MESSAGES or LANG; else en)")


def _rules(text: str) -> frozenset[str]:
    rules = frozenset(r.strip() for r in text.split(",") if r.strip())
    presets = {r for r in rules if r.startswith(PRESET_PREFIX)}
    unknown = sorted(rules - presets - HOUSE_RULES.keys())
    if unknown:
        raise argparse.ArgumentTypeError(
            f"unknown house rule {clip(unknown[0])} (known: {', '.join(HOUSE_RULES)}; "
            f"presets: {_preset_names()})")
    for preset in sorted(presets):
        if preset[len(PRESET_PREFIX):] not in PRESETS:
            raise argparse.ArgumentTypeError(
                f"unknown preset {clip(preset)} (known: {_preset_names()})")
    return rules


def _preset_names() -> str:
    return ", ".join(PRESET_PREFIX + name for name in PRESETS)


#: Input longer than this is shortened when a message repeats it.
SHOWN_CHARS = 32


def clip(text: str) -> str:
    """``text`` quoted for a message: control characters escaped, at most SHOWN_CHARS of it."""
    if len(text) <= SHOWN_CHARS:
        return repr(text)
    return f"{text[:SHOWN_CHARS]!r}... ({len(text):,} characters)"


def _shorten(text: str) -> str:
    return f"{text[:SHOWN_CHARS]}... ({len(text):,} characters)"


def whole_number(low: int, high: int):
    """An argparse ``type`` for a whole number from ``low`` to ``high``, with clear messages."""
    def parse(text: str) -> int:
        digits = text.strip()
        # int() would take seconds on a million digits; anything longer than the limit's
        # digits (and a sign) is out of range or not a number anyway.
        if len(digits) > len(str(max(abs(low), abs(high)))) + 1 or not _is_integer(digits):
            if _is_integer(digits):
                raise argparse.ArgumentTypeError(
                    f"{clip(text)} is out of range: give a whole number from {low:,} to {high:,}")
            raise argparse.ArgumentTypeError(f"{clip(text)} is not a whole number")
        value = int(digits)
        if not low <= value <= high:
            raise argparse.ArgumentTypeError(
                f"{value:,} is out of range: give a whole number from {low:,} to {high:,}")
        return value

    parse.__name__ = f"whole number from {low} to {high}"
    return parse


def _is_integer(text: str) -> bool:
    body = text[1:] if text[:1] in "+-" else text
    return body.isascii() and body.isdigit()


def _seat(text: str) -> SeatSpec:
    # A name is shown on the table: nothing in it may drive the terminal.
    name = clean_name(text, limit=None)
    if not name:
        if text.strip():
            raise argparse.ArgumentTypeError(
                f"the name {clip(text)} has no printable characters")
        raise argparse.ArgumentTypeError("a player name is empty")
    if name.lower() == CPU or name.lower().startswith(CPU + ":"):
        level = name.partition(":")[2].strip().lower() or default_bot_level()
        if level not in bot_levels():
            raise argparse.ArgumentTypeError(
                f"unknown computer level {clip(level)} (known: {', '.join(bot_levels())})")
        return SeatSpec("", level)
    if len(name) > MAX_NAME:
        raise argparse.ArgumentTypeError(f"the name {clip(name)} is longer than {MAX_NAME} characters")
    return SeatSpec(name)


def _seats(text: str) -> tuple[SeatSpec, ...]:
    seats = tuple(_seat(part) for part in text.split(","))
    if len(seats) > MAX_SEATS:
        raise argparse.ArgumentTypeError(f"at most {MAX_SEATS} seats, not {len(seats)}")
    names = [s.name.casefold() for s in seats if s.is_human]
    for name in names:
        if names.count(name) > 1:
            raise argparse.ArgumentTypeError(f"two players are called {clip(name)}")
    return name_computers(seats)


def _common(parser: argparse.ArgumentParser) -> None:
    parser.add_argument("--variant", type=_variant, default="classic",
                        help=f"rule set: {', '.join(VARIANTS)} (default: classic)")
    parser.add_argument("--seed", type=whole_number(0, MAX_SEED), default=None,
                        help=f"seed for the shuffles, to replay the same deal (0 to {MAX_SEED})")
    parser.add_argument("--target", type=whole_number(1, MAX_TARGET), default=500,
                        help=f"points that win a match, 1 to {MAX_TARGET:,} (default: 500)")
    parser.add_argument("--mode", choices=list(MODES), default=None,
                        help="match mode: " + "; ".join(f"{k}: {v}" for k, v in MODES.items()))
    parser.add_argument("--rules", type=_rules, default=frozenset(),
                        help="house rules, comma-separated: " + ", ".join(HOUSE_RULES)
                        + "; or a preset: " + _preset_names())


def play_parser() -> argparse.ArgumentParser:
    """The parser for ``uno-tui`` (play)."""
    parser = _Parser(
        prog="uno-tui",
        description="Hot-seat UNO for the terminal. With no options it opens the setup screen. "
                    "Every match is saved after every move: --resume goes on with one. "
                    "Run 'uno-tui sim --help' for headless bot-against-bot play, "
                    "'uno-tui replay --help' to watch a finished match again and "
                    "'uno-tui serve --help' to host a table over SSH.",
        epilog=_levels_epilog("example: uno-tui --variant classic --players Ann,Bob,cpu,cpu:hard --seed 7"),
        formatter_class=_Formatter,
    )
    _common(parser)
    parser.add_argument("--players", type=_seats, default=None,
                        help="start at once with these seats, comma-separated: a name is a human, "
                             "'cpu' or 'cpu:LEVEL' a computer player")
    parser.add_argument("--resume", nargs="?", const=LATEST, default=None, metavar="FILE",
                        help="go on with the most recently saved unfinished match, or the one "
                             "saved in FILE (every match is saved after every move)")
    parser.add_argument("--no-autosave", action="store_true",
                        help="do not save this match (it can't be resumed or replayed)")
    _data_dir_option(parser)
    _language_option(parser)
    return parser


#: ``--resume`` without a file: the most recent unfinished match.
LATEST = ""


def _data_dir_option(parser: argparse.ArgumentParser) -> None:
    parser.add_argument("--data-dir", default=None, metavar="DIR",
                        help="where saves, finished matches and crash reports live "
                             "(default: the user data folder, e.g. ~/.local/share/uno-tui)")


def sim_parser() -> argparse.ArgumentParser:
    """The parser for ``uno-tui sim``."""
    parser = _Parser(
        prog="uno-tui sim",
        description="Play whole games headless between bots (uniformly random by default), "
                    "checking the engine's invariants after every action.",
        epilog=_levels_epilog("example: uno-tui sim --variant classic --players 4 --games 1000 --seed 1"),
        formatter_class=_Formatter,
    )
    _common(parser)
    parser.set_defaults(seed=1)
    parser.add_argument("--players", type=whole_number(1, MAX_SEATS), default=4,
                        help=f"number of seats, 2 to {MAX_SEATS} as the variant allows (default: 4)")
    parser.add_argument("--games", type=whole_number(0, MAX_GAMES), default=1000,
                        help=f"games to play, 0 to {MAX_GAMES:,} (default: 1000); "
                             "with --mode or --target, matches")
    parser.add_argument("--bots", default="random",
                        help="bot level for every seat, or one per seat comma-separated "
                             "(default: random)")
    parser.add_argument("--think-ms", type=whole_number(1, MAX_THINK_MS), default=None,
                        help="thinking time per decision for hard bots, in milliseconds of "
                             f"CPU time, so a busy machine gives the same results, 1 to {MAX_THINK_MS:,} "
                             "(default: 500)")
    parser.add_argument("--workers", type=whole_number(1, MAX_WORKERS), default=None,
                        help=f"processes playing games side by side, 1 to {MAX_WORKERS} "
                             "(default: every core when a hard bot plays, else 1)")
    parser.add_argument("--duplicate", action="store_true",
                        help="duplicate deals: play every deal once per seat rotation (the same "
                             "shuffles, the bots moved round the table) and give each level's "
                             "win rate and points per round with 95%% intervals over deals; "
                             "--games then counts deals")
    parser.add_argument("--json", action="store_true", help="print one JSON object")
    parser.add_argument("--no-check", action="store_true",
                        help="skip the invariant checks (for speed measurements)")
    return parser


def _seconds(text: str) -> float:
    try:
        value = float(text)
    except ValueError:
        raise argparse.ArgumentTypeError(f"{clip(text)} is not a number of seconds") from None
    if not 0 <= value <= MAX_HOLD:
        raise argparse.ArgumentTypeError(
            f"{clip(text)} is out of range: give a number of seconds from 0 to {MAX_HOLD:,}")
    return value


def serve_parser() -> argparse.ArgumentParser:
    """The parser for ``uno-tui serve``."""
    parser = _Parser(
        prog="uno-tui serve",
        description="Host UNO tables over SSH: each friend joins with 'ssh -p PORT HOST' at "
                    "their own terminal. On a loopback address anyone may join; on any other "
                    "address --authorized-keys or --password-file is required. With --web PORT, "
                    "friends may also join from a web browser at http://HOST:PORT/.",
        epilog="example: uno-tui serve --host 0.0.0.0 --port 2222 --password-file table.txt",
    )
    parser.add_argument("--host", default="127.0.0.1",
                        help="address to listen on (default: 127.0.0.1, this machine only)")
    parser.add_argument("--port", type=whole_number(0, 65535), default=2222,
                        help="TCP port, 0 to 65,535 (0: any free port; default: 2222)")
    parser.add_argument("--authorized-keys", metavar="FILE", default=None,
                        help="OpenSSH authorized_keys file: only these keys may join")
    parser.add_argument("--password-file", metavar="FILE", default=None,
                        help="a file whose first line is the table password")
    parser.add_argument("--max-sessions", type=whole_number(1, MAX_SESSIONS), default=32,
                        help="most players and spectators connected at once, "
                             f"1 to {MAX_SESSIONS:,} (default: 32)")
    parser.add_argument("--data-dir", metavar="DIR", default=None,
                        help="where the host key, the log and the saves go "
                             "(default: the user data directory)")
    parser.add_argument("--hold", type=_seconds, default=60.0,
                        help="seconds a dropped player's seat waits for them before a "
                             f"computer plays it, 0 to {MAX_HOLD:,} (default: 60)")
    parser.add_argument("--workers", type=whole_number(1, MAX_WORKERS),
                        default=max(1, min(os.cpu_count() or 1, MAX_WORKERS)),
                        help="processes drawing the players' screens, 1 to "
                             f"{MAX_WORKERS} (default: this machine's cores, "
                             f"{os.cpu_count() or 1}; 1 draws them in the server's own "
                             "process)")
    parser.add_argument("--web", metavar="PORT", type=whole_number(0, 65535), default=None,
                        help="also serve the tables to web browsers on this TCP port, 0 to "
                             "65,535 (0: any free port): friends open http://HOST:PORT/")
    parser.add_argument("--no-ssh", dest="ssh", action="store_false",
                        help="no SSH port: the web page only (needs --web)")
    parser.add_argument("--turn-seconds", type=_seconds_in(0, MAX_TURN_SECONDS), default=30.0,
                        metavar="S",
                        help="seconds each person has for a decision; when they run out "
                             "the seat draws or passes as the rules allow, and after two in "
                             "a row a computer plays it until its person presses a key; 0 to "
                             f"{MAX_TURN_SECONDS:,}, 0: no timer (default: 30)")
    parser.add_argument("--open", action="store_true",
                        help="a public demo: anyone may join, on any address, with no key "
                             "or password; visitors get a guest name they may change")
    limits = parser.add_argument_group(
        "limits", "what one address, connection and terminal may do (as OpenSSH limits it)")
    for field, limit in SERVE_LIMITS.items():
        low, high = int(limit.low), int(limit.high)
        kind = _seconds_in(low, high) if limit.seconds else whole_number(low, high)
        limits.add_argument("--" + field.replace("_", "-"), dest=field, type=kind,
                            default=limit.default, metavar="S" if limit.seconds else "N",
                            help=f"{limit.help}, {low:,} to {high:,} "
                                 f"(default: {limit.default:g})")
    return parser


def _seconds_in(low: int, high: int):
    """An argparse ``type`` for seconds from ``low`` to ``high``, with clear messages."""
    def parse(text: str) -> float:
        try:
            value = float(text)
        except ValueError:
            raise argparse.ArgumentTypeError(f"{clip(text)} is not a number of seconds") from None
        if not low <= value <= high:
            raise argparse.ArgumentTypeError(
                f"{clip(text)} is out of range: give a number of seconds from {low:,} to "
                f"{high:,}")
        return value

    parse.__name__ = f"seconds from {low} to {high}"
    return parse


def run_serve_command(argv: Sequence[str]) -> int:
    """``uno-tui serve``: returns the exit status."""
    from pathlib import Path

    from .server import ServeConfig, ServeError, run_server
    from .server.limits import Limits

    parser = serve_parser()
    args = parser.parse_args(list(argv))
    if not args.ssh and args.web is None:
        parser.error("--no-ssh leaves nothing to join: add --web PORT")
    if args.ssh and args.web is not None and args.web == args.port != 0:
        parser.error(f"--web {args.web} is the SSH port too: give the web page another port")
    config = ServeConfig(
        host=args.host, port=args.port,
        authorized_keys=Path(args.authorized_keys) if args.authorized_keys else None,
        password_file=Path(args.password_file) if args.password_file else None,
        max_sessions=args.max_sessions,
        data_dir=Path(args.data_dir) if args.data_dir else None, hold=args.hold,
        workers=args.workers, ssh=args.ssh, web_port=args.web, open=args.open,
        turn_seconds=args.turn_seconds,
        limits=Limits(**{field: getattr(args, field) for field in SERVE_LIMITS}))
    try:
        return run_server(config)
    except ServeError as exc:
        raise UsageError(str(exc)) from None


def replay_parser() -> argparse.ArgumentParser:
    """The parser for ``uno-tui replay``."""
    parser = _Parser(
        prog="uno-tui replay",
        description="Step through a finished match action by action, every hand shown: "
                    "Left/Right one action, PgUp/PgDn a round, Home/End, 1-9 jump to a round.",
        epilog="example: uno-tui replay   (the most recently finished match)",
    )
    parser.add_argument("file", nargs="?", default=None, metavar="FILE",
                        help="a saved match (default: the most recently finished one)")
    _data_dir_option(parser)
    _language_option(parser)
    return parser


def parse_play_args(argv: Sequence[str]) -> PlayConfig:
    """Read ``uno-tui`` arguments; raise ``UsageError`` on bad input."""
    return _play_config(play_parser().parse_args(list(argv)))


def _play_config(args: argparse.Namespace) -> PlayConfig:
    variant = get_variant(args.variant)
    args.rules = _check_rules(variant, args.rules)
    if args.players is not None:
        _check_players(variant, len(args.players))
    return PlayConfig(variant=args.variant, seats=args.players, seed=args.seed,
                      target=args.target, mode=args.mode or variant.default_mode, rules=args.rules)


def _check_rules(variant, rules) -> frozenset[str]:
    """``rules`` with presets expanded for ``variant``, checked."""
    try:
        rules = expand_rules(variant, rules)
        variant.check_rules(rules)
        return rules
    except ConfigError as exc:
        raise UsageError(f"argument --rules: {exc}") from None


def _check_players(variant, count: int) -> None:
    try:
        variant.check_players(count)
    except ConfigError as exc:
        raise UsageError(f"argument --players: {exc}") from None


def run_sim_command(argv: Sequence[str]) -> int:
    """``uno-tui sim``: returns the exit status."""
    from .sim import SimConfig, format_summary, run_sim, stderr_progress

    args = sim_parser().parse_args(list(argv))
    variant = get_variant(args.variant)
    args.rules = _check_rules(variant, args.rules)
    _check_players(variant, args.players)
    levels = tuple(level.strip().lower() for level in args.bots.split(","))
    known = bot_levels()
    for level in levels:
        if level not in known:
            raise UsageError(f"argument --bots: unknown bot level {clip(level)} (known: {', '.join(known)})")
    if len(levels) not in (1, args.players):
        raise UsageError(f"argument --bots: give one level, or one per seat ({args.players}), "
                         f"not {len(levels)}")
    explicit_target = "--target" in argv or any(a.startswith("--target=") for a in argv)
    mode = args.mode or ("target" if explicit_target else None)
    config = SimConfig(variant=args.variant, players=args.players, games=args.games,
                       seed=args.seed, rules=args.rules, mode=mode, target=args.target,
                       check=not args.no_check, levels=levels, think_ms=args.think_ms,
                       workers=args.workers, duplicate=args.duplicate)
    check_output()
    result = run_sim(config, progress=None if args.json else stderr_progress())
    write_output(json.dumps(result.to_json()) if args.json else format_summary(result))
    return 1 if result.violations else 0


class OutputProblem(Exception):
    """Standard output is closed or can't be written: one line, exit status 1."""


def check_output() -> None:
    """``UsageError`` when standard output is closed (``uno-tui sim >&-``): the results
    would go nowhere without a word."""
    # Started with fd 1 closed, Python sets sys.stdout to None and print() says nothing.
    if sys.stdout is None or getattr(sys.stdout, "closed", False):
        raise UsageError("standard output is closed: the results would go nowhere "
                         "(send them to a file or a pipe)")


def write_output(text: str) -> None:
    """Print ``text`` and flush it; :class:`OutputProblem` if it can't be written (a
    full disk: ``uno-tui sim > /dev/full``). A reader gone (BrokenPipeError) is left
    to :func:`main`."""
    try:
        print(text)
        sys.stdout.flush()
    except BrokenPipeError:
        raise
    except OSError as exc:
        _silence_stdout()
        raise OutputProblem(f"the results could not be written: {exc.strerror or exc}") from None


def need_terminal() -> None:
    """Raise ``UsageError`` unless keys can be read from a terminal and the screen drawn on one."""
    for name, stream in (("input", sys.stdin), ("output", sys.stdout)):
        try:
            ok = stream is not None and stream.isatty()
        except (OSError, ValueError):   # a closed stream
            ok = False
        if not ok:
            raise UsageError(f"standard {name} is not a terminal: the game needs one "
                             "(for headless play try 'uno-tui sim')")


def open_store(folder: str | None):
    """The :class:`~uno_tui.saves.MatchStore` of ``--data-dir`` (or the user data
    folder), checked but not made: its folders are made when a save is first written."""
    from .paths import DataDirError, data_dir
    from .saves import MatchStore
    try:
        return MatchStore(data_dir(folder, create=False))
    except DataDirError as exc:
        if exc.given:
            raise UsageError(f"argument --data-dir: can't use {clip(str(folder))}: "
                             f"{exc.problem}") from None
        raise SaveProblem(f"the data folder {exc.path} can't be used: {exc.problem} "
                          "(it comes from XDG_DATA_HOME or the home folder; give another "
                          "with --data-dir)") from None


def run_play_command(argv: Sequence[str]) -> int:
    """``uno-tui``: start the app; returns the exit status."""
    args = play_parser().parse_args(list(argv))
    config = _play_config(args)
    store = open_store(args.data_dir)
    record = None
    if args.resume is not None:
        if args.players is not None:
            raise UsageError("argument --resume: a resumed match keeps its own players; "
                             "leave out --players")
        record = _saved_match(store, args.resume)
        if not args.no_autosave:
            record = _claim(store, record)
    need_terminal()
    from .app import run_app
    preferences = Preferences(store.root)
    return run_app(config, store=None if args.no_autosave else store, resume=record,
                   lang=_game_language(args.lang, preferences), preferences=preferences)


def run_replay_command(argv: Sequence[str]) -> int:
    """``uno-tui replay``: play back a saved match; returns the exit status."""
    from .app.replay import Replay, ReplayError, refusal
    from .saves import SaveFileError

    args = replay_parser().parse_args(list(argv))
    store = open_store(args.data_dir)
    path = args.file
    if path is None:
        finished = store.finished()
        if not finished:
            raise SaveProblem(f"no finished match to replay in {store.history}")
        path = finished[0]
    try:
        record = store.load(path)
    except SaveFileError as exc:
        raise SaveProblem(str(exc)) from None
    refused = refusal(record)
    if refused:
        raise SaveProblem(refused)
    try:
        record.rounds        # a journal's rounds are read when first asked for
        replay = Replay(record)
        replay.check()
    except (ReplayError, ValueError) as exc:
        raise SaveProblem(f"the save {record.path} can't be replayed: {exc}") from None
    need_terminal()
    from .app import run_app
    preferences = Preferences(store.root)
    return run_app(record.config, replay=replay, lang=_game_language(args.lang, preferences),
                   preferences=preferences)


def _game_language(asked: str | None, preferences: Preferences) -> str:
    """The game's language: ``--lang``, else the one the player last switched to (on the
    setup screen), else the locale's."""
    return asked or preferences.language or choose_language(None)


def _saved_match(store, path: str):
    """The match ``--resume`` names; one clear line when there is none or it is bad."""
    from .saves import SaveFileError
    try:
        if path != LATEST:
            return store.load(path)
        record = store.latest_unfinished()
    except SaveFileError as exc:
        raise SaveProblem(str(exc)) from None
    for problem in store.problems:
        print(f"uno-tui: {problem}", file=sys.stderr)
    if record is None:
        raise SaveProblem(f"no unfinished match to resume in {store.saves}")
    return record


def _claim(store, record):
    """Lock the match for this process: one writer per match (exit 2 when another
    uno-tui plays it: "open in another uno-tui, pid N")."""
    from .saves import SaveFileError
    try:
        return store.claim(record)
    except (SaveFileError, ValueError) as exc:
        raise SaveProblem(str(exc)) from None


#: ``uno-tui NAME ...``: the command that runs it (``uno-tui`` alone plays).
SUBCOMMANDS = {"sim": run_sim_command, "replay": run_replay_command, "serve": run_serve_command}


def main(argv: Sequence[str] | None = None) -> int:
    """Entry point of the ``uno-tui`` command."""
    argv = list(sys.argv[1:] if argv is None else argv)
    # Installed packages' rule sets, so --help, --variant and the setup screen list them.
    load_plugins()
    command = argv[0] if argv and argv[0] in SUBCOMMANDS else None
    prog = f"uno-tui {command}" if command else "uno-tui"
    try:
        if command:
            return SUBCOMMANDS[command](argv[1:])
        return run_play_command(argv)
    except UsageError as exc:
        print(f"{prog}: error: {exc} (see '{prog} --help')", file=sys.stderr)
        return 2
    except (EngineError, SaveProblem) as exc:
        print(f"{prog}: error: {exc}", file=sys.stderr)
        return 2
    except OutputProblem as exc:
        print(f"{prog}: error: {exc}", file=sys.stderr)
        return 1
    except KeyboardInterrupt:
        print(f"{prog}: interrupted", file=sys.stderr)
        return 130
    except BrokenPipeError:
        # The reader has gone (``uno-tui sim | head -1``): stop quietly, as cat would.
        _silence_stdout()
        return 128 + signal.SIGPIPE


def _silence_stdout() -> None:
    """Point stdout at /dev/null, so the interpreter's last flush does not complain."""
    try:
        devnull = os.open(os.devnull, os.O_WRONLY)
        os.dup2(devnull, sys.stdout.fileno())
    except (OSError, ValueError, AttributeError):   # not a real file (e.g. under a test)
        pass
