"""Languages: which one a player reads, and the translator that gives its words.

Every app (and so every SSH or browser session of ``uno-tui serve``) holds its own
:class:`Translator`; nothing installs a language for the whole process, so two players
of one server may read two languages. Messages are gettext catalogues
(``uno_tui/locale/LANG/LC_MESSAGES/uno_tui.mo``, compiled from the ``.po`` beside it);
English is the source language and needs none.

Placeholders are named and filled with :meth:`str.format` (``tr("Pass to {name}",
name=name)``): a translation may put them in another order, and what fills them (a
player's name above all) is never read as a format string or as markup.

Decisions:
- Which language: ``--lang`` if given; else the locale the POSIX way (``LC_ALL``, then
  ``LC_MESSAGES``, then ``LANG``: the first one set decides); else English. A locale we
  have no catalogue for (``de_DE.UTF-8``) and ``C``/``POSIX`` read English.
- Marking: ``tr("...")`` and ``tr.plural("...", "...", n)`` where a message is shown;
  ``N_("...")`` marks a message kept in a table and translated where it is shown;
  ``Phrase("...", ...)`` and ``Phrase.plural(...)`` make a line with no reader yet (the
  log, card names: see :class:`Phrase`), put into words by ``tr.words(line)``. The
  footer's key descriptions are translated where they are drawn, and the catalogue check
  (``tests/i18n``) reads them from the screens' and widgets' ``BINDINGS``.
"""

from __future__ import annotations

import errno
import gettext
import json
import os
from functools import lru_cache
from typing import TYPE_CHECKING, Mapping, Sequence

if TYPE_CHECKING:
    from importlib.resources.abc import Traversable

__all__ = ["LANGUAGES", "DEFAULT_LANGUAGE", "DOMAIN", "LanguageError", "Translator",
           "N_", "Phrase", "parse_language", "language_from_environment", "choose_language",
           "translator", "language_from_accept", "language_of_browser", "CHOSEN_LANGUAGE", "reason",
           "os_reason", "json_reason"]

#: The languages a player may choose: code -> the language's own name for itself.
LANGUAGES = {"en": "English", "ja": "日本語"}
DEFAULT_LANGUAGE = "en"
#: The gettext domain: the catalogues' file name.
DOMAIN = "uno_tui"
#: The locale variables that name the messages' language, strongest first (POSIX).
LOCALE_VARIABLES = ("LC_ALL", "LC_MESSAGES", "LANG")
#: A server session's environment names the language its visitor chose (in the lobby,
#: at an earlier connection) or their browser asks for under this name: stronger than
#: the locale variables. (No shell can export a name with a dot, so no client sends it
#: by accident; one that does only picks a language.)
CHOSEN_LANGUAGE = "uno-tui.language"


class LanguageError(ValueError):
    """A language that uno-tui has no words for."""


def N_(message: str) -> str:
    """Mark ``message`` for the catalogue where it is kept; translate it where shown."""
    return message


