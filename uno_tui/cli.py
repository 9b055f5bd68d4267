"""Command line: ``uno-tui`` (play, the default), ``uno-tui sim``, ``uno-tui replay`` and
``uno-tui serve``.

Bad input gets one line naming the problem and exit status 2, never a traceback.
"""

from __future__ import annotations

import argparse
import functools
import json
import os
import re
import signal
import string
import sys
from typing import Sequence

from .config import (
    CPU, MAX_GAMES, MAX_HOLD, MAX_SESSIONS, MAX_SEATS, MAX_SEED, MAX_TARGET, MAX_THINK_MS, MAX_WORKERS,
    MAX_TURN_SECONDS, SERVE_LIMITS, PlayConfig, SeatSpec, bot_levels, default_bot_level,
    name_computers, name_problem, player_count_problem,
)
from .printable import clean_name
from .engine import (
    HOUSE_RULE_SPECS, HOUSE_RULES, MODES, PRESETS, VARIANTS, ConfigError, EngineError,
    expand_rules, get_variant, house_rule, load_plugins, plugin_problems,
)
from .engine.registry import PRESET_PREFIX
from .engine.ruleset import NUMBER_MARK
from .i18n import (
    LANGUAGES, N_, LanguageError, Translator, choose_language, os_reason, parse_language, reason,
    translator,
)
from .preferences import Preferences

__all__ = ["main", "parse_play_args", "UsageError"]


class UsageError(Exception):
    """A bad command line, reported as one line with exit status 2."""


class SaveProblem(Exception):
    """A save that can't be used (or none to use), reported as one line with exit status 2."""


#: argparse's own messages a player may meet (Python 3.11's wording), with the words
#: the translator gives them: argparse builds them with the process-wide ``gettext``,
#: which is never installed here, so :meth:`_Parser.error` reads them back and says
#: them again in the parser's language.
ARGPARSE_MESSAGES = (
    ("argument %(argument_name)s: %(message)s", N_("argument {argument_name}: {message}")),
    ("unrecognized arguments: %s", N_("unrecognized arguments: {arguments}")),
    ("the following arguments are required: %s",
     N_("the following arguments are required: {arguments}")),
    ("not allowed with argument %s", N_("not allowed with argument {argument}")),
    ("ignored explicit argument %r", N_("ignored explicit argument {argument}")),
    ("expected one argument", N_("expected one argument")),
    ("expected at most one argument", N_("expected at most one argument")),
    ("expected at least one argument", N_("expected at least one argument")),
    ("ambiguous option: %(option)s could match %(matches)s",
     N_("ambiguous option: {option} could match {matches}")),
    ("invalid %(type)s value: %(value)r", N_("invalid {type} value: {value}")),
    ("invalid choice: %(value)r (choose from %(choices)s)",
     N_("invalid choice: {value} (choose from {choices})")),
)


def _pattern(template: str, message: str) -> re.Pattern:
    """A regular expression reading the fields back out of an argparse message: a
    named field by its name, an unnamed one by the next field of ``message``."""
    unnamed = iter(field for _, field, _, _ in string.Formatter().parse(message) if field)
    pattern = ""
    for index, part in enumerate(re.split(r"(%(?:\(\w+\))?[sr])", template)):
        if index % 2 == 0:
            pattern += re.escape(part)
        else:
            name = part[2:-2] if part.startswith("%(") else next(unnamed)
            pattern += f"(?P<{name}>.+?)"
    return re.compile(f"^{pattern}$", re.DOTALL)


@functools.lru_cache(maxsize=None)
def _argparse_patterns() -> tuple[tuple[re.Pattern, str], ...]:
    """:data:`ARGPARSE_MESSAGES` as patterns, compiled for the first error to put into
    words (at import, every launch paid ~1 ms for them)."""
    return tuple((_pattern(english, message), message) for english, message in ARGPARSE_MESSAGES)


def argparse_words(message: str, tr: Translator) -> str:
    """``message`` (argparse's English) in ``tr``'s language; as it is when it is not
    one of argparse's (it is then one of ours, already in that language)."""
    for pattern, words in _argparse_patterns():
        found = pattern.match(message)
        if found:
            fields = found.groupdict()
            if "message" in fields:
                fields["message"] = argparse_words(fields["message"], tr)
            return tr(words, **fields)
    return message


class _Parser(argparse.ArgumentParser):
    """argparse's parser speaking ``tr``'s language: its own words ("usage:",
    "options:", "show this help message and exit" and its error messages) as well as
    ours. Nothing process-wide changes, so each parser may have its own language."""

    def __init__(self, *args, tr: Translator | None = None, **kwargs) -> None:
        self.tr = tr or translator()
        kwargs.setdefault("formatter_class", _TranslatingFormatter)
        super().__init__(*args, **kwargs)
        self._positionals.title = self.tr("positional arguments")
        self._optionals.title = self.tr("options")
        for action in self._actions:
            if isinstance(action, argparse._HelpAction):
                action.help = self.tr("show this help message and exit")

    def _get_formatter(self) -> argparse.HelpFormatter:
        formatter = super()._get_formatter()
        formatter.tr = self.tr
        return formatter

    def error(self, message: str):  # argparse calls this for bad flags
        message = argparse_words(message, self.tr)
        # argparse repeats bad values whole (an unknown choice, unrecognised arguments):
        # keep the message to one short line whatever was typed.
        message = re.sub(r"""[^\s'"]{%d,}""" % (SHOWN_CHARS + 8), lambda m: _shorten(m.group()), message)
        raise UsageError("".join(c if c.isprintable() else repr(c)[1:-1]
                                 for c in " ".join(message.split())))


