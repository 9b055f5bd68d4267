"""The front-end seam: what a rule set or a house rule brings to the app besides its rules.

A rule set names its front-end module in ``Variant.front_end``, a house rule in
``HouseRule.front_end``; that module declares ``FRONT_END``, a :class:`FrontEnd`: short
labels and big symbols for its card kinds, log tellers and banner moments for its event
kinds, prompts for its decision kinds, the words of its out-of-turn play, extra table
widgets and its help page. The app looks them up here where its own tables have nothing
(so an outside package's rule set or house rule plays in the app with no change to it);
a rule set's or a house rule's module is imported the first time something of its own
is asked for (its front end, its widgets, its prompts' wraps), and every module registered
by then the first time a lookup by kind finds nothing in those imported so far.

The built-in rule sets are found the same way: each has its front end in
``uno_tui/rulesets/<name>/frontend/``; the built-in house rules' front ends are in
``uno_tui/rulesets/house/frontend/``. What every rule set shares (the turn machine's
decisions' prompts, the shared events' log lines, how a card's label is built) stays in
the app.

This module imports no Textual: the narration and card texts (which the server uses
without screens) read it too. Widgets are given as factories and only called by screens.
"""

from __future__ import annotations

import importlib
from dataclasses import dataclass, field
from functools import cached_property
from typing import TYPE_CHECKING, Callable, Iterator, Mapping, Sequence

from ..engine import HOUSE_RULE_SPECS, VARIANTS, Event, EventKind
from ..engine.ruleset import NUMBER_MARK
from ..i18n import Phrase, Translator, translator

if TYPE_CHECKING:
    from importlib.resources.abc import Traversable

__all__ = ["FrontEnd", "Teller", "Moment", "short_label", "symbol", "teller", "moment",
           "prompter", "prompt_wraps", "out_of_turn_words", "out_of_turn_play", "widgets", "help_page", "front_end",
           "house_rule_front_end", "HELP_PAGE", "OUT_OF_TURN_KEYS", "load_front_ends",
           "front_end_problems", "SHARED_TELLERS", "PackageFolder"]

#: A log teller: ``teller(event, name, target, cards) -> line``; ``name`` and ``target``
#: are the seats' names, ``cards(ids)`` names the cards of a public event. A line that
#: is an :class:`~uno_tui.i18n.Phrase` is read in each viewer's language (any other
#: string as it is).
Teller = Callable[[Event, str, str, Callable[[Sequence[int]], str]], str]
#: A banner moment: ``moment(event, name, target) -> headline`` (the seats' names, as a
#: teller gets them; ``""``: not worth a headline); a :class:`~uno_tui.i18n.Phrase`, as
#: a teller's line.
Moment = Callable[[Event, str, str], str]

#: The sentences an out-of-turn play's words give (see :attr:`FrontEnd.out_of_turn`):
#: the claim's title (``{card}``), the claimer's card (``{name}``, ``{card}``), the
#: notice for a claimer with no such card (``{name}``), the handoff's reason
#: (``{name}``, ``{card}``), and the log's line for the play (``{name}``, ``{cards}``).
OUT_OF_TURN_KEYS = ("who", "which", "none", "claims", "played")


class PackageFolder:
    """A package's data folder (``importlib.resources.files(package)``), looked up the
    first time it is read. A front end names its rules pages' folder when it is
    imported, at every table launch; ``files()`` itself imports importlib.resources'
    readers and zipfile (~6 ms before the first frame), for pages read only when
    someone opens the rules."""

    def __init__(self, package: str) -> None:
        self.package = package

    @cached_property
    def _folder(self) -> "Traversable":
        from importlib import resources
        return resources.files(self.package)

    @property
    def name(self) -> str:
        return self._folder.name

    def joinpath(self, *descendants: str) -> "Traversable":
        return self._folder.joinpath(*descendants)

    __truediv__ = joinpath

    def iterdir(self) -> Iterator["Traversable"]:
        return self._folder.iterdir()

    def is_dir(self) -> bool:
        return self._folder.is_dir()

    def is_file(self) -> bool:
        return False

    def __repr__(self) -> str:
        return f"PackageFolder({self.package!r})"


