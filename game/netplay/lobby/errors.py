"""The lobby's one error type: something the player asked for that cannot be done (a broker
address that is not one, a missing library, a host that is no longer listed), with a sentence
the player can read."""

from __future__ import annotations


class LobbyError(ValueError):
    """A lobby request that cannot be carried out; `str()` is the sentence for the player."""