class _TranslatingFormatter(argparse.HelpFormatter):
    """argparse's help layout with "usage:" in the parser's language, and lines
    wrapped by their width in cells (a Japanese character takes two; a Japanese
    sentence has no spaces to wrap at, so it may break between any two characters
    but not before a closing mark)."""

    tr: Translator = translator()

    def add_usage(self, usage, actions, groups, prefix=None) -> None:
        super().add_usage(usage, actions, groups,
                          self.tr("usage: ") if prefix is None else prefix)

    def _format_usage(self, usage, actions, groups, prefix) -> str:
        # argparse indents the usage's next lines by the prefix's len(): laid out with
        # a stand-in as wide in cells, then the prefix put back.
        from rich.cells import cell_len

        if prefix is None or prefix.isascii():
            return super()._format_usage(usage, actions, groups, prefix)
        stand_in = "u" * cell_len(prefix)
        text = super()._format_usage(usage, actions, groups, stand_in)
        return prefix + text[len(stand_in):]

    def _split_lines(self, text: str, width: int) -> list[str]:
        if text.isascii():
            return super()._split_lines(text, width)
        return _wrap_cells(" ".join(text.split()), width)

    def _fill_text(self, text: str, width: int, indent: str) -> str:
        if text.isascii():
            return super()._fill_text(text, width, indent)
        return "\n".join(indent + line
                         for line in _wrap_cells(" ".join(text.split()), width - len(indent)))


class _Formatter(_TranslatingFormatter):
    """Wraps each line of a description or epilog on its own, keeping its indent (the
    level list keeps its lines)."""

    def _fill_text(self, text: str, width: int, indent: str) -> str:
        fill = super()._fill_text
        return "\n".join(fill(line, width, indent + " " * (len(line) - len(line.lstrip())))
                         for line in text.splitlines())


def _wrap_cells(text: str, width: int) -> list[str]:
    """``text`` in lines of at most ``width`` cells (a Japanese character takes two),
    broken as the game's screens break it: at spaces, and between the phrases of a
    Japanese sentence, by its line-breaking rules (app/wrapping.py)."""
    from .app.wrapping import wrap

    return wrap(text, max(width, 10))


def _levels_epilog(example: str, tr: Translator) -> str:
    """The computer levels, one line each, then ``example``."""
    from .bots import LEVEL_DESCRIPTIONS
    lines = [tr("computer levels:")] + [f"  {level}: {tr(text)}"
                                        for level, text in LEVEL_DESCRIPTIONS.items()]
    return "\n".join(lines + [example])


def _variant(tr: Translator):
    """An argparse ``type`` for a rule set's name, with its problem in ``tr``'s words."""
    def parse(text: str) -> str:
        # Installed packages' rule sets count too (entry points, loaded on first need).
        if text not in VARIANTS and (not load_plugins() or text not in VARIANTS):
            problems = "".join(f"; {clip(p, tr)}" for p in plugin_problems())
            raise argparse.ArgumentTypeError(
                tr("unknown variant {name} (known: {known})", name=clip(text, tr),
                   known=", ".join(VARIANTS)) + problems)
        return text

    return parse


def _language(tr: Translator):
    """An argparse ``type`` for ``--lang``."""
    def parse(text: str) -> str:
        try:
            return parse_language(text)
        except LanguageError:
            raise argparse.ArgumentTypeError(
                tr("no words for the language {name}: choose one of {known}",
                   name=clip(text, tr), known=_known_languages())) from None

    return parse


def _known_languages() -> str:
    return ", ".join(f"{code} ({name})" for code, name in LANGUAGES.items())


def _language_option(parser: "_Parser") -> None:
    tr = parser.tr
    parser.add_argument("--lang", type=_language(tr), default=None, metavar="LANG",
                        help=tr("the language of the game's words: {known} (default: the "
                                "locale's, from LC_ALL, LC_MESSAGES or LANG; else en)",
                                known=_known_languages()))


def _play_language_option(parser: "_Parser") -> None:
    tr = parser.tr
    parser.add_argument("--lang", type=_language(tr), default=None, metavar="LANG",
                        help=tr("the language of the game's words: {known} (default: the "
                                "one last chosen on the setup screen, else the locale's, "
                                "from LC_ALL, LC_MESSAGES or LANG; else en)",
                                known=_known_languages()))


