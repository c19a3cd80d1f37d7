"""The lobby's one error type: something the player asked for that cannot be done (a broker
address that is not one, a missing library, a host that is no longer listed), with a sentence
the player can read: one of `LOBBY_PROBLEMS` with its fields filled in, kept apart so that a
screen can say it in the player's language."""

from __future__ import annotations

_EXAMPLE = "mqtt://HOST:1883 (or mqtts://HOST:8883 for an encrypted connection)"
_REQUIREMENTS = (
    "install the game's requirements again (pip install -r requirements.txt). Direct, "
    "same-network and invite-code games work without it."
)
# Why a lobby request cannot be carried out: whole sentences with named fields ("said" passes a
# sentence that arrived already written, from the broker's connection).
LOBBY_PROBLEMS: dict[str, str] = {
    "said": "{text}",
    "no_scheme": "{url} is not a lobby server address: write it as " + _EXAMPLE + ".",
    "wrong_scheme": "The lobby server address must start with mqtt:// or mqtts://, not "
    "{scheme}://; for example " + _EXAMPLE + ".",
    "more_than_host": "{url} is not a lobby server address: only a host and a port may follow "
    "{scheme}://, for example " + _EXAMPLE + ".",
    "ipv6_brackets": "{url}: an IPv6 address is written in brackets, [::1]:1883.",
    "not_ipv6": "{url}: {host} is not an IPv6 address.",
    "no_host": "{url} has no host name in it: for example " + _EXAMPLE + ".",
    "bad_port": "{url}: the port must be a number from 1 to 65535.",
    "asking_already": "You are already waiting for {name}'s answer: cancel that first.",
    "host_gone": "That host is no longer waiting: pick another one from the list.",
    "no_name": "Choose a name to show the host first (Options \u2192 Network).",
    "damaged": "{name}'s announcement is damaged: pick another host.",
    "guest_gone": "That player is no longer waiting for an answer.",
    "no_paho": "Finding a partner needs the paho-mqtt library, which this installation lacks: "
    + _REQUIREMENTS,
    "no_nacl": "Finding a partner needs the PyNaCl library, which this installation lacks: "
    + _REQUIREMENTS,
    "no_answer": "The lobby server at {address} did not answer.",
    "nobody_asked": "Nobody asked to play within {seconds} seconds.",
    "no_such_host": "No host called {name} is waiting in the lobby.",
    "host_silent": "The host did not answer.",
}


class LobbyError(ValueError):
    """A lobby request that cannot be carried out; `str()` is the sentence for the player,
    `LOBBY_PROBLEMS[kind]` with `fields` filled in."""

    def __init__(self, kind: str, **fields: object) -> None:
        super().__init__(LOBBY_PROBLEMS[kind].format(**fields))
        self.kind = kind
        self.fields = fields
