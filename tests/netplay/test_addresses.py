"""Writing the addresses the host reads out, and parsing what the guest types."""

from __future__ import annotations

import pytest

from game.netplay.addresses import DEFAULT_PORT, format_endpoint, parse_endpoint


@pytest.mark.parametrize(
    "typed, expected",
    [
        ("192.168.1.5:5000", ("192.168.1.5", 5000)),
        ("192.168.1.5", ("192.168.1.5", DEFAULT_PORT)),
        ("  kitchen-pc:6000 ", ("kitchen-pc", 6000)),
        ("[fe80::1%eth0]:7000", ("fe80::1%eth0", 7000)),
        ("[::1]:7000", ("::1", 7000)),
        ("[::1]", ("::1", DEFAULT_PORT)),
        ("fd00::5", ("fd00::5", DEFAULT_PORT)),
    ],
)
def test_typed_addresses_are_understood(typed, expected):
    assert parse_endpoint(typed) == expected


@pytest.mark.parametrize(
    "typed",
    [
        "",
        "host:",
        "host:0",
        "host:70000",
        "host:abc",
        "host:²",
        "[::1",
        "[::1]x",
        "fd00::zz",
        ":5000",
    ],
)
def test_bad_addresses_get_a_sentence_for_the_player(typed):
    with pytest.raises(ValueError) as info:
        parse_endpoint(typed)
    assert str(info.value).endswith(".")


def test_ipv6_endpoints_are_bracketed():
    assert format_endpoint("fd00::5", 50410) == "[fd00::5]:50410"
    assert format_endpoint("10.0.0.2", 50410) == "10.0.0.2:50410"