@dataclass(frozen=True)
class FrontEnd:
    """A rule set's front-end part."""

    #: Short label bodies of its card kinds in a hand ("Hit" reads "Hit", "R Hit").
    short_labels: Mapping[str, str] = field(default_factory=dict)
    #: The big symbol on the card face of each of its kinds (one or two cells).
    symbols: Mapping[str, str] = field(default_factory=dict)
    #: Log lines for its event kinds.
    tellers: Mapping[str, Teller] = field(default_factory=dict)
    #: Banner headlines for its event kinds (the moments a player at the table notices).
    moments: Mapping[str, Moment] = field(default_factory=dict)
    #: Prompters (see ``app.prompts.registry``) for its decision kinds.
    prompts: Mapping[str, Callable] = field(default_factory=dict)
    #: A house rule's say in the prompts of decisions it does not own (a draw card to
    #: answer, under deflect): by decision kind, a function of the prompter that would
    #: ask (the shared one, or as another rule in play changed it) returning the one
    #: that asks instead while the rule is in play; it calls the one it wraps for what
    #: it leaves alone (as ``HouseRule.effects`` wraps a card's effect).
    prompt_wraps: Mapping[str, Callable[[Callable], Callable]] = field(default_factory=dict)
    #: The words of an out-of-turn play it brings, by the key's own words ("Jump in",
    #: "Speed play"): a whole sentence for each of :data:`OUT_OF_TURN_KEYS`, since a
    #: language may not build them from the one word.
    out_of_turn: Mapping[str, Mapping[str, str]] = field(default_factory=dict)
    #: Factories of extra table widgets (``app.widgets.bound.TableWidget`` subclasses).
    widgets: tuple[Callable[[], object], ...] = ()
    #: Its rules page, in Markdown.
    help: str = ""
    #: Or a folder (package data: ``PackageFolder(__name__)``, or any Traversable) with
    #: its rules page as ``help.md`` and, for each language it is translated into,
    #: ``LANG/help.md``; it wins over ``help``.
    help_folder: Traversable | PackageFolder | None = None


#: The file name of a rules page in a front end's ``help_folder``.
HELP_PAGE = "help.md"


def _rolled(event: Event, name: str, target: str, cards) -> str:
    return Phrase("{name} rolls {count}: {target} draws {count}", name=name, target=target,
                  count=event.count)


#: Tellers of the engine's events that no built-in log line tells yet.
SHARED_TELLERS: dict[str, Teller] = {
    EventKind.DRAW_ROLLED: _rolled,
}

_by_variant: dict[str, FrontEnd] = {}
_by_rule: dict[str, FrontEnd] = {}
_labels: dict[str, str] = {}
_symbols: dict[str, str] = {}
_tellers: dict[str, Teller] = dict(SHARED_TELLERS)
_moments: dict[str, Moment] = {}
_prompts: dict[str, Callable] = {}
_out_of_turn: dict[str, Mapping[str, str]] = {}
_problems: list[str] = []
_seen: set[str] = set()
_seen_rules: set[str] = set()


def _all_seen(seen: set[str], registered: Mapping) -> bool:
    return len(seen) == len(registered) and seen.issuperset(registered)


def load_front_ends() -> None:
    """Import the front-end module of every rule set and house rule registered and not
    looked at yet.

    A module that fails to import is left out (its rule set or house rule still plays,
    with the generic words and prompts) and its problem kept (:func:`front_end_problems`).
    """
    if _all_seen(_seen, VARIANTS) and _all_seen(_seen_rules, HOUSE_RULE_SPECS):
        return
    for seen, registered, found, what in (
            (_seen, VARIANTS, _by_variant, lambda variant: variant.label),
            (_seen_rules, HOUSE_RULE_SPECS, _by_rule,
             lambda rule: f"the house rule {rule.name}")):
        for name, plugged in list(registered.items()):
            if name in seen:
                continue
            seen.add(name)
            front = _load(plugged.front_end, what(plugged))
            if front is not None:
                found[name] = front
                _add(front)


def _load_one(name: str, registered: Mapping, seen: set[str], found: dict[str, FrontEnd],
              owner: str) -> None:
    """Import the front end of the one rule set (or house rule) ``name``, if registered
    and not looked at yet: a table needs its own rule set's and house rules' first (a
    classic table imported UNO Party!'s prompts and widgets, ~5 ms of its launch); the
    lookups by kind import the rest when these lack the kind."""
    plugged = registered.get(name)
    if plugged is None or name in seen:
        return
    seen.add(name)
    front = _load(plugged.front_end, owner)
    if front is not None:
        found[name] = front
        _add(front)


def _load_variant(variant: str) -> None:
    plugged = VARIANTS.get(variant)
    _load_one(variant, VARIANTS, _seen, _by_variant, plugged.label if plugged else variant)


def _load_rule(rule: str) -> None:
    name = rule.partition(NUMBER_MARK)[0]
    _load_one(name, HOUSE_RULE_SPECS, _seen_rules, _by_rule, f"the house rule {name}")