def _rules(tr: Translator):
    """An argparse ``type`` for ``--rules``."""
    def parse(text: str) -> frozenset[str]:
        rules = frozenset(r.strip() for r in text.split(",") if r.strip())
        presets = {r for r in rules if r.startswith(PRESET_PREFIX)}
        unknown = sorted(rule for rule in rules - presets - HOUSE_RULES.keys()
                         if rule.partition(NUMBER_MARK)[0] not in HOUSE_RULES)
        if unknown:
            raise argparse.ArgumentTypeError(
                tr("unknown house rule {name} (known: {known}; presets: {presets})",
                   name=clip(unknown[0], tr), known=", ".join(HOUSE_RULES),
                   presets=_preset_names()))
        for rule in sorted(rules - presets - HOUSE_RULES.keys()):
            try:
                house_rule(rule)
            except ConfigError as exc:
                raise argparse.ArgumentTypeError(tr.words(reason(exc))) from None
        for preset in sorted(presets):
            if preset[len(PRESET_PREFIX):] not in PRESETS:
                raise argparse.ArgumentTypeError(
                    tr("unknown preset {name} (known: {known})", name=clip(preset, tr),
                       known=_preset_names()))
        return rules

    return parse


def _numbered_rules(tr: Translator) -> str:
    """The rules that take a number, for ``--rules``'s help: ``; catch-window:N (N: 1 to
    60 seconds)``."""
    return "".join(tr("; {rule} (N: {low} to {high} {unit})", rule=f"{name}{NUMBER_MARK}N",
                      low=low, high=high, unit=tr(unit))
                   for name, spec in HOUSE_RULE_SPECS.items() if spec.takes is not None
                   for low, high, unit in [spec.takes])


def _preset_names() -> str:
    return ", ".join(PRESET_PREFIX + name for name in PRESETS)


#: Input longer than this is shortened when a message repeats it.
SHOWN_CHARS = 32


def clip(text: str, tr: Translator | None = None) -> str:
    """``text`` quoted for a message: control characters escaped, at most SHOWN_CHARS of it."""
    if len(text) <= SHOWN_CHARS:
        return repr(text)
    tr = tr or translator()
    return tr("{start}... ({count} characters)", start=repr(text[:SHOWN_CHARS]),
              count=f"{len(text):,}")


def _shorten(text: str) -> str:
    return f"{text[:SHOWN_CHARS]}... ({len(text):,} characters)"


def whole_number(low: int, high: int, tr: Translator | None = None):
    """An argparse ``type`` for a whole number from ``low`` to ``high``, with clear messages
    (in ``tr``'s words; English by default)."""
    tr = tr or translator()

    def parse(text: str) -> int:
        digits = text.strip()
        # int() would take seconds on a million digits; anything longer than the limit's
        # digits (and a sign) is out of range or not a number anyway.
        if len(digits) > len(str(max(abs(low), abs(high)))) + 1 or not _is_integer(digits):
            if _is_integer(digits):
                raise argparse.ArgumentTypeError(_out_of_range(clip(text, tr), low, high, tr))
            raise argparse.ArgumentTypeError(tr("{value} is not a whole number",
                                                value=clip(text, tr)))
        value = int(digits)
        if not low <= value <= high:
            raise argparse.ArgumentTypeError(_out_of_range(f"{value:,}", low, high, tr))
        return value

    parse.__name__ = f"whole number from {low} to {high}"
    return parse


def _out_of_range(value: str, low: int, high: int, tr: Translator) -> str:
    return tr("{value} is out of range: give a whole number from {low} to {high}",
              value=value, low=f"{low:,}", high=f"{high:,}")


def _is_integer(text: str) -> bool:
    body = text[1:] if text[:1] in "+-" else text
    return body.isascii() and body.isdigit()


def _seat(text: str, tr: Translator) -> SeatSpec:
    # A name is shown on the table: nothing in it may drive the terminal.
    name = clean_name(text, limit=None)
    if not name:
        if text.strip():
            raise argparse.ArgumentTypeError(
                tr("the name {name} has no printable characters", name=clip(text, tr)))
        raise argparse.ArgumentTypeError(tr("a player name is empty"))
    if name.lower() == CPU or name.lower().startswith(CPU + ":"):
        level = name.partition(":")[2].strip().lower() or default_bot_level()
        if level not in bot_levels():
            raise argparse.ArgumentTypeError(
                tr("unknown computer level {name} (known: {known})", name=clip(level, tr),
                   known=", ".join(bot_levels())))
        return SeatSpec("", level)
    problem = name_problem(name)
    if problem is not None:
        message, fields = problem
        raise argparse.ArgumentTypeError(tr(message, name=clip(name, tr), **fields))
    return SeatSpec(name)


