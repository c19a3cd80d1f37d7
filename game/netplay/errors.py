"""Errors raised by the netplay package. `ProtocolError` is the single exception for anything
a peer sends that this game refuses to read (bad framing, broken msgpack, a field outside its
schema, a message at the wrong moment); it carries a short machine-readable `code` for logs and
tests and a `message` a player can read. `SessionError` is for local misuse of a session, such as
sending after it has ended, and never comes from the peer."""

from __future__ import annotations


class ProtocolError(Exception):
    """The peer broke the wire protocol; the connection must be closed."""

    def __init__(self, code: str, message: str) -> None:
        super().__init__(f"{code}: {message}")
        self.code = code
        self.message = message


class SessionError(Exception):
    """The local program asked a session for something it cannot do now."""


# Why what a player typed cannot be a host's address or a join code: whole sentences with named
# fields.
ENTRY_PROBLEMS: dict[str, str] = {
    "no address": "Type the host's address, for example 192.168.1.5:50410.",
    "bracket": "An IPv6 address in brackets needs its closing ']'.",
    "after bracket": "After ']' only ':port' may follow.",
    "no host": "The address has no host name in it.",
    "ipv6": "{host} is not a valid IPv6 address.",
    "port": "The port must be a number from 1 to 65535.",
    "no code": "Type the join code the host's screen shows, for example K7QM-3WXA.",
    "confusable": "Join codes never contain 0, O, 1, I or L: check the code with the host.",
    "strange": "A join code has only letters and digits, not {characters}.",
    "length": "A join code has {length} characters; this one has {count}.",
}


class EntryError(ValueError):
    """What a player typed cannot be an address or a join code: the sentence of
    `ENTRY_PROBLEMS[kind]` with `fields` filled in (kept apart, so that a screen can say it in
    the player's language)."""

    def __init__(self, kind: str, **fields: object) -> None:
        super().__init__(ENTRY_PROBLEMS[kind].format(**fields))
        self.kind = kind
        self.fields = fields