class Phrase(str):
    """A message with its fields, made before anyone reads it, put into each reader's
    language when shown (:meth:`Translator.words`).

    The log is written once for a whole table, by code with no screen (the server tells
    one table's events to terminals reading different languages), so a log line or a
    card's name is kept as a phrase and every viewer puts it into their own words. As a
    string it *is* the English text: it is stored, compared, joined and pickled like any
    string, and English code paths read it unchanged.

    A field that is a phrase (a card's name, a colour) is put into the reader's language
    too; any other field (a player's name, a number) is data and shown as it is.

    A phrase may say the same thing in fewer words for a line too narrow for it
    (:meth:`or_shorter`): its :attr:`shorter` phrases, longest first.
    """

    # ``str`` subclasses cannot have slots: the recipe lives in the instance dict.
    message: "str | tuple[str, str]"
    count: "int | None"
    fields: "dict[str, object]"
    items: "tuple[object, ...]"
    #: The same thing said shorter, longest first (none unless :meth:`or_shorter`).
    shorter: "tuple[Phrase, ...]" = ()

    def __new__(cls, message: str, /, **fields: object) -> "Phrase":
        self = super().__new__(cls, message.format(**fields) if fields else message)
        self.message, self.count, self.fields, self.items = message, None, fields, ()
        return self

    @classmethod
    def plural(cls, singular: str, plural: str, count: int, /, **fields: object) -> "Phrase":
        """The phrase for ``count`` (also given to it as ``{count}``), English plural
        rules now, the reader's language's when shown."""
        english = (singular if count == 1 else plural).format(count=count, **fields)
        self = super().__new__(cls, english)
        self.message, self.count, self.fields, self.items = (singular, plural), count, fields, ()
        return self

    @classmethod
    def joined(cls, separator: str, items: "Sequence[object]") -> "Phrase":
        """``items`` (phrases or data) one after the other, with ``separator`` (a
        message: ``", "`` reads ``、`` in Japanese) between them. No items: an empty
        phrase in every language."""
        items = tuple(items)
        if not items:
            return cls("{nothing}", nothing="")
        self = super().__new__(cls, separator.join(items))
        self.message, self.count, self.fields, self.items = separator, None, {}, items
        return self

    def or_shorter(self, *shorter: "Phrase") -> "Phrase":
        """This phrase, able to say itself as ``shorter`` (longest first) where it is
        too wide: each keeps what a reader must not lose (the colour in play of a
        refusal, say), which a cut of the long one could drop."""
        copy = _rebuilt(str(self), self.message, self.count, self.fields, self.items)
        copy.shorter = tuple(shorter)
        return copy

    def in_words(self, tr: "Translator") -> str:
        """This phrase in ``tr``'s language."""
        if self.items:
            return tr(self.message).join(tr.words(item) for item in self.items)
        if self.count is not None:
            singular, plural = self.message
            return tr.plural(singular, plural, self.count, **self.fields)
        return tr(self.message, **self.fields)

    def __reduce__(self):
        return _rebuilt, (str(self), self.message, self.count, self.fields, self.items,
                          self.shorter)


def reason(error: BaseException) -> str:
    """What ``error`` says, as it was raised: the :class:`Phrase` it was given (code with
    no reader, the engine's and the saves', words its errors so), which ``str(error)``
    would flatten to its English text; else ``str(error)``."""
    first = error.args[0] if len(error.args) == 1 else None
    return first if isinstance(first, Phrase) else str(error)


#: What the operating system's errors mean, by errno, in the words C's ``strerror``
#: gives them (glibc's), so English reads as before; each one has its translation.
_OS_REASONS = {
    errno.ENOENT: N_("No such file or directory"),
    errno.EACCES: N_("Permission denied"),
    errno.EPERM: N_("Operation not permitted"),
    errno.ENOSPC: N_("No space left on device"),
    errno.EDQUOT: N_("Disk quota exceeded"),
    errno.EROFS: N_("Read-only file system"),
    errno.EISDIR: N_("Is a directory"),
    errno.ENOTDIR: N_("Not a directory"),
    errno.EEXIST: N_("File exists"),
    errno.ENOTEMPTY: N_("Directory not empty"),
    errno.EMFILE: N_("Too many open files"),
    errno.ENFILE: N_("Too many open files in system"),
    errno.ENAMETOOLONG: N_("File name too long"),
    errno.ELOOP: N_("Too many levels of symbolic links"),
    errno.EIO: N_("Input/output error"),
    errno.EFBIG: N_("File too large"),
    errno.EBUSY: N_("Device or resource busy"),
    errno.EXDEV: N_("Invalid cross-device link"),
    errno.EINVAL: N_("Invalid argument"),
    errno.EADDRINUSE: N_("Address already in use"),
    errno.EADDRNOTAVAIL: N_("Cannot assign requested address"),
    errno.ECONNREFUSED: N_("Connection refused"),
    errno.ECONNRESET: N_("Connection reset by peer"),
    errno.ETIMEDOUT: N_("Connection timed out"),
    errno.ENETUNREACH: N_("Network is unreachable"),
    errno.EHOSTUNREACH: N_("No route to host"),
    errno.EPIPE: N_("Broken pipe"),
}