def _seats(tr: Translator):
    """An argparse ``type`` for ``--players`` (names and computers)."""
    def parse(text: str) -> tuple[SeatSpec, ...]:
        seats = tuple(_seat(part, tr) for part in text.split(","))
        if len(seats) > MAX_SEATS:
            raise argparse.ArgumentTypeError(tr("at most {most} seats, not {count}",
                                                most=MAX_SEATS, count=len(seats)))
        names = [s.name.casefold() for s in seats if s.is_human]
        for name in names:
            if names.count(name) > 1:
                raise argparse.ArgumentTypeError(tr("two players are called {name}",
                                                    name=clip(name, tr)))
        return name_computers(seats)

    return parse


def _common(parser: "_Parser") -> None:
    tr = parser.tr
    parser.add_argument("--variant", type=_variant(tr), default="classic",
                        help=tr("rule set: {variants} (default: classic)",
                                variants=", ".join(VARIANTS)))
    parser.add_argument("--seed", type=whole_number(0, MAX_SEED, tr), default=None,
                        help=tr("seed for the shuffles, to replay the same deal (0 to {most})",
                                most=MAX_SEED))
    parser.add_argument("--target", type=whole_number(1, MAX_TARGET, tr), default=500,
                        help=tr("points that win a match, 1 to {most} (default: 500)",
                                most=f"{MAX_TARGET:,}"))
    parser.add_argument("--mode", choices=list(MODES), default=None,
                        help=tr("match mode: {modes}", modes="; ".join(
                            f"{k}: {tr(v)}" for k, v in MODES.items())))
    parser.add_argument("--rules", type=_rules(tr), default=frozenset(),
                        help=tr("house rules, comma-separated: {rules}; or a preset: {presets}",
                                rules=", ".join(HOUSE_RULES), presets=_preset_names())
                        + _numbered_rules(tr))


def play_parser(tr: Translator | None = None) -> argparse.ArgumentParser:
    """The parser for ``uno-tui`` (play), in ``tr``'s words (English by default)."""
    tr = tr or translator()
    parser = _Parser(
        prog="uno-tui", tr=tr,
        description=tr("Hot-seat UNO for the terminal. With no options it opens the setup "
                       "screen. Every match is saved after every move: --resume goes on "
                       "with one. Run 'uno-tui sim --help' for headless bot-against-bot "
                       "play, 'uno-tui replay --help' to watch a finished match again and "
                       "'uno-tui serve --help' to host a table over SSH."),
        epilog=_levels_epilog(tr("example: {command}", command="uno-tui --variant classic "
                                 "--players Ann,Bob,cpu,cpu:hard --seed 7"), tr),
        formatter_class=_Formatter,
    )
    _common(parser)
    parser.add_argument("--players", type=_seats(tr), default=None,
                        help=tr("start at once with these seats, comma-separated: a name is "
                                "a human, 'cpu' or 'cpu:LEVEL' a computer player"))
    parser.add_argument("--resume", nargs="?", const=LATEST, default=None, metavar="FILE",
                        help=tr("go on with the most recently saved unfinished match, or the "
                                "one saved in FILE (every match is saved after every move)"))
    parser.add_argument("--no-autosave", action="store_true",
                        help=tr("do not save this match (it can't be resumed or replayed)"))
    _data_dir_option(parser)
    _play_language_option(parser)
    return parser


#: ``--resume`` without a file: the most recent unfinished match.
LATEST = ""


def _data_dir_option(parser: "_Parser") -> None:
    parser.add_argument("--data-dir", default=None, metavar="DIR",
                        help=parser.tr("where saves, finished matches and crash reports live "
                                       "(default: the user data folder, e.g. "
                                       "~/.local/share/uno-tui)"))


def sim_parser(tr: Translator | None = None) -> argparse.ArgumentParser:
    """The parser for ``uno-tui sim``, in ``tr``'s words (English by default)."""
    tr = tr or translator()
    parser = _Parser(
        prog="uno-tui sim", tr=tr,
        description=tr("Play whole games headless between bots (uniformly random by "
                       "default), checking the engine's invariants after every action."),
        epilog=_levels_epilog(tr("example: {command}", command="uno-tui sim --variant classic "
                                 "--players 4 --games 1000 --seed 1"), tr),
        formatter_class=_Formatter,
    )
    _common(parser)
    parser.set_defaults(seed=1)
    parser.add_argument("--players", type=whole_number(1, MAX_SEATS, tr), default=4,
                        help=tr("number of seats, 2 to {most} as the variant allows "
                                "(default: 4)", most=MAX_SEATS))
    parser.add_argument("--games", type=whole_number(0, MAX_GAMES, tr), default=1000,
                        help=tr("games to play, 0 to {most} (default: 1000); with --mode or "
                                "--target, matches", most=f"{MAX_GAMES:,}"))
    parser.add_argument("--bots", default="random",
                        help=tr("bot level for every seat, or one per seat comma-separated "
                                "(default: random)"))
    parser.add_argument("--think-ms", type=whole_number(1, MAX_THINK_MS, tr), default=None,
                        help=tr("thinking time per decision for hard bots, in milliseconds "
                                "of CPU time, so a busy machine gives the same results, 1 to "
                                "{most} (default: 500)", most=f"{MAX_THINK_MS:,}"))
    parser.add_argument("--workers", type=whole_number(1, MAX_WORKERS, tr), default=None,
                        help=tr("processes playing games side by side, 1 to {most} "
                                "(default: every core when a hard bot plays, else 1)",
                                most=MAX_WORKERS))
    parser.add_argument("--duplicate", action="store_true",
                        help=tr("duplicate deals: play every deal once per seat rotation (the "
                                "same shuffles, the bots moved round the table) and give each "
                                "level's win rate and points per round with 95%% intervals "
                                "over deals; --games then counts deals"))
    parser.add_argument("--json", action="store_true", help=tr("print one JSON object"))
    parser.add_argument("--no-check", action="store_true",
                        help=tr("skip the invariant checks (for speed measurements)"))
    parser.add_argument("--lang", type=_language(tr), default=None, metavar="LANG",
                        help=tr("the language of the summary and the errors: {known} (default: "
                                "the locale's, from LC_ALL, LC_MESSAGES or LANG; else en)",
                                known=_known_languages()))
    return parser