def _looked_up(table: Mapping[str, object], key: str):
    """``table[key]`` from the front ends imported so far, else from them all."""
    found = table.get(key)
    if found is None:
        load_front_ends()
        found = table.get(key)
    return found


def _load(module: str, owner: str) -> FrontEnd | None:
    """The ``FRONT_END`` of ``module`` (None: none named, or it did not load)."""
    if not module:
        return None
    try:
        front = importlib.import_module(module).FRONT_END
        if not isinstance(front, FrontEnd):
            raise TypeError(f"FRONT_END is not a FrontEnd but {type(front).__name__}")
    except Exception as exc:   # an outside package's bug must not stop the game
        _problems.append(f"the front end of {owner} ({module}) did not load: {exc}")
        return None
    return front


def _add(front: FrontEnd) -> None:
    _labels.update(front.short_labels)
    _symbols.update(front.symbols)
    _tellers.update(front.tellers)
    _moments.update(front.moments)
    _prompts.update(front.prompts)
    _out_of_turn.update(front.out_of_turn)


def short_label(kind: str) -> str | None:
    """A rule set's short label body for card ``kind`` (``None``: none given)."""
    return _looked_up(_labels, kind)


def symbol(kind: str) -> str | None:
    """A rule set's card-face symbol for ``kind``."""
    return _looked_up(_symbols, kind)


def teller(kind: str) -> Teller | None:
    """The log teller of event ``kind`` from a rule set (or the shared ones)."""
    return _looked_up(_tellers, kind)


def moment(kind: str) -> Moment | None:
    """The banner moment of event ``kind`` from a rule set or a house rule."""
    return _looked_up(_moments, kind)


#: The out-of-turn play of a rule set with none of its own (the jump-in house rule's).
HOUSE_OUT_OF_TURN = "Jump in"


def out_of_turn_play(variant: str) -> str:
    """The key's own words for an out-of-turn play in rule set ``variant``: the play its
    front end brings (UNO Party!'s "Speed play"), else the house rule's "Jump in"."""
    front = front_end(variant)
    return next(iter(front.out_of_turn), HOUSE_OUT_OF_TURN) if front else HOUSE_OUT_OF_TURN


def out_of_turn_words(what: str) -> Mapping[str, str] | None:
    """The sentences of the out-of-turn play ``what`` ("Jump in", "Speed play"), from the
    front end that brings it (see :attr:`FrontEnd.out_of_turn`)."""
    return _looked_up(_out_of_turn, what)


def prompter(kind: str) -> Callable | None:
    """A rule set's prompter for decision ``kind``."""
    return _looked_up(_prompts, kind)


def prompt_wraps(kind: str, rules) -> list[Callable[[Callable], Callable]]:
    """The wraps of the house rules ``rules`` (names, ``catch-window:5`` included) for the
    prompt of decision ``kind`` (see :attr:`FrontEnd.prompt_wraps`), in the rules' name
    order."""
    wraps = []
    for rule in sorted(rules):
        _load_rule(rule)
        front = _by_rule.get(rule.partition(NUMBER_MARK)[0])
        wrap = front.prompt_wraps.get(kind) if front is not None else None
        if wrap is not None:
            wraps.append(wrap)
    return wraps


def widgets(variant: str) -> tuple[Callable[[], object], ...]:
    """The extra table widgets of rule set ``variant``."""
    _load_variant(variant)
    front = _by_variant.get(variant)
    return front.widgets if front is not None else ()


def front_end(variant: str) -> FrontEnd | None:
    """The front end of rule set ``variant`` (``None``: it has none, or it did not load)."""
    _load_variant(variant)
    return _by_variant.get(variant)


def house_rule_front_end(rule: str) -> FrontEnd | None:
    """The front end of house rule ``rule`` (``catch-window:5``: of ``catch-window``)."""
    _load_rule(rule)
    return _by_rule.get(rule.partition(NUMBER_MARK)[0])


def help_page(variant: str, tr: Translator | None = None) -> str | None:
    """The rules page of rule set ``variant`` in ``tr``'s language where its front end
    has it translated (else in English), if its front end has one."""
    front = front_end(variant)
    if front is None:
        return None
    if front.help_folder is not None:
        page = (tr or translator()).page(front.help_folder, HELP_PAGE)
        if page is not None:
            return page
    return front.help or None


def front_end_problems() -> list[str]:
    """Why rule sets' front ends could not be loaded, in words."""
    return list(_problems)