def os_reason(error: OSError) -> str:
    """Why ``error`` happened, as one short phrase for a player: a :class:`Phrase` by
    its errno (English as ``strerror`` says it; the reader's language where shown),
    else what the system said (``strerror``, else the error's text)."""
    message = _OS_REASONS.get(error.errno) if isinstance(error.errno, int) else None
    if message is not None:
        return Phrase(message)
    return error.strerror or str(error)


#: What Python's JSON reader says is wrong (``JSONDecodeError.msg``), to translate.
_JSON_REASONS = {text: text for text in (
    N_("Expecting value"),
    N_("Expecting property name enclosed in double quotes"),
    N_("Expecting ',' delimiter"),
    N_("Expecting ':' delimiter"),
    N_("Unterminated string starting at"),
    N_("Invalid control character at"),
    N_("Invalid \\escape"),
    N_("Invalid \\uXXXX escape"),
    N_("Extra data"),
    N_("Illegal trailing comma before end of object"),
    N_("Illegal trailing comma before end of array"),
)}


def json_reason(error: json.JSONDecodeError) -> str:
    """What is wrong with a JSON text, and where (``Expecting value: line 1, column
    5``), as a :class:`Phrase`: the JSON reader's words are translated where known
    (another Python's new ones stay as it says them)."""
    what = _JSON_REASONS.get(error.msg)
    return Phrase("{problem}: line {line}, column {column}",
                  problem=Phrase(what) if what is not None else error.msg,
                  line=error.lineno, column=error.colno)


def _rebuilt(english, message, count, fields, items, shorter=()) -> Phrase:
    """A phrase as pickled (the server sends logs to its render workers)."""
    self = str.__new__(Phrase, english)
    self.message, self.count, self.fields, self.items = message, count, fields, items
    if shorter:
        self.shorter = shorter
    return self


def parse_language(text: str) -> str:
    """The language code of ``text``: ``ja``, ``ja_JP.UTF-8``, ``ja-JP`` and ``JA`` all
    give ``ja``. Raises :class:`LanguageError` for a language not in :data:`LANGUAGES`."""
    code = text.strip().split(".", 1)[0].split("@", 1)[0].replace("-", "_").split("_", 1)[0]
    code = code.lower()
    if code not in LANGUAGES:
        known = ", ".join(f"{key} ({name})" for key, name in LANGUAGES.items())
        raise LanguageError(f"no words for the language {text!r}: choose one of {known}")
    return code


def language_from_environment(environ: Mapping[str, str] | None = None,
                              default: str = DEFAULT_LANGUAGE) -> str:
    """The language the locale variables of ``environ`` (the process's by default) ask
    for; English when they name one we have no words for (``C``, ``de_DE``: the
    untranslated messages); ``default`` (English unless told: a server's ``--lang``)
    when they name none at all."""
    environ = os.environ if environ is None else environ
    for variable in (CHOSEN_LANGUAGE, *LOCALE_VARIABLES):
        value = environ.get(variable, "")
        if value:
            try:
                return parse_language(value)
            except LanguageError:
                return DEFAULT_LANGUAGE
    return default


def language_from_accept(header: str | None) -> str | None:
    """The language a browser's ``Accept-Language`` header (``ja,en-US;q=0.9``) prefers
    among those we have words for, or None when it names none of them. A malformed
    part is passed over; ``q=0`` means "not this one"."""
    ranked: list[tuple[float, int, str]] = []
    for order, part in enumerate((header or "")[:1000].split(",")[:50]):
        tag, _, parameters = part.strip().partition(";")
        quality = 1.0
        parameter = parameters.strip()
        if parameter.startswith("q="):
            try:
                quality = float(parameter[2:])
            except ValueError:
                continue
        if not 0 < quality <= 1 or not tag.strip() or tag.strip() == "*":
            continue
        try:
            ranked.append((-quality, order, parse_language(tag)))
        except LanguageError:
            continue
    return min(ranked)[2] if ranked else None