def serve_parser(tr: Translator | None = None) -> argparse.ArgumentParser:
    """The parser for ``uno-tui serve``, in ``tr``'s words (English by default)."""
    tr = tr or translator()
    parser = _Parser(
        prog="uno-tui serve", tr=tr,
        description=tr("Host UNO tables over SSH: each friend joins with 'ssh -p PORT HOST' "
                       "at their own terminal. On a loopback address anyone may join; on any "
                       "other address --authorized-keys or --password-file is required. With "
                       "--web PORT, friends may also join from a web browser at "
                       "http://HOST:PORT/."),
        epilog=tr("example: {command}",
                  command="uno-tui serve --host 0.0.0.0 --port 2222 --password-file table.txt"),
    )
    parser.add_argument("--host", default="127.0.0.1",
                        help=tr("address to listen on (default: 127.0.0.1, this machine only)"))
    parser.add_argument("--port", type=whole_number(0, 65535, tr), default=2222,
                        help=tr("TCP port, 0 to 65,535 (0: any free port; default: 2222)"))
    parser.add_argument("--authorized-keys", metavar="FILE", default=None,
                        help=tr("OpenSSH authorized_keys file: only these keys may join"))
    parser.add_argument("--password-file", metavar="FILE", default=None,
                        help=tr("a file whose first line is the table password"))
    parser.add_argument("--max-sessions", type=whole_number(1, MAX_SESSIONS, tr), default=32,
                        help=tr("most players and spectators connected at once, 1 to {most} "
                                "(default: 32)", most=f"{MAX_SESSIONS:,}"))
    parser.add_argument("--data-dir", metavar="DIR", default=None,
                        help=tr("where the host key, the log and the saves go "
                                "(default: the user data directory)"))
    parser.add_argument("--hold", type=_seconds_in(0, MAX_HOLD, tr), default=60.0,
                        help=tr("seconds a dropped player's seat waits for them before a "
                                "computer plays it, 0 to {most} (default: 60)",
                                most=f"{MAX_HOLD:,}"))
    parser.add_argument("--workers", type=whole_number(1, MAX_WORKERS, tr),
                        default=max(1, min(os.cpu_count() or 1, MAX_WORKERS)),
                        help=tr("processes drawing the players' screens, 1 to {most} "
                                "(default: this machine's cores, {cores}; 1 draws them in "
                                "the server's own process)", most=MAX_WORKERS,
                                cores=os.cpu_count() or 1))
    parser.add_argument("--web", metavar="PORT", type=whole_number(0, 65535, tr), default=None,
                        help=tr("also serve the tables to web browsers on this TCP port, 0 "
                                "to 65,535 (0: any free port): friends open "
                                "http://HOST:PORT/"))
    parser.add_argument("--no-ssh", dest="ssh", action="store_false",
                        help=tr("no SSH port: the web page only (needs --web)"))
    parser.add_argument("--turn-seconds", type=_seconds_in(0, MAX_TURN_SECONDS, tr),
                        default=30.0, metavar="S",
                        help=tr("seconds each person has for a decision; when they run out "
                                "the seat draws or passes as the rules allow, and after two "
                                "in a row a computer plays it until its person presses a "
                                "key; 0 to {most}, 0: no timer (default: 30)",
                                most=f"{MAX_TURN_SECONDS:,}"))
    parser.add_argument("--open", action="store_true",
                        help=tr("a public demo: anyone may join, on any address, with no key "
                                "or password; visitors get a guest name they may change"))
    parser.add_argument("--lang", type=_language(tr), default=None, metavar="LANG",
                        help=tr("the language of the server's messages and of every visitor "
                                "whose terminal or browser names none: {known} (default: the "
                                "locale's, from LC_ALL, LC_MESSAGES or LANG; else en)",
                                known=_known_languages()))
    limits = parser.add_argument_group(
        tr("limits"), tr("what one address, connection and terminal may do (as OpenSSH "
                         "limits it)"))
    for field, limit in SERVE_LIMITS.items():
        low, high = int(limit.low), int(limit.high)
        kind = _seconds_in(low, high, tr) if limit.seconds else whole_number(low, high, tr)
        limits.add_argument("--" + field.replace("_", "-"), dest=field, type=kind,
                            default=limit.default, metavar="S" if limit.seconds else "N",
                            help=tr("{limit}, {low} to {high} (default: {default})",
                                    limit=tr(limit.help), low=f"{low:,}", high=f"{high:,}",
                                    default=f"{limit.default:g}"))
    return parser


