"""The help pages' Markdown for Rich, Japanese paragraphs broken by the line-breaking
rules of :mod:`.wrapping`.

Its own module, imported only by the help screen (opened lazily, on ``?``): Rich's
Markdown brings markdown-it and Pygments with it, ~50 ms of the launch that no table
needs until someone asks for help.
"""

from __future__ import annotations

from rich.markdown import Markdown, Paragraph

from .wrapping import break_text

__all__ = ["help_markdown"]


class _Paragraph(Paragraph):
    """A Markdown paragraph (a list item's too) broken by :func:`break_text` at the
    width Rich lays it out at."""

    def __rich_console__(self, console, options):
        broken = break_text(self.text, options.max_width)
        if broken is None:
            yield from super().__rich_console__(console, options)
            return
        broken.justify = self.justify
        yield broken


class _LineBreakingMarkdown(Markdown):
    elements = {**Markdown.elements, "paragraph_open": _Paragraph}


def help_markdown(page: str, **options) -> Markdown:
    """A help page's Markdown for Rich (``options`` as :class:`rich.markdown.Markdown`
    takes them), its Japanese paragraphs and list items broken by the line-breaking
    rules wherever Rich lays them out, whatever the width: Rich breaks only at spaces,
    and folded a paragraph without any at the last cell (a line began with 。 or ッ).
    Paragraphs in letters are laid out by Rich as before."""
    return _LineBreakingMarkdown(page, **options)
