"""This machine's LAN addresses and the host's invitation sentence."""

from __future__ import annotations

import ipaddress
import socket

from game.netplay.addresses import DEFAULT_PORT
from game.netplay.shell import lan
from game.netplay.shell.lan import invitation_text, lan_addresses


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
    monkeypatch.setattr(lan, "_route_source", lambda family, dest: None)
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
    monkeypatch.setattr(lan, "lan_addresses", list)
    assert "No network address" in invitation_text(5000)
