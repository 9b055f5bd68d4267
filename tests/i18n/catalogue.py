"""The message catalogue: what the code asks to be translated, and the ``.po`` files.

The check in ``test_catalogue.py`` uses it, and so does a translator updating the
catalogue (Babel is in the ``[test]`` extra, not needed to play):

    python -m tests.i18n.catalogue          # add new messages to every .po, compile the .mo

Messages come from three places: ``tr("...")``, ``tr.plural("...", "...", n)`` and
``N_("...")`` in the source (Babel's extractor), the descriptions of every screen's and
widget's ``BINDINGS`` (the footer translates them where it draws them), and the house
rules' one-line descriptions (the help page translates them where it shows them).
"""

from __future__ import annotations

import importlib
import io
import pkgutil
import string
import sys
from pathlib import Path

from babel.messages.catalog import Catalog
from babel.messages.extract import extract_from_dir
from babel.messages.mofile import write_mo
from babel.messages.pofile import read_po, write_po

import uno_tui
from uno_tui.i18n import DOMAIN, LANGUAGES, DEFAULT_LANGUAGE

PACKAGE = Path(uno_tui.__file__).parent
LOCALE = PACKAGE / "locale"
#: The translation functions, and which of their arguments are messages.
KEYWORDS = {"tr": None, "plural": (1, 2), "N_": None, "Phrase": None}


def source_messages() -> dict[str | tuple[str, str], list[str]]:
    """Every message the source marks, with where it is (``file:line``)."""
    found: dict[str | tuple[str, str], list[str]] = {}
    for filename, line, message, _comments, _context in extract_from_dir(
            PACKAGE, keywords=KEYWORDS, method_map=[("**.py", "python")]):
        if isinstance(message, tuple):
            message = tuple(message[:2])
        found.setdefault(message, []).append(f"{filename}:{line}")
    return found


def _classes_with_bindings():
    """Every class of the app and the server that declares ``BINDINGS``."""
    for info in pkgutil.walk_packages([str(PACKAGE)], "uno_tui."):
        if not info.name.startswith(("uno_tui.app", "uno_tui.server")):
            continue
        module = importlib.import_module(info.name)
        for value in vars(module).values():
            if isinstance(value, type) and value.__module__ == module.__name__ \
                    and "BINDINGS" in vars(value):
                yield value


def binding_messages() -> dict[str, list[str]]:
    """The footer's words: every shown binding's description."""
    found: dict[str, list[str]] = {}
    for cls in _classes_with_bindings():
        for binding in vars(cls)["BINDINGS"]:
            description = getattr(binding, "description", None)
            if description is None and isinstance(binding, tuple) and len(binding) > 2:
                description = binding[2]
            if description:
                found.setdefault(description, []).append(f"{cls.__module__}.{cls.__name__}")
    return found


def table_messages() -> dict[str, list[str]]:
    """Words kept in tables the app shows: the house rules' descriptions; the engine's
    names of the built-in card kinds and of the colours (the card texts say them in the
    reader's language: ``app/cardtext.py``); what each decision asks for (the prompt
    line's "Waiting for Ann to name a colour"); the built-in rule sets' names and
    words for what a named colour does (Snorlax, Greninja); the computer levels' and the
    match modes' descriptions (the setup screen and ``--help`` translate them where they
    show them)."""
    from uno_tui.bots import LEVEL_DESCRIPTIONS
    from uno_tui.engine import COLOR_NAMES, HOUSE_RULES, MODES, Kind
    from uno_tui.engine import game, registry
    from uno_tui.engine.cards import KIND_LABELS

    found = {text: [f"HOUSE_RULES[{name!r}]"] for name, text in HOUSE_RULES.items()}
    # The rules' names: the table's house-rules line says them in the reader's language.
    for name in HOUSE_RULES:
        found.setdefault(name, []).append(f"HOUSE_RULES key {name!r}")
    # Only the built-in kinds: a test may have defined an outside package's kinds.
    for kind in Kind:
        if KIND_LABELS[kind]:
            found.setdefault(KIND_LABELS[kind], []).append(f"KIND_LABELS[{kind.value!r}]")
    for color, name in COLOR_NAMES.items():
        found.setdefault(name, []).append(f"COLOR_NAMES[{color!r}]")
        found.setdefault(color, []).append(f"COLOR_NAMES key {color!r}")
    registry.load_built_ins()
    holders = {"shared": game._SHARED_DECISIONS,
               **{name: variant.decisions for name, variant in registry.VARIANTS.items()},
               **{name: rule.decisions for name, rule in registry.HOUSE_RULE_SPECS.items()}}
    for holder, decisions in holders.items():
        for kind, rule in decisions.items():
            found.setdefault(rule.verb, []).append(f"decision {str(kind)!r} of {holder}")
    for name, variant in registry.VARIANTS.items():
        found.setdefault(variant.label, []).append(f"the label of {name}")
        for kind, words in variant.color_words.items():
            found.setdefault(words, []).append(f"color_words[{str(kind)!r}] of {name}")
    for table, texts in (("LEVEL_DESCRIPTIONS", LEVEL_DESCRIPTIONS), ("MODES", MODES)):
        for name, text in texts.items():
            found.setdefault(text, []).append(f"{table}[{name!r}]")
    return found