def language_of_browser(header: str | None) -> str | None:
    """The language for a browser sending ``Accept-Language: header``: the one of ours
    it prefers; English (the untranslated words) when it names only languages we have
    none for; None when it names none at all (no header: the server's ``--lang``
    decides), as :func:`language_from_environment` reads a terminal's locale."""
    known = language_from_accept(header)
    if known is None and (header or "").strip():
        return DEFAULT_LANGUAGE
    return known


def choose_language(asked: str | None, environ: Mapping[str, str] | None = None) -> str:
    """``asked`` (a ``--lang`` value, checked) if given, else the locale's language."""
    if asked:
        return parse_language(asked)
    return language_from_environment(environ)


class Translator:
    """The words of one language. Call it with an English message (and its named
    fields) to get that message in the language; :meth:`plural` for a message that
    depends on a count. A field that is a :class:`Phrase` (``card=long_label(face)``)
    is put into this language too; :meth:`words` gives a phrase on its own."""

    __slots__ = ("lang", "_catalogue")

    def __init__(self, lang: str, catalogue: gettext.NullTranslations) -> None:
        self.lang = lang
        self._catalogue = catalogue

    def __call__(self, message: str, /, **fields: object) -> str:
        if isinstance(message, Phrase) and not fields:
            return self.words(message)     # a message made with its fields already
        text = self._catalogue.gettext(message)
        return text.format(**self._worded(fields)) if fields else text

    def plural(self, singular: str, plural: str, count: int, /, **fields: object) -> str:
        """The form of the message for ``count`` (also given to it as ``{count}``)."""
        text = self._catalogue.ngettext(singular, plural, count)
        return text.format(count=count, **self._worded(fields))

    def _worded(self, fields: dict[str, object]) -> dict[str, object]:
        """``fields`` with every :class:`Phrase` (a card's name, say) in this language."""
        return {key: self.words(value) if isinstance(value, Phrase) else value
                for key, value in fields.items()}

    def words(self, text: str) -> str:
        """``text`` as this language reads it: a :class:`Phrase` put into its words,
        any other string as it is (it is data, or already in words)."""
        if isinstance(text, Phrase) and self.lang != DEFAULT_LANGUAGE:
            return text.in_words(self)
        return str(text)

    def page(self, folder: Traversable, name: str) -> str | None:
        """The text of the page ``name`` in ``folder`` (package data), in this language
        where it has its own (``folder/LANG/name``), else the English one; None if
        neither exists."""
        for path in (folder.joinpath(self.lang, name), folder.joinpath(name)):
            if path.is_file():
                return path.read_text(encoding="utf-8")
        return None

    def __repr__(self) -> str:
        return f"Translator({self.lang!r})"


@lru_cache(maxsize=None)
def translator(lang: str = DEFAULT_LANGUAGE) -> Translator:
    """The (shared, read-only) translator for ``lang``; English has no catalogue."""
    lang = parse_language(lang)
    catalogue: gettext.NullTranslations = gettext.NullTranslations()
    if lang != DEFAULT_LANGUAGE:
        # Imported here: importlib.resources (and the zipfile its readers import) is
        # ~6 ms at every English launch, which has no catalogue to read.
        from importlib import resources
        path = resources.files("uno_tui").joinpath("locale", lang, "LC_MESSAGES",
                                                   f"{DOMAIN}.mo")
        with path.open("rb") as compiled:
            catalogue = gettext.GNUTranslations(compiled)
    return Translator(lang, catalogue)
