"""Addresses the host reads out, and parsing what the guest types."""

from __future__ import annotations

import ipaddress
import socket

import pytest

from game.netplay import addresses
from game.netplay.addresses import (
    DEFAULT_PORT,
    format_endpoint,
    invitation_text,
    lan_addresses,
    parse_endpoint,
)


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


def test_lan_addresses_are_found_without_sending_anything(monkeypatch):
    def refuse(*args, **kwargs):
        raise AssertionError("no traffic may be sent")

    monkeypatch.setattr(socket.socket, "send", refuse)
    monkeypatch.setattr(socket.socket, "sendto", refuse)
    monkeypatch.setattr(socket.socket, "sendall", refuse)
    found = lan_addresses()
    for address in found:
        ip = ipaddress.ip_address(address)
        assert not ip.is_loopback and not ip.is_link_local
    assert isinstance(invitation_text(DEFAULT_PORT), str)


def test_private_ipv4_addresses_are_listed_first(monkeypatch):
    monkeypatch.setattr(addresses, "_route_source", lambda family, dest: None)
    monkeypatch.setattr(
        socket,
        "getaddrinfo",
        lambda *a, **k: [
            (0, 0, 0, "", (ip, 0))
            for ip in ("2001:db8::7", "127.0.0.1", "203.0.113.9", "192.168.1.20", "fe80::1")
        ],
    )
    assert lan_addresses() == ["192.168.1.20", "203.0.113.9", "2001:db8::7"]
    assert (
        invitation_text(5000)
        == "Ask your friend to connect to 192.168.1.20:5000 (or 203.0.113.9:5000, [2001:db8::7]:5000)."
    )


def test_no_network_still_gives_a_readable_sentence(monkeypatch):
    monkeypatch.setattr(addresses, "lan_addresses", list)
    assert "No network address" in invitation_text(5000)
