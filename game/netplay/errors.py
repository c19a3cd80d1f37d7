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
