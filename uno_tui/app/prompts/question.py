"""What a prompt asks: a title, a message and the options to answer with."""

from __future__ import annotations

from dataclasses import dataclass
from typing import Generic, NamedTuple, Sequence, TypeVar

__all__ = ["Option", "Question", "PAGE"]

T = TypeVar("T")

#: Options shown at once, each with its digit; longer lists are filtered by typing, or paged.
PAGE = 9


class Option(NamedTuple, Generic[T]):
    """One answer: the text on it, the value it returns, its letter key, and a Rich
    style for a coloured swatch before the label (e.g. a card's colour).

    Labels are plain text (names are data): they are never read as markup. (A named
    tuple: a frozen dataclass took ~0.4 ms of every launch to make.)
    """

    label: str
    value: T
    key: str = ""
    swatch: str = ""
    #: The number the option keeps wherever it is listed (a seat's number when players
    #: are picked): shown before it, and its digit picks it. None: numbered by position.
    number: int | None = None


@dataclass(frozen=True)
class Question(Generic[T]):
    """A question for the person at the keyboard. ``cancel`` lets Escape answer None.
    ``about_players``: the answer is a player, so the seats must stay in view (the table
    lays the question below them, over the piles and the hand)."""

    title: str
    message: str
    options: tuple[Option[T], ...]
    cancel: bool = False
    about_players: bool = False
    #: Shorter messages, longest first, for a panel with too few rows for ``message``
    #: (the first that fits is shown, rather than the message cut).
    shorter: tuple[str, ...] = ()

    def __init__(self, title: str, message: str, options: Sequence[Option[T]],
                 cancel: bool = False, about_players: bool = False,
                 shorter: Sequence[str] = ()) -> None:
        if not options:
            raise ValueError(f"a question needs at least one option: {title!r}")
        object.__setattr__(self, "title", title)
        object.__setattr__(self, "message", message)
        object.__setattr__(self, "options", tuple(options))
        object.__setattr__(self, "cancel", cancel)
        object.__setattr__(self, "about_players", about_players)
        object.__setattr__(self, "shorter", tuple(shorter))

    @property
    def numbered(self) -> bool:
        """True when the options keep numbers of their own (see :attr:`Option.number`)."""
        return any(option.number is not None for option in self.options)

    def numbered_as(self, number: int) -> int | None:
        """The index of the option numbered ``number``, if any."""
        return next((index for index, option in enumerate(self.options)
                     if option.number == number), None)

    @property
    def filtered(self) -> bool:
        """True when there are more options than digits: typing filters them."""
        return len(self.options) > PAGE

    def matching(self, text: str) -> tuple[int, ...]:
        """Indexes of the options whose label contains ``text`` (any case)."""
        needle = text.casefold()
        return tuple(i for i, option in enumerate(self.options)
                     if needle in option.label.casefold())