def _seconds_in(low: int, high: int, tr: Translator | None = None):
    """An argparse ``type`` for seconds from ``low`` to ``high``, with clear messages."""
    tr = tr or translator()

    def parse(text: str) -> float:
        try:
            value = float(text)
        except ValueError:
            raise argparse.ArgumentTypeError(tr("{value} is not a number of seconds",
                                                value=clip(text, tr))) from None
        if not low <= value <= high:
            raise argparse.ArgumentTypeError(
                tr("{value} is out of range: give a number of seconds from {low} to {high}",
                   value=clip(text, tr), low=f"{low:,}", high=f"{high:,}"))
        return value

    parse.__name__ = f"seconds from {low} to {high}"
    return parse


def run_serve_command(argv: Sequence[str], tr: Translator | None = None) -> int:
    """``uno-tui serve``: returns the exit status."""
    from pathlib import Path

    from .paths import DataDirError
    from .server import ServeConfig, ServeError, run_server
    from .server.limits import Limits

    tr = tr or translator()
    parser = serve_parser(tr)
    args = parser.parse_args(list(argv))
    if not args.ssh and args.web is None:
        parser.error(tr("--no-ssh leaves nothing to join: add --web PORT"))
    if args.ssh and args.web is not None and args.web == args.port != 0:
        parser.error(tr("--web {port} is the SSH port too: give the web page another port",
                        port=args.web))
    config = ServeConfig(
        host=args.host, port=args.port,
        authorized_keys=Path(args.authorized_keys) if args.authorized_keys else None,
        password_file=Path(args.password_file) if args.password_file else None,
        max_sessions=args.max_sessions,
        data_dir=Path(args.data_dir) if args.data_dir else None, hold=args.hold,
        workers=args.workers, ssh=args.ssh, web_port=args.web, open=args.open,
        turn_seconds=args.turn_seconds, lang=choose_language(args.lang),
        limits=Limits(**{field: getattr(args, field) for field in SERVE_LIMITS}))
    try:
        return run_server(config)
    except ServeError as exc:
        raise UsageError(reason(exc)) from None
    except DataDirError as exc:
        raise _data_dir_problem(exc, args.data_dir, tr) from None


def replay_parser(tr: Translator | None = None) -> argparse.ArgumentParser:
    """The parser for ``uno-tui replay``, in ``tr``'s words (English by default)."""
    tr = tr or translator()
    parser = _Parser(
        prog="uno-tui replay", tr=tr,
        description=tr("Step through a finished match action by action, every hand shown: "
                       "Left/Right one action, PgUp/PgDn a round, Home/End, 1-9 jump to a "
                       "round."),
        epilog=tr("example: {command}",
                  command="uno-tui replay   " + tr("(the most recently finished match)")),
    )
    parser.add_argument("file", nargs="?", default=None, metavar="FILE",
                        help=tr("a saved match (default: the most recently finished one)"))
    _data_dir_option(parser)
    _language_option(parser)
    return parser


def parse_play_args(argv: Sequence[str]) -> PlayConfig:
    """Read ``uno-tui`` arguments; raise ``UsageError`` on bad input."""
    return _play_config(play_parser().parse_args(list(argv)))


def _play_config(args: argparse.Namespace, tr: Translator | None = None) -> PlayConfig:
    tr = tr or translator()
    variant = get_variant(args.variant)
    args.rules = _check_rules(variant, args.rules, tr)
    if args.players is not None:
        _check_players(variant, len(args.players), tr)
    return PlayConfig(variant=args.variant, seats=args.players, seed=args.seed,
                      target=args.target, mode=args.mode or variant.default_mode, rules=args.rules)


def _argument_problem(argument: str, problem: object, tr: Translator) -> "UsageError":
    """``argument --rules: ...``, as argparse words it, in ``tr``'s language."""
    return UsageError(tr("argument {argument_name}: {message}", argument_name=argument,
                         message=problem))


def _check_rules(variant, rules, tr: Translator) -> frozenset[str]:
    """``rules`` with presets expanded for ``variant``, checked."""
    try:
        rules = expand_rules(variant, rules)
        variant.check_rules(rules)
        return rules
    except ConfigError as exc:
        raise _argument_problem("--rules", reason(exc), tr) from None


def _check_players(variant, count: int, tr: Translator) -> None:
    try:
        variant.check_players(count)
    except ConfigError:
        raise _argument_problem("--players", player_count_problem(variant, count, tr),
                                tr) from None


