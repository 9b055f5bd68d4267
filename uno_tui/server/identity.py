"""Who a connection is: a display name, and an identity nobody else can claim by typing it.

A seat at a table belongs to an identity, not to a name: the fingerprint of the key
the client logged in with where it offered one, else a token made for the connection.
A person without a key who loses the connection takes their seat back by logging in
with the name the game showed them, ``NAME+TOKEN``. No SSH and no Textual here.
"""

from __future__ import annotations

import itertools
import re
import secrets
import unicodedata
from dataclasses import dataclass

from ..config import fit_name
from ..printable import clean_name

__all__ = ["Identity", "player_name", "guest_names", "split_login", "new_token", "chosen_name",
           "comeback_login",
           "TOKEN_LENGTH"]

#: Letters a token is made of (no 0/O, 1/l/I to misread).
_TOKEN_ALPHABET = "abcdefghijkmnpqrstuvwxyz23456789"
TOKEN_LENGTH = 8
_LOGIN_WITH_TOKEN = re.compile(r"^(.*)\+([%s]{%d})$" % (_TOKEN_ALPHABET, TOKEN_LENGTH))
#: Login names a client sends by default (the local account), not a name anyone chose.
_DEFAULT_LOGINS = frozenset({"root", "admin", "user", "ubuntu", "pi", "guest", "demo",
                             "debian", "ec2-user", "centos", "fedora", "test", "uno"})


def player_name(user: str) -> str:
    """A player's name from a login name: printable (:func:`~uno_tui.printable.clean_name`),
    trimmed, at most MAX_NAME cells wide."""
    return fit_name(clean_name(unicodedata.normalize("NFC", user), limit=None)) or "Player"


def split_login(user: str) -> tuple[str, str | None]:
    """``(name, token)`` from a login name: ``ann+k7q2x9mp`` is ann coming back with
    the token she was shown; any other login is a name and no token."""
    found = _LOGIN_WITH_TOKEN.match(user)
    if found is None:
        return user, None
    return found.group(1), found.group(2)


def new_token() -> str:
    return "".join(secrets.choice(_TOKEN_ALPHABET) for _ in range(TOKEN_LENGTH))


@dataclass(frozen=True)
class Identity:
    """A connection's identity: ``key`` is an SSH key's fingerprint, else None and
    ``token`` is the connection's own."""

    key: str | None
    token: str

    @classmethod
    def of(cls, key: str | None, token: str | None = None) -> "Identity":
        """The identity of a client that logged in with ``key`` (None: no key) and
        brought ``token`` (None: a new one is made)."""
        return cls(key, token or new_token())

    @property
    def seat_key(self) -> str:
        """What a seat is held by: the key's fingerprint, else ``token:…``."""
        return self.key if self.key is not None else f"token:{self.token}"

    def comeback_login(self, name: str) -> str | None:
        """The login name that takes this identity's seats back (None: a key does)."""
        return comeback_login(self.seat_key, name)


def comeback_login(seat_key: str | None, name: str) -> str | None:
    """The login that takes back the seats held by ``seat_key`` (an identity's
    ``seat_key``): ``NAME+TOKEN`` for a token; None for a key (the key does)."""
    if seat_key is None or not seat_key.startswith("token:"):
        return None
    return f"{name}+{seat_key.removeprefix('token:')}"


def guest_names():
    """``Guest1``, ``Guest2``, … for visitors who gave no name of their own."""
    return (f"Guest{n}" for n in itertools.count(1))


def chosen_name(user: str) -> str | None:
    """The name a visitor chose by their login, or None for a client's default login
    (``root``, ``ubuntu``, …) or an empty one."""
    name = player_name(user)
    if not user.strip() or name.casefold() in _DEFAULT_LOGINS:
        return None
    return name