def all_messages() -> dict[str | tuple[str, str], list[str]]:
    """Every message a player may read, with where each comes from."""
    found = source_messages()
    for more in (binding_messages(), table_messages()):
        for message, places in more.items():
            found.setdefault(message, []).extend(places)
    return found


def po_path(lang: str) -> Path:
    return LOCALE / lang / "LC_MESSAGES" / f"{DOMAIN}.po"


def mo_path(lang: str) -> Path:
    return po_path(lang).with_suffix(".mo")


def read_catalogue(lang: str) -> Catalog:
    with open(po_path(lang), "rb") as source:
        return read_po(source, locale=lang, domain=DOMAIN)


def placeholders(text: str) -> set[str]:
    """The named fields of a ``str.format`` message."""
    return {field for _literal, field, _spec, _conv in string.Formatter().parse(text)
            if field is not None}


def compiled(catalogue: Catalog) -> bytes:
    out = io.BytesIO()
    write_mo(out, catalogue)
    return out.getvalue()


def update() -> None:
    """Add the source's new messages to every language's catalogue (keeping their
    translations) and compile each one."""
    messages = all_messages()
    for lang in LANGUAGES:
        if lang == DEFAULT_LANGUAGE:
            continue
        path = po_path(lang)
        old = read_catalogue(lang) if path.exists() else Catalog(locale=lang, domain=DOMAIN)
        template = Catalog(locale=lang, domain=DOMAIN, project="uno-tui",
                           header_comment="# uno-tui's words in " + LANGUAGES[lang] + ".",
                           creation_date=old.creation_date if path.exists() else None)
        for message, places in sorted(messages.items(), key=lambda item: str(item[0])):
            template.add(message, locations=[(place, None) for place in sorted(set(places))[:3]])
        old.update(template, no_fuzzy_matching=True)
        old.fuzzy = False
        old.project, old.version = "uno-tui", ""
        old.header_comment = template.header_comment
        path.parent.mkdir(parents=True, exist_ok=True)
        with open(path, "wb") as target:
            write_po(target, old, width=100, omit_header=False, ignore_obsolete=True)
        mo_path(lang).write_bytes(compiled(read_catalogue(lang)))
        missing = [m.id for m in read_catalogue(lang) if m.id and not m.string]
        print(f"{lang}: {len(messages)} messages, {len(missing)} without a translation")


def fill(lang: str, translations: dict[str, str]) -> None:
    """Write ``translations`` (English message -> its words in ``lang``) into ``lang``'s
    catalogue, over what it had, and compile it."""
    catalogue = read_catalogue(lang)
    for message in catalogue:
        key = message.id if isinstance(message.id, str) else message.id[0]
        if key in translations:
            text = translations[key]
            message.string = (text,) if isinstance(message.id, tuple) else text
    with open(po_path(lang), "wb") as target:
        write_po(target, catalogue, width=100, ignore_obsolete=True)
    mo_path(lang).write_bytes(compiled(read_catalogue(lang)))


if __name__ == "__main__":
    update()
    sys.exit(0)