def run_sim_command(argv: Sequence[str], tr: Translator | None = None) -> int:
    """``uno-tui sim``: returns the exit status."""
    from .sim import SimConfig, format_summary, run_sim, stderr_progress

    tr = tr or translator()
    args = sim_parser(tr).parse_args(list(argv))
    variant = get_variant(args.variant)
    args.rules = _check_rules(variant, args.rules, tr)
    _check_players(variant, args.players, tr)
    levels = tuple(level.strip().lower() for level in args.bots.split(","))
    known = bot_levels()
    for level in levels:
        if level not in known:
            raise _argument_problem("--bots", tr(
                "unknown bot level {name} (known: {known})", name=clip(level, tr),
                known=", ".join(known)), tr)
    if len(levels) not in (1, args.players):
        raise _argument_problem("--bots", tr(
            "give one level, or one per seat ({seats}), not {count}", seats=args.players,
            count=len(levels)), tr)
    explicit_target = "--target" in argv or any(a.startswith("--target=") for a in argv)
    mode = args.mode or ("target" if explicit_target else None)
    config = SimConfig(variant=args.variant, players=args.players, games=args.games,
                       seed=args.seed, rules=args.rules, mode=mode, target=args.target,
                       check=not args.no_check, levels=levels, think_ms=args.think_ms,
                       workers=args.workers, duplicate=args.duplicate)
    check_output(tr)
    result = run_sim(config, progress=None if args.json else stderr_progress(tr))
    write_output(json.dumps(result.to_json()) if args.json else format_summary(result, tr), tr)
    return 1 if result.violations else 0


class OutputProblem(Exception):
    """Standard output is closed or can't be written: one line, exit status 1."""


def check_output(tr: Translator | None = None) -> None:
    """``UsageError`` when standard output is closed (``uno-tui sim >&-``): the results
    would go nowhere without a word."""
    # Started with fd 1 closed, Python sets sys.stdout to None and print() says nothing.
    if sys.stdout is None or getattr(sys.stdout, "closed", False):
        tr = tr or translator()
        raise UsageError(tr("standard output is closed: the results would go nowhere (send "
                            "them to a file or a pipe)"))


def write_output(text: str, tr: Translator | None = None) -> None:
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
        tr = tr or translator()
        raise OutputProblem(tr("the results could not be written: {problem}",
                               problem=os_reason(exc))) from None


def need_terminal(tr: Translator | None = None) -> None:
    """Raise ``UsageError`` unless keys can be read from a terminal and the screen drawn on one."""
    tr = tr or translator()
    for problem, stream in ((N_("standard input is not a terminal: the game needs one (for "
                                "headless play try 'uno-tui sim')"), sys.stdin),
                            (N_("standard output is not a terminal: the game needs one (for "
                                "headless play try 'uno-tui sim')"), sys.stdout)):
        try:
            ok = stream is not None and stream.isatty()
        except (OSError, ValueError):   # a closed stream
            ok = False
        if not ok:
            raise UsageError(tr(problem))


def open_store(folder: str | None, tr: Translator | None = None):
    """The :class:`~uno_tui.saves.MatchStore` of ``--data-dir`` (or the user data
    folder), checked but not made: its folders are made when a save is first written."""
    from .paths import DataDirError, data_dir
    from .saves import MatchStore
    tr = tr or translator()
    try:
        return MatchStore(data_dir(folder, create=False))
    except DataDirError as exc:
        raise _data_dir_problem(exc, folder, tr) from None


def _data_dir_problem(exc, folder: str | None, tr: Translator) -> Exception:
    """The one line for a data folder that can't be used (``exc``, a ``DataDirError``):
    the --data-dir given, or the default one."""
    if exc.given:
        return _argument_problem("--data-dir", tr(
            "can't use {folder}: {problem}", folder=clip(str(folder), tr),
            problem=exc.problem), tr)
    return SaveProblem(tr("the data folder {folder} can't be used: {problem} (it comes "
                          "from XDG_DATA_HOME or the home folder; give another with "
                          "--data-dir)", folder=exc.path, problem=exc.problem))


def run_play_command(argv: Sequence[str], tr: Translator | None = None) -> int:
    """``uno-tui``: start the app; returns the exit status."""
    tr = tr or translator()
    args = play_parser(tr).parse_args(list(argv))
    config = _play_config(args, tr)
    store = open_store(args.data_dir, tr)
    record = None
    if args.resume is not None:
        if args.players is not None:
            raise _argument_problem("--resume", tr(
                "a resumed match keeps its own players; leave out --players"), tr)
        record = _saved_match(store, args.resume, tr)
        if not args.no_autosave:
            record = _claim(store, record)
    need_terminal(tr)
    from .app import run_app
    preferences = Preferences(store.root)
    return run_app(config, store=None if args.no_autosave else store, resume=record,
                   lang=_game_language(args.lang, preferences), preferences=preferences)


