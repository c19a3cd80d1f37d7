"""Broker addresses as a player types them, refused in words; and the lobby saying in words which
library is missing."""

from __future__ import annotations

import pytest

from game.netplay.lobby import (
    DEFAULT_BROKER,
    BrokerAddress,
    LobbyError,
    LobbyUnavailable,
    lobby_problem,
    parse_broker_url,
    require_lobby,
)
from game.netplay.lobby.available import NACL_MISSING, PAHO_MISSING


@pytest.mark.parametrize(
    ("text", "address"),
    [
        ("mqtt://127.0.0.1:1883", BrokerAddress("127.0.0.1", 1883)),
        (" mqtt://club.example ", BrokerAddress("club.example", 1883)),
        ("MQTT://club.example:2000/", BrokerAddress("club.example", 2000)),
        ("mqtts://club.example", BrokerAddress("club.example", 8883, tls=True)),
        ("mqtt://[::1]:1884", BrokerAddress("::1", 1884)),
        ("mqtt://[::1]", BrokerAddress("::1", 1883)),
    ],
)
def test_broker_addresses_are_read(text: str, address: BrokerAddress) -> None:
    assert parse_broker_url(text) == address


@pytest.mark.parametrize(
    ("text", "words"),
    [
        ("club.example:1883", "write it as mqtt://HOST:1883"),
        ("http://club.example", "must start with mqtt:// or mqtts://, not http://"),
        ("ws://club.example:8080", "must start with mqtt:// or mqtts://"),
        ("mqtt://", "only a host and a port"),
        ("mqtt://user:pw@club.example", "only a host and a port"),
        ("mqtt://club.example/lobby", "only a host and a port"),
        ("mqtt://club.example:0", "port must be a number from 1 to 65535"),
        ("mqtt://club.example:high", "port must be a number"),
        ("mqtt://::1:1883", "IPv6 address is written in brackets"),
        ("mqtt://[nonsense]:1883", "is not an IPv6 address"),
        ("mqtt://:1883", "no host name"),
    ],
)
def test_other_addresses_are_refused_in_words(text: str, words: str) -> None:
    with pytest.raises(LobbyError, match=words.replace("(", r"\(")):
        parse_broker_url(text)


def test_the_default_broker_is_one_public_address_and_round_trips() -> None:
    address = parse_broker_url(DEFAULT_BROKER)
    assert address.url == DEFAULT_BROKER and not address.tls
    assert parse_broker_url("mqtt://[::1]:1884").url == "mqtt://[::1]:1884"
    assert parse_broker_url("mqtt://[::1]:1884").endpoint == "[::1]:1884"


@pytest.mark.parametrize(("missing", "sentence"), [("paho", PAHO_MISSING), ("nacl", NACL_MISSING)])
def test_a_missing_library_is_named_in_words(missing: str, sentence: str) -> None:
    def find(name: str) -> object | None:
        return None if name.partition(".")[0] == missing else object()

    assert lobby_problem(find) == sentence
    with pytest.raises(LobbyUnavailable) as raised:
        require_lobby(find)
    assert str(raised.value) == sentence and "pip install -r requirements.txt" in sentence


def test_with_both_libraries_the_lobby_has_no_problem() -> None:
    assert lobby_problem() == ""
    require_lobby()
