"""Help: the rules of the variant in play (Markdown) and the keys."""

from __future__ import annotations

from importlib import resources
from typing import Iterable

from textual.app import ComposeResult
from textual.binding import Binding
from textual.containers import VerticalScroll
from textual.screen import ModalScreen
from textual.widgets import Static, TabbedContent, TabPane

from ...engine import HOUSE_RULES, VARIANTS, ConfigError, house_rule
from .. import frontends
from ...i18n import Translator, translator
from ..widgets.footer import KeysFooter
from ..help_markdown import help_markdown

__all__ = ["HelpScreen", "rules_markdown", "keys_markdown"]

RULES_TAB = "rules"
KEYS_TAB = "keys"


def _read(name: str, tr: Translator) -> str | None:
    return tr.page(resources.files("uno_tui.app").joinpath("help"), name)


def rules_markdown(variant: str, rules: Iterable[str] = (), *, choosing: bool = False,
                   tr: Translator | None = None) -> str:
    """The rules page for ``variant``, plus the house rules in play (``choosing``: every
    house rule, in full, for the setup screen where they are chosen), in ``tr``'s
    language (English by default)."""
    tr = tr or translator()
    label = tr(VARIANTS[variant].label) if variant in VARIANTS else variant
    page = frontends.help_page(variant, tr)
    if page is None:
        # A variant without its own page still gets the rules every variant shares.
        page = f"# {label}\n\n" + (_read("common.md", tr) or "")
    shown = list(HOUSE_RULES) if choosing else sorted(rules)
    if shown:
        heading = tr("House rules to choose from") if choosing else tr("House rules in this game")
        page += f"\n\n## {heading}\n\n"
        page += "\n".join(f"- **{rule}**: {tr(_help_line(rule))}" for rule in shown)
    return page


def _help_line(rule: str) -> str:
    """A house rule's help line (``catch-window:5``: with its number); "" if unknown."""
    try:
        return house_rule(rule).help
    except ConfigError:
        return ""


def keys_markdown(tr: Translator | None = None) -> str:
    """The keys page, in ``tr``'s language (English by default)."""
    return _read("keys.md", tr or translator()) or ""


class HelpText(VerticalScroll, can_focus=True):
    """One help page, scrolled by the arrows and Page Up/Down.

    The page is one Rich renderable in one widget, not Textual's Markdown widget: that
    builds a widget per paragraph and list item, and Textual restyles every one of them
    on each focus change, so each opening of help cost about half a second of CPU (on a
    shared server, everyone's)."""

    def __init__(self, page: str, *, id: str) -> None:
        super().__init__(id=id)
        self.page = page

    def compose(self) -> ComposeResult:
        # Japanese paragraphs broken by the line-breaking rules (see wrapping.py).
        yield Static(help_markdown(self.page, hyperlinks=False), classes="help-page")


class HelpScreen(ModalScreen[None]):
    """Rules and keys in two tabs; Escape (or q) closes it."""

    BINDINGS = [
        Binding("escape", "close", "Close"),
        Binding("q", "close", show=False),
        Binding("r", "tab('rules')", "Rules"),
        Binding("k", "tab('keys')", "Keys"),
    ]

    def __init__(self, variant: str, rules: Iterable[str] = (), tab: str = RULES_TAB, *,
                 choosing: bool = False) -> None:
        super().__init__(classes="help-screen")
        self.variant = variant
        self.rules = tuple(rules)
        self.tab = tab
        #: Opened from the setup screen: every house rule is told, in full.
        self.choosing = choosing

    def compose(self) -> ComposeResult:
        tr = self.app.tr
        pages = {RULES_TAB: rules_markdown(self.variant, self.rules, choosing=self.choosing,
                                           tr=tr),
                 KEYS_TAB: keys_markdown(tr)}
        with TabbedContent(initial=self.tab, id="help-tabs"):
            for tab, title in ((RULES_TAB, tr("Rules")), (KEYS_TAB, tr("Keys"))):
                with TabPane(title, id=tab):
                    yield HelpText(pages[tab], id=f"{tab}-text")
        yield KeysFooter()

    def on_mount(self) -> None:
        self._focus_text(self.tab)

    def action_tab(self, tab: str) -> None:
        self.query_one(TabbedContent).active = tab
        self._focus_text(tab)

    def _focus_text(self, tab: str) -> None:
        # The arrows and Page Up/Down scroll the text in view.
        self.query_one(f"#{tab}-text", HelpText).focus()

    def action_close(self) -> None:
        self.dismiss(None)