def run_replay_command(argv: Sequence[str], tr: Translator | None = None) -> int:
    """``uno-tui replay``: play back a saved match; returns the exit status."""
    from .app.replay import Replay, ReplayError, refusal
    from .saves import SaveFileError

    tr = tr or translator()
    args = replay_parser(tr).parse_args(list(argv))
    store = open_store(args.data_dir, tr)
    path = args.file
    if path is None:
        finished = store.finished()
        if not finished:
            raise SaveProblem(tr("no finished match to replay in {folder}",
                                 folder=store.history))
        path = finished[0]
    try:
        record = store.load(path)
    except SaveFileError as exc:
        raise SaveProblem(reason(exc)) from None
    refused = refusal(record, tr)
    if refused:
        raise SaveProblem(refused)
    try:
        record.rounds        # a journal's rounds are read when first asked for
        replay = Replay(record)
        replay.check()
    except (ReplayError, ValueError) as exc:
        problem = exc.words(tr) if isinstance(exc, ReplayError) else reason(exc)
        raise SaveProblem(tr("the save {path} can't be replayed: {problem}", path=record.path,
                             problem=problem)) from None
    need_terminal(tr)
    from .app import run_app
    preferences = Preferences(store.root)
    return run_app(record.config, replay=replay, lang=_game_language(args.lang, preferences),
                   preferences=preferences)


def _game_language(asked: str | None, preferences: Preferences) -> str:
    """The game's language: ``--lang``, else the one the player last switched to (on the
    setup screen), else the locale's."""
    return asked or preferences.language or choose_language(None)


def _saved_match(store, path: str, tr: Translator):
    """The match ``--resume`` names; one clear line when there is none or it is bad."""
    from .saves import SaveFileError
    try:
        if path != LATEST:
            return store.load(path)
        record = store.latest_unfinished()
    except SaveFileError as exc:
        raise SaveProblem(reason(exc)) from None
    for problem in store.problems:
        print(f"uno-tui: {tr.words(reason(problem))}", file=sys.stderr)
    if record is None:
        raise SaveProblem(tr("no unfinished match to resume in {folder}", folder=store.saves))
    return record


def _claim(store, record):
    """Lock the match for this process: one writer per match (exit 2 when another
    uno-tui plays it: "open in another uno-tui, pid N")."""
    from .saves import SaveFileError
    try:
        return store.claim(record)
    except (SaveFileError, ValueError) as exc:
        raise SaveProblem(reason(exc)) from None


#: ``uno-tui NAME ...``: the command that runs it (``uno-tui`` alone plays).
SUBCOMMANDS = {"sim": run_sim_command, "replay": run_replay_command, "serve": run_serve_command}


def main(argv: Sequence[str] | None = None) -> int:
    """Entry point of the ``uno-tui`` command."""
    argv = list(sys.argv[1:] if argv is None else argv)
    # Installed packages' rule sets, so --help, --variant and the setup screen list them.
    load_plugins()
    command = argv[0] if argv and argv[0] in SUBCOMMANDS else None
    prog = f"uno-tui {command}" if command else "uno-tui"
    # --help and every message in the language --lang or the locale asks for (a bad
    # --lang is the parser's to report: until then, the locale's).
    tr = translator(_asked_language(argv))
    try:
        if command:
            return SUBCOMMANDS[command](argv[1:], tr)
        return run_play_command(argv, tr)
    except UsageError as exc:
        print(tr("{prog}: error: {problem} (see '{prog} --help')", prog=prog,
                 problem=reason(exc)),
              file=sys.stderr)
        return 2
    except (EngineError, SaveProblem) as exc:
        print(tr("{prog}: error: {problem}", prog=prog, problem=reason(exc)), file=sys.stderr)
        return 2
    except OutputProblem as exc:
        print(tr("{prog}: error: {problem}", prog=prog, problem=exc), file=sys.stderr)
        return 1
    except KeyboardInterrupt:
        print(tr("{prog}: interrupted", prog=prog), file=sys.stderr)
        return 130
    except BrokenPipeError:
        # The reader has gone (``uno-tui sim | head -1``): stop quietly, as cat would.
        _silence_stdout()
        return 128 + signal.SIGPIPE


def _asked_language(argv: Sequence[str]) -> str:
    """The language of the command line's words: ``--lang`` (or ``--lang=``) if it names
    one we have, else the locale's."""
    for index, argument in enumerate(argv):
        if argument == "--":
            break
        value = None
        if argument == "--lang" and index + 1 < len(argv):
            value = argv[index + 1]
        elif argument.startswith("--lang="):
            value = argument.partition("=")[2]
        if value is not None:
            try:
                return parse_language(value)
            except LanguageError:
                break
    return choose_language(None)


def _silence_stdout() -> None:
    """Point stdout at /dev/null, so the interpreter's last flush does not complain."""
    try:
        devnull = os.open(os.devnull, os.O_WRONLY)
        os.dup2(devnull, sys.stdout.fileno())
    except (OSError, ValueError, AttributeError):   # not a real file (e.g. under a test)
        pass
